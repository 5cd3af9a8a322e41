/**
 * /history: the orders in use and frozen (`current_order`), then the ended ones page by page
 * (`expired_order`, `?page=` in the URL).
 */
import { Paper, Stack, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../auth/session-user';
import { currentOrdersQueryOptions, expiredOrdersQueryOptions, goodsQueryOptions } from '../../commerce/commerce-query-options';
import { TablePager } from '../../components/table-pager';
import { toUiLang } from '../../i18n/lang';
import { OrderTable } from './order-table';

type Props = { page: number; onPage: (page: number) => void };

export function HistoryPage({ page, onPage }: Props) {
  const { t, i18n } = useTranslation();
  const user = currentSessionUser();
  const { data: current } = useSuspenseQuery(currentOrdersQueryOptions(user));
  const { data: ended } = useSuspenseQuery(expiredOrdersQueryOptions(user, page));
  // Unknown (still loading, or failed) counts as selling: prices are only hidden when billing is off.
  const showPrices = useQuery(goodsQueryOptions(user, toUiLang(i18n.language))).data?.billing !== false;
  return (
    <Stack gap="md" maw={1100} data-testid="history-page">
      <Title order={2}>{t('commerce.history.title')}</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>{t('commerce.history.current')}</Title>
          <OrderTable
            orders={[...current.inuse_order_list, ...current.freeze_order_list]}
            showPrices={showPrices}
            testId="current-orders"
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>{t('commerce.history.ended')}</Title>
          <OrderTable orders={ended.order_list} showPrices={showPrices} testId="expired-orders" />
          <TablePager pages={ended.pages} page={page} onChange={onPage} testId="history-pages" />
        </Stack>
      </Paper>
    </Stack>
  );
}
