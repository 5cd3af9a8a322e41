/**
 * The reports of one page: a table from `sm` up (scrolling sideways inside its container), cards
 * on a phone. Open reports can be selected for resolving; every report with a proposal that is
 * not in a memory yet offers "add to memory".
 */
import { Badge, Button, Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, type ErrorReportItem, type LanguageCode, type UiLang } from '@mtp/proto';
import { formatDateTime } from '../../../commerce/format';
import { useIsPhone } from '../../../components/use-phone';
import { toUiLang } from '../../../i18n/lang';
import { errorTypeName } from './error-reports-search';

type Props = {
  reports: ErrorReportItem[];
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  onToMemory: (report: ErrorReportItem) => void;
};

const pairText = (r: ErrorReportItem, lang: UiLang) =>
  `${LANGUAGE_NAMES[r.src_lang as LanguageCode]?.[lang] ?? r.src_lang} → ${LANGUAGE_NAMES[r.tgt_lang as LanguageCode]?.[lang] ?? r.tgt_lang}`;

/** Long texts wrap anywhere, so a 5,000-character source never widens the page. */
const WRAP = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

function StatusBadge({ report }: { report: ErrorReportItem }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={report.status === 'open' ? 'orange' : 'teal'}
      style={{ flexShrink: 0, overflow: 'visible' }}
      data-testid="error-report-status"
    >
      {report.status === 'open' ? t('errorReports.open') : t('errorReports.resolved')}
    </Badge>
  );
}

function MemoryAction({ report, onToMemory }: { report: ErrorReportItem; onToMemory: Props['onToMemory'] }) {
  const { t } = useTranslation();
  if (report.entry_id !== null)
    return (
      <Text size="xs" c="teal" data-testid="error-report-in-memory">
        {t('errorReports.inMemory', { name: report.bank_name ?? '' })}
      </Text>
    );
  if (!report.proposal.trim())
    return (
      <Text size="xs" c="dimmed">
        {t('errorReports.noProposal')}
      </Text>
    );
  return (
    <Button size="compact-sm" variant="light" onClick={() => onToMemory(report)} data-testid="error-report-to-memory">
      {t('errorReports.toMemory')}
    </Button>
  );
}

function Select({ report, selected, onSelect }: Pick<Props, 'selected' | 'onSelect'> & { report: ErrorReportItem }) {
  const { t } = useTranslation();
  return (
    <Checkbox
      aria-label={t('errorReports.select', { id: report.report_id })}
      checked={selected.has(report.report_id)}
      disabled={report.status !== 'open'}
      onChange={(e) => onSelect([report.report_id], e.currentTarget.checked)}
      data-testid="error-report-select"
    />
  );
}

export function ErrorReportsTable({ reports, selected, onSelect, onToMemory }: Props) {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  const phone = useIsPhone();
  if (reports.length === 0) {
    return (
      <Text c="dimmed" data-testid="error-reports-table">
        {t('errorReports.none')}
      </Text>
    );
  }
  const open = reports.filter((r) => r.status === 'open').map((r) => r.report_id);
  const allOn = open.length > 0 && open.every((id) => selected.has(id));

  if (phone) {
    return (
      <Stack gap="sm" data-testid="error-reports-table">
        {reports.map((r) => (
          <Card key={r.report_id} withBorder padding="sm" data-testid="error-report-row" data-status={r.status}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <Select report={r} selected={selected} onSelect={onSelect} />
                  <StatusBadge report={r} />
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(r.created_at, lang)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" style={WRAP}>
                {`${pairText(r, lang)} · ${errorTypeName(r.error_type, lang)} · ${r.account}`}
              </Text>
              <Text size="sm" style={WRAP}>
                {r.source}
              </Text>
              <Text size="sm" c="red.8" style={WRAP}>
                {r.output}
              </Text>
              {r.proposal && (
                <Text size="sm" c="teal.8" style={WRAP}>
                  {r.proposal}
                </Text>
              )}
              <MemoryAction report={r} onToMemory={onToMemory} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={880} data-testid="error-reports-table">
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('errorReports.selectAll')}
                checked={allOn}
                disabled={open.length === 0}
                onChange={(e) => onSelect(open, e.currentTarget.checked)}
                data-testid="error-report-select-all"
              />
            </Table.Th>
            <Table.Th>{t('errorReports.time')}</Table.Th>
            <Table.Th>{t('errorReports.reporter')}</Table.Th>
            <Table.Th>{t('errorReports.type')}</Table.Th>
            <Table.Th>{t('errorReports.source')}</Table.Th>
            <Table.Th>{t('errorReports.output')}</Table.Th>
            <Table.Th>{t('errorReports.proposal')}</Table.Th>
            <Table.Th>{t('errorReports.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reports.map((r) => (
            <Table.Tr key={r.report_id} data-testid="error-report-row" data-status={r.status}>
              <Table.Td>
                <Select report={r} selected={selected} onSelect={onSelect} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at, lang)}</Table.Td>
              <Table.Td maw={180} style={{ wordBreak: 'break-all' }}>
                {r.account}
                {r.origin === 'api' && (
                  <Badge size="xs" variant="outline" ml={4}>
                    {t('errorReports.viaApi')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{errorTypeName(r.error_type, lang)}</Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {pairText(r, lang)}
                </Text>
              </Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" lineClamp={4} style={WRAP} title={r.source}>
                  {r.source}
                </Text>
              </Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" lineClamp={4} style={WRAP} title={r.output}>
                  {r.output}
                </Text>
              </Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" lineClamp={4} style={WRAP} title={r.proposal}>
                  {r.proposal}
                </Text>
              </Table.Td>
              {/* The state and what can be done with it in one column: a laptop row fits without scrolling. */}
              <Table.Td miw={130}>
                <Stack gap={6} align="flex-start">
                  <StatusBadge report={r} />
                  {r.resolved_by_account && (
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {t('errorReports.resolvedBy', { account: r.resolved_by_account })}
                    </Text>
                  )}
                  <MemoryAction report={r} onToMemory={onToMemory} />
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
