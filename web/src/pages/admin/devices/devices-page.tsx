/**
 * /device-mgr (the platform administrator's): every worker, MT and document, with its load,
 * models and state, polled every few seconds; enable, drain or disable one, assign an MT device
 * to an enterprise's dedicated pool, set each enterprise's fallback, and read the dead letters
 * of failed jobs. The server refuses everyone else (42000 opens /403).
 */
import { Suspense } from 'react';
import { Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../../auth/session-user';
import { DeadLettersTab } from './dead-letters-tab';
import { DeviceList } from './device-list';
import { devicesQueryOptions, enterpriseChoicesQueryOptions } from './devices-api';
import { PoolFallbacks } from './pool-fallbacks';

export function DevicesPage() {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const { data } = useSuspenseQuery(devicesQueryOptions(user));
  const { data: companies } = useSuspenseQuery(enterpriseChoicesQueryOptions(user));
  const enterprises = companies.enterprise_list.map((c) => ({ value: String(c.site_id), label: c.name }));
  const online = data.list.filter((d) => d.online).length;

  return (
    <Stack gap="md" data-testid="devices-page">
      <Title order={2}>{t('devices.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('devices.summary', { online, total: data.list.length, pool: data.shared_pool })}
      </Text>
      <Tabs defaultValue="devices" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="devices" data-testid="devices-tab">
            {t('devices.tabDevices')}
          </Tabs.Tab>
          <Tabs.Tab value="pools" data-testid="device-pools-tab">
            {t('devices.tabPools')}
          </Tabs.Tab>
          <Tabs.Tab value="dead" data-testid="dead-letters-tab">
            {t('devices.tabDeadLetters')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="devices" pt="md">
          <DeviceList devices={data.list} enterprises={enterprises} />
        </Tabs.Panel>
        <Tabs.Panel value="pools" pt="md">
          <Suspense fallback={<Loader />}>
            <PoolFallbacks enterprises={enterprises} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="dead" pt="md">
          <Suspense fallback={<Loader />}>
            <DeadLettersTab />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
