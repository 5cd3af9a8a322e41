/**
 * One page of candidates: choose (one, or all on the page), the term, its translation (edited in
 * place: saved on Enter or when the field loses focus, if it changed), frequency, score and an
 * "in termbase" badge. Wide: inside a scroll container on phones.
 */
import { Badge, Checkbox, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { TERM_EXTRACTION_LIMITS, type TermCandidate, type TermExtractionResult, type TermExtractionUpdateBody } from '@mtp/proto';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../auth/session-user';
import { scanKeys, updateCandidate } from './doc-scan-api';

type Props = { taskId: string; rows: readonly TermCandidate[] };

type Change = Omit<TermExtractionUpdateBody, 'task_id'>;

/** The row with the changes meant for it (fields left out stay). */
function patched(row: TermCandidate, changes: readonly Change[]): TermCandidate {
  const change = changes.find((c) => c.term_id === row.term_id);
  if (!change) return row;
  return {
    ...row,
    ...(change.term !== undefined ? { term: change.term } : {}),
    ...(change.translation !== undefined ? { translation: change.translation } : {}),
    ...(change.chosen !== undefined ? { chosen: change.chosen } : {}),
  };
}

function TranslationCell({ row, onSave }: { row: TermCandidate; onSave: (translation: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(row.translation);
  useEffect(() => setValue(row.translation), [row.translation]);
  const save = () => {
    if (value.trim() !== row.translation) void onSave(value.trim()).catch(() => setValue(row.translation));
  };
  return (
    <TextInput
      size="xs"
      value={value}
      maxLength={TERM_EXTRACTION_LIMITS.translationChars}
      placeholder={t('docScan.translationPlaceholder')}
      aria-label={t('docScan.translationOf', { term: row.term })}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          save();
        }
      }}
      data-testid="doc-scan-translation"
    />
  );
}

export function ScanCandidateTable({ taskId, rows }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = currentSessionUser();
  const update = async (changes: Change[]) => {
    // Shown at once (a checkbox that waits for the server feels broken); the refetch settles it.
    queryClient.setQueriesData<TermExtractionResult>({ queryKey: [...scanKeys.all(user), 'page', taskId] }, (old) =>
      old ? { ...old, list: old.list.map((row) => patched(row, changes)) } : old,
    );
    try {
      await Promise.all(changes.map((c) => updateCandidate({ task_id: taskId, ...c })));
    } finally {
      await queryClient.invalidateQueries({ queryKey: scanKeys.all(user) });
    }
  };
  const allChosen = rows.length > 0 && rows.every((r) => r.chosen);
  const someChosen = rows.some((r) => r.chosen);

  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="doc-scan-empty">
        {t('docScan.empty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing={4} data-testid="doc-scan-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                checked={allChosen}
                indeterminate={someChosen && !allChosen}
                aria-label={t('docScan.chooseAll')}
                onChange={() => void update(rows.map((r) => ({ term_id: r.term_id, chosen: !allChosen })))}
                data-testid="doc-scan-choose-all"
              />
            </Table.Th>
            <Table.Th>{t('docScan.term')}</Table.Th>
            <Table.Th miw={200}>{t('docScan.translation')}</Table.Th>
            <Table.Th ta="right">{t('docScan.frequency')}</Table.Th>
            <Table.Th ta="right">{t('docScan.score')}</Table.Th>
            <Table.Th>{t('docScan.inTermbase')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.term_id} data-testid="doc-scan-row" data-term={row.term} data-chosen={row.chosen ? '1' : '0'}>
              <Table.Td>
                <Checkbox
                  checked={row.chosen}
                  aria-label={t('docScan.choose', { term: row.term })}
                  onChange={() => void update([{ term_id: row.term_id, chosen: !row.chosen }])}
                  data-testid="doc-scan-choose"
                />
              </Table.Td>
              <Table.Td>
                <Tooltip label={row.example} disabled={!row.example} multiline w={320} withinPortal>
                  <Text size="sm" fw={500} data-testid="doc-scan-term">
                    {row.term}
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                <TranslationCell row={row} onSave={(translation) => update([{ term_id: row.term_id, translation }])} />
              </Table.Td>
              <Table.Td ta="right">{row.frequency}</Table.Td>
              <Table.Td ta="right">{row.score.toFixed(2)}</Table.Td>
              <Table.Td>
                {row.in_termbase && (
                  <Badge size="sm" variant="light" color="teal" data-testid="doc-scan-in-termbase">
                    {t('docScan.inTermbaseBadge')}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
