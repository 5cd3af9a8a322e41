/**
 * /stats: what the platform translated, who used it and what it earned, over a date range (UTC
 * days, the last 30 by default) from the daily rollups (`admin/stats`); the CSV export of the
 * same figures. The platform administrator chooses a site or every site; a manager sees their own
 * site only (the server decides; the select is not shown).
 */
import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../../auth/session-user';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { sitesQueryOptions } from '../../../content/content-query-options';
import { exportStats, statsQueryOptions } from './stats-api';
import { StatsCharts } from './stats-charts';
import { statsQueryOf, validateStatsSearch, type StatsSearch } from './stats-search';
import { StatsTopUsers, StatsTotals } from './stats-summary';

export function StatsPage() {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const search = validateStatsSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const query = statsQueryOf(search);
  const { data } = useSuspenseQuery(statsQueryOptions(user, query));
  const sites = useQuery({ ...sitesQueryOptions(user), enabled: data.can_choose_site }).data?.site_list ?? [];
  const [exporting, setExporting] = useState(false);
  const go = (patch: Partial<StatsSearch>) =>
    void navigate({ to: '/stats', search: { ...search, ...patch } } as unknown as Parameters<typeof navigate>[0]);
  const siteName = (id: number) =>
    id === 0 ? t('stats.visitors') : (sites.find((s) => s.site_id === id)?.site_name ?? t('stats.siteNumber', { id }));

  const exportCsv = () => {
    setExporting(true);
    void exportStats(query)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <Stack gap="md" data-testid="stats-page">
      <Title order={2}>{t('stats.title')}</Title>
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm" data-testid="stats-filters">
          <DateRangeFilter
            from={query.from}
            to={query.to}
            labels={{ from: t('stats.from'), to: t('stats.to') }}
            onChange={(patch) => go(patch)}
            testIdPrefix="stats"
          />
          {data.can_choose_site && (
            <Select
              label={t('stats.site')}
              data={[{ value: '', label: t('stats.allSites') }, ...sites.map((s) => ({ value: String(s.site_id), label: s.site_name }))]}
              value={search.site ? String(search.site) : ''}
              onChange={(value) => go({ site: value ? Number(value) : undefined })}
              allowDeselect={false}
              data-testid="stats-site"
              w={{ base: '100%', sm: 220 }}
            />
          )}
          <Button variant="light" loading={exporting} onClick={exportCsv} data-testid="stats-export">
            {t('stats.export')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          {t('stats.utcNote')}
        </Text>
      </Paper>
      <StatsTotals data={data} />
      <StatsCharts data={data} siteName={siteName} />
      <StatsTopUsers data={data} />
    </Stack>
  );
}
