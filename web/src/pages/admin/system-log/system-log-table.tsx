/** The log's lines: a table from `sm` up, cards on a phone; each change as field, before → after. */
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SystemLogItem } from '@mtp/proto';
import { formatDateTime } from '../../../commerce/format';
import { useIsPhone } from '../../../components/use-phone';
import { toUiLang } from '../../../i18n/lang';
import { changeRows } from './system-log-search';

/** Names of the actions this screen knows; others (new ones) show as their code. */
const ACTION_KEYS = {
  sign_in: 'systemLog.actions.signIn',
  sign_in_failed: 'systemLog.actions.signInFailed',
  'user.activate': 'systemLog.actions.userActivate',
  'user.deactivate': 'systemLog.actions.userDeactivate',
  'site.create': 'systemLog.actions.siteCreate',
  'site.update': 'systemLog.actions.siteUpdate',
  'site.logo': 'systemLog.actions.siteLogo',
  'goods.update_price': 'systemLog.actions.priceUpdate',
  // Operations (issue 19): traffic limits, devices, backups.
  'traffic.set_default': 'systemLog.actions.trafficDefault',
  'traffic.set_login': 'systemLog.actions.trafficLogin',
  'traffic.set_override': 'systemLog.actions.trafficOverride',
  'traffic.delete_override': 'systemLog.actions.trafficOverrideDelete',
  'device.state': 'systemLog.actions.deviceState',
  'device.assign': 'systemLog.actions.deviceAssign',
  'device.delete': 'systemLog.actions.deviceDelete',
  'device_pool.fallback': 'systemLog.actions.poolFallback',
  'backup.create': 'systemLog.actions.backupCreate',
  'backup.delete': 'systemLog.actions.backupDelete',
  'backup.download': 'systemLog.actions.backupDownload',
  'backup.restore': 'systemLog.actions.backupRestore',
  'backup.settings': 'systemLog.actions.backupSettings',
  // Error reports (issue 20).
  'error_report.resolve': 'systemLog.actions.errorReportResolve',
  'error_report.to_memory': 'systemLog.actions.errorReportToMemory',
  // App keys (issue 20): a user's own create and revoke, and a staff revoke.
  'app_key.create': 'systemLog.actions.appKeyCreate',
  'app_key.revoke': 'systemLog.actions.appKeyRevoke',
} as const;

function ActionBadge({ action }: { action: string }) {
  const { t } = useTranslation();
  const key = ACTION_KEYS[action as keyof typeof ACTION_KEYS];
  const color = action === 'sign_in_failed' ? 'red' : action === 'sign_in' ? 'green' : action.startsWith('permission.') ? 'orange' : 'blue';
  return (
    <Badge variant="light" color={color} title={action} style={{ textTransform: 'none' }}>
      {key ? t(key) : action}
    </Badge>
  );
}

function Change({ line }: { line: SystemLogItem }) {
  const rows = changeRows(line.before, line.after);
  if (rows.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={2} data-testid="system-log-change">
      {rows.map((r) => (
        <Text key={r.field} size="xs" style={{ wordBreak: 'break-word' }}>
          <Text span fw={600} size="xs">
            {r.field}
          </Text>
          {`: ${r.before} → ${r.after}`}
        </Text>
      ))}
    </Stack>
  );
}

const target = (l: SystemLogItem) => (l.target_type ? `${l.target_type} ${l.target_id}` : l.target_id);

export function SystemLogTable({ lines }: { lines: SystemLogItem[] }) {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  const phone = useIsPhone();
  if (lines.length === 0) {
    return (
      <Text c="dimmed" data-testid="system-log-table">
        {t('systemLog.none')}
      </Text>
    );
  }

  if (phone) {
    return (
      <Stack gap="sm" data-testid="system-log-table">
        {lines.map((l) => (
          <Card key={l.log_id} withBorder padding="sm" data-testid="system-log-row" data-action={l.action}>
            <Group justify="space-between" wrap="nowrap">
              <ActionBadge action={l.action} />
              <Text size="xs" c="dimmed">
                {formatDateTime(l.at, lang)}
              </Text>
            </Group>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {l.actor_account || '—'} → {target(l)}
            </Text>
            <Change line={l} />
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {l.ip} {l.user_agent}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={960} data-testid="system-log-table">
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('systemLog.time')}</Table.Th>
            <Table.Th>{t('systemLog.action')}</Table.Th>
            <Table.Th>{t('systemLog.actor')}</Table.Th>
            <Table.Th>{t('systemLog.target')}</Table.Th>
            <Table.Th>{t('systemLog.change')}</Table.Th>
            <Table.Th>{t('systemLog.origin')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.log_id} data-testid="system-log-row" data-action={l.action}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(l.at, lang)}</Table.Td>
              <Table.Td>
                <ActionBadge action={l.action} />
              </Table.Td>
              <Table.Td>{l.actor_account || '—'}</Table.Td>
              <Table.Td>{target(l)}</Table.Td>
              <Table.Td maw={320}>
                <Change line={l} />
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="xs">{l.ip}</Text>
                <Text size="xs" c="dimmed" lineClamp={2} title={l.user_agent}>
                  {l.user_agent}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
