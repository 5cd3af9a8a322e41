/**
 * Enterprise pools: the rule, then each enterprise with devices assigned (or a fallback set),
 * how many of them serve now, and its fallback (`wait` or `shared`) to change.
 */
import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PoolFallback } from '@mtp/proto';
import { currentSessionUser } from '../../../auth/session-user';
import { showSuccess } from '../../../components/toast';
import { devicePoolsQueryOptions, devicesKey, setPoolFallback } from './devices-api';

export function PoolFallbacks({ enterprises }: { enterprises: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(devicePoolsQueryOptions(user));
  const [site, setSite] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (v: { siteId: number; fallback: PoolFallback }) => setPoolFallback(v.siteId, v.fallback),
    onSuccess: async () => {
      showSuccess(t('devices.saved'));
      await queryClient.invalidateQueries({ queryKey: devicesKey(user) });
    },
  });
  const fallbacks = (['wait', 'shared'] as const).map((f) => ({ value: f, label: t(`devices.fallbacks.${f}`) }));
  const nameOf = (id: number) => enterprises.find((e) => e.value === String(id))?.label ?? `#${id}`;

  return (
    <Paper withBorder p="md" data-testid="device-pools">
      <Stack gap="sm">
        <Title order={4}>{t('devices.poolsTitle')}</Title>
        <Text size="sm" c="dimmed" data-testid="device-pools-rule">
          {t('devices.poolsRule', { fallback: t(`devices.fallbacks.${data.default_fallback}`) })}
        </Text>
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('devices.enterprise')}</Table.Th>
                <Table.Th>{t('devices.serving')}</Table.Th>
                <Table.Th>{t('devices.fallback')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.list.map((p) => (
                <Table.Tr key={p.site_id} data-testid="device-pool-row">
                  <Table.Td>{nameOf(p.site_id)}</Table.Td>
                  <Table.Td>{t('devices.servingValue', { serving: p.serving, devices: p.devices })}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('devices.fallback')}
                      data={fallbacks}
                      value={p.fallback}
                      allowDeselect={false}
                      onChange={(v) => v && save.mutate({ siteId: p.site_id, fallback: v as PoolFallback })}
                      w={200}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group gap="sm" align="flex-end">
          <Select label={t('devices.addFallback')} data={enterprises} value={site} onChange={setSite} searchable clearable w={240} />
          <Button
            variant="light"
            disabled={site === null}
            onClick={() => site && save.mutate({ siteId: Number(site), fallback: 'shared' })}
          >
            {t('devices.spillToShared')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
