/**
 * /ordermanagement: every order (`admin/orders`), searched by account, payment state and
 * creation date, ten a page, the filters in the URL; the filtered orders as CSV
 * (`admin/orders/export`); and the price table, which only the super administrator edits.
 * Where nothing is sold (`billing: false`) no price shows.
 */
import { useState } from 'react';
import { Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLES, type PayStatus } from '@mtp/proto';
import { exportAdminOrders } from '../../../api/commerce-endpoints';
import { currentSessionUser } from '../../../auth/session-user';
import { adminOrdersQueryOptions, goodsQueryOptions } from '../../../commerce/commerce-query-options';
import { payStatusKey } from '../../../commerce/format';
import { TablePager } from '../../../components/table-pager';
import { usePagedSearch } from '../../../components/use-paged-search';
import { toUiLang } from '../../../i18n/lang';
import { userDataQueryOptions } from '../../../queries/user-data-query-options';
import { useOnMainSite } from '../../../site/use-site';
import { AdminOrderTable } from './admin-order-table';
import { ordersQueryOf, validateOrderSearch, type OrderSearch } from './order-search';
import { PriceTable } from './price-table';

type Props = { search: OrderSearch; onSearch: (next: OrderSearch) => void };

const PAY_STATES: PayStatus[] = [0, 1, 2, 3];

export function OrderManagementPage({ search, onSearch }: Props) {
  const { t, i18n } = useTranslation();
  const user = currentSessionUser();
  const { data: me } = useSuspenseQuery(userDataQueryOptions(user));
  const { data } = useSuspenseQuery(adminOrdersQueryOptions(user, ordersQueryOf(search)));
  const showPrices = useQuery(goodsQueryOptions(user, toUiLang(i18n.language))).data?.billing !== false;
  const onMainSite = useOnMainSite();
  // Role 0 is the super administrator on the main site only (an enterprise site's administrator otherwise).
  const superAdmin = me.role === ROLES.ADMIN && onMainSite;
  const [exporting, setExporting] = useState(false);
  // A filter other than the keyword sends the table back to page 1, like a new keyword does.
  const filter = (patch: Partial<OrderSearch>) => onSearch(validateOrderSearch({ ...search, ...patch, page: undefined }));
  const table = usePagedSearch({
    value: { page: search.page ?? 1, keyword: search.keyword ?? '' },
    onChange: (next) => onSearch(validateOrderSearch({ ...search, ...next })),
  });

  const exportCsv = () => {
    setExporting(true);
    const { page: _page, ...filters } = ordersQueryOf(search);
    void exportAdminOrders(filters)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <Stack gap="md" data-testid="order-management-page">
      <Title order={2}>{t('commerce.admin.title')}</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('commerce.admin.keyword')}
              value={table.search}
              onChange={(e) => table.typeSearch(e.currentTarget.value)}
              data-testid="order-search"
              w={{ base: '100%', sm: 240 }}
            />
            <NativeSelect
              label={t('commerce.admin.payState')}
              value={search.pay_status === undefined ? '' : String(search.pay_status)}
              onChange={(e) =>
                filter({ pay_status: e.currentTarget.value === '' ? undefined : (Number(e.currentTarget.value) as PayStatus) })
              }
              data={[
                { value: '', label: t('commerce.admin.anyState') },
                ...PAY_STATES.map((s) => ({ value: String(s), label: t(payStatusKey(s)) })),
              ]}
              data-testid="order-state"
              w={{ base: '100%', sm: 180 }}
            />
            <DateRangeFilter
              from={search.from}
              to={search.to}
              labels={{ from: t('commerce.admin.from'), to: t('commerce.admin.to') }}
              onChange={filter}
              testIdPrefix="order"
            />
            <Button variant="light" loading={exporting} onClick={exportCsv} data-testid="order-export">
              {t('commerce.admin.export')}
            </Button>
          </Group>
          <AdminOrderTable orders={data.order_list} showPrices={showPrices} />
          <TablePager pages={data.pages} page={search.page ?? 1} onChange={table.setPage} testId="admin-order-pages" />
        </Stack>
      </Paper>
      {showPrices && <PriceTable canEdit={superAdmin} />}
    </Stack>
  );
}
