/**
 * The device table: every worker with its kind, host, hardware, load, models, last seen, state
 * and enterprise, and its actions. A table on wide screens; one card per device on a phone.
 */
import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '@mtp/proto';
import { formatDateTime } from '../../../commerce/format';
import { toUiLang } from '../../../i18n/lang';
import { DeviceActions } from './device-actions';
import { DeviceBadges, hardwareOf, modelsOf } from './device-badges';

type Props = { devices: DeviceItem[]; enterprises: { value: string; label: string }[] };

export function DeviceList({ devices, enterprises }: Props) {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  const siteName = (id: number | null) =>
    id === null ? t('devices.sharedPool') : (enterprises.find((e) => e.value === String(id))?.label ?? `#${id}`);
  const load = (d: DeviceItem) =>
    t('devices.loadValue', {
      busy: Math.round(d.utilisation * 100),
      inFlight: d.in_flight,
      jobs: d.jobs_per_min,
      chars: Math.round(d.chars_per_min),
    });
  if (devices.length === 0) return <Text data-testid="devices-empty">{t('devices.none')}</Text>;

  return (
    <>
      <Table.ScrollContainer minWidth={1000} visibleFrom="sm">
        <Table striped data-testid="devices-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('devices.device')}</Table.Th>
              <Table.Th>{t('devices.hardware')}</Table.Th>
              <Table.Th>{t('devices.load')}</Table.Th>
              <Table.Th>{t('devices.models')}</Table.Th>
              <Table.Th>{t('devices.enterprise')}</Table.Th>
              <Table.Th>{t('devices.lastSeen')}</Table.Th>
              <Table.Th>{t('devices.state')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.map((d) => (
              <Table.Tr key={d.device_id} data-testid="device-row" data-device={d.device_id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {d.device_id}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`devices.roles.${d.role}`)} · {d.host}
                  </Text>
                </Table.Td>
                <Table.Td>{hardwareOf(d)}</Table.Td>
                <Table.Td>{load(d)}</Table.Td>
                <Table.Td style={{ maxWidth: 220 }}>{modelsOf(d)}</Table.Td>
                <Table.Td>{d.role === 'mt' ? siteName(d.site_id) : '-'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.last_seen_at, lang)}</Table.Td>
                <Table.Td>
                  <DeviceBadges device={d} />
                </Table.Td>
                <Table.Td>
                  <DeviceActions device={d} enterprises={enterprises} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" data-testid="devices-cards">
        {devices.map((d) => (
          <Card key={d.device_id} withBorder padding="sm" data-testid="device-card" data-device={d.device_id}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={500} size="sm" style={{ wordBreak: 'break-all' }}>
                  {d.device_id}
                </Text>
                <DeviceBadges device={d} />
              </Group>
              <Text size="xs" c="dimmed">
                {t(`devices.roles.${d.role}`)} · {d.host} · {hardwareOf(d)}
              </Text>
              <Text size="sm">{load(d)}</Text>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {t('devices.models')}: {modelsOf(d)}
              </Text>
              {d.role === 'mt' && (
                <Text size="sm">
                  {t('devices.enterprise')}: {siteName(d.site_id)}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('devices.lastSeen')}: {formatDateTime(d.last_seen_at, lang)}
              </Text>
              <DeviceActions device={d} enterprises={enterprises} />
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
