/**
 * The charts of /stats (@mantine/charts over recharts): characters per day by kind (stacked
 * areas), language pairs, active and new users per day, tasks by outcome per day (stacked bars),
 * revenue per sku, and characters per site when every site is shown. Each sits in a card of a
 * grid that is one column on phones, so nothing scrolls sideways.
 */
import '@mantine/charts/styles.css';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { STATS_KINDS, type StatsData } from '@mtp/proto';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pairLabel, yuan } from './stats-search';

const KIND_COLORS = { text: 'blue.6', document: 'teal.6', picture: 'grape.6', web: 'orange.6', api: 'gray.6' } as const;
const HEIGHT = 240;

function ChartCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" data-testid={testId} miw={0}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function StatsCharts({ data, siteName }: { data: StatsData; siteName: (id: number) => string }) {
  const { t } = useTranslation();
  const days = data.days.map((d) => ({
    day: d.day.slice(5),
    ...d.chars,
    active: d.active_users,
    fresh: d.new_users,
    ...d.tasks,
  }));
  const unknown = t('stats.unknownPair');
  const pairs = data.pairs.map((p) => ({ pair: pairLabel(p.src_lang, p.tgt_lang, unknown), chars: p.chars }));
  const revenue = data.revenue.map((r) => ({ sku: r.sku_code, amount: Number(yuan(r.amount_cents)) }));
  const sites = data.sites.map((s) => ({ site: siteName(s.site_id), chars: s.chars }));
  const empty = <Text c="dimmed">{t('stats.noData')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard title={t('stats.charts.charsByKind')} testId="stats-chart-kinds">
        <AreaChart
          h={HEIGHT}
          data={days}
          dataKey="day"
          type="stacked"
          withLegend
          series={STATS_KINDS.map((k) => ({ name: k, label: t(`stats.kinds.${k}`), color: KIND_COLORS[k] }))}
        />
      </ChartCard>
      <ChartCard title={t('stats.charts.pairs')} testId="stats-chart-pairs">
        {pairs.length ? (
          <BarChart h={HEIGHT} data={pairs} dataKey="pair" series={[{ name: 'chars', label: t('stats.chars'), color: 'blue.6' }]} />
        ) : (
          empty
        )}
      </ChartCard>
      <ChartCard title={t('stats.charts.users')} testId="stats-chart-users">
        <LineChart
          h={HEIGHT}
          data={days}
          dataKey="day"
          withLegend
          series={[
            { name: 'active', label: t('stats.activeUsers'), color: 'indigo.6' },
            { name: 'fresh', label: t('stats.newUsers'), color: 'green.6' },
          ]}
        />
      </ChartCard>
      <ChartCard title={t('stats.charts.tasks')} testId="stats-chart-tasks">
        <BarChart
          h={HEIGHT}
          data={days}
          dataKey="day"
          type="stacked"
          withLegend
          series={[
            { name: 'done', label: t('stats.outcomes.done'), color: 'teal.6' },
            { name: 'failed', label: t('stats.outcomes.failed'), color: 'red.6' },
            { name: 'interrupted', label: t('stats.outcomes.interrupted'), color: 'yellow.6' },
          ]}
        />
      </ChartCard>
      <ChartCard title={t('stats.charts.revenue')} testId="stats-chart-revenue">
        {revenue.length ? (
          <BarChart
            h={HEIGHT}
            data={revenue}
            dataKey="sku"
            series={[{ name: 'amount', label: t('stats.revenueYuan'), color: 'orange.6' }]}
          />
        ) : (
          empty
        )}
      </ChartCard>
      {data.site_id === null && (
        <ChartCard title={t('stats.charts.sites')} testId="stats-chart-sites">
          {sites.length ? (
            <BarChart h={HEIGHT} data={sites} dataKey="site" series={[{ name: 'chars', label: t('stats.chars'), color: 'cyan.6' }]} />
          ) : (
            empty
          )}
        </ChartCard>
      )}
    </SimpleGrid>
  );
}
