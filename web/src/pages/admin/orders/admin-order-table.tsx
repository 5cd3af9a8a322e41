/** Every order as the admin sees it: a table from `sm` up, cards on a phone. */
import { Badge, Card, Group, Table, Text, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminOrderItem } from '@mtp/proto';
import { PAY_STATUS_COLORS, formatDateTime, payStatusKey } from '../../../commerce/format';
import { formatYuan } from '../../../commerce/purchase-rules';
import { useIsPhone } from '../../../components/use-phone';
import { toUiLang } from '../../../i18n/lang';

export function AdminOrderTable({ orders, showPrices }: { orders: AdminOrderItem[]; showPrices: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  const phone = useIsPhone();
  if (orders.length === 0) {
    return (
      <Text c="dimmed" data-testid="admin-order-table">
        {t('commerce.admin.none')}
      </Text>
    );
  }
  const state = (o: AdminOrderItem) => (
    <Badge variant="light" color={PAY_STATUS_COLORS[o.pay_status]}>
      {t(payStatusKey(o.pay_status))}
    </Badge>
  );
  const buyer = (o: AdminOrderItem) => (o.username ? `${o.account} (${o.username})` : o.account);

  if (phone) {
    return (
      <Stack gap="sm" data-testid="admin-order-table">
        {orders.map((o) => (
          <Card key={o.tid} withBorder padding="sm" data-testid="admin-order-row" data-tid={o.tid} data-pay-status={o.pay_status}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{o.goods_name}</Text>
              {state(o)}
            </Group>
            <Text size="sm">{buyer(o)}</Text>
            {showPrices && <Text size="sm">{formatYuan(o.price)}</Text>}
            <Text size="xs" c="dimmed">
              {o.tid} · {formatDateTime(o.created_at, lang)}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={900} data-testid="admin-order-table">
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('commerce.history.tid')}</Table.Th>
            <Table.Th>{t('commerce.admin.account')}</Table.Th>
            <Table.Th>{t('commerce.history.goods')}</Table.Th>
            {showPrices && <Table.Th>{t('commerce.history.price')}</Table.Th>}
            <Table.Th>{t('commerce.admin.payState')}</Table.Th>
            <Table.Th>{t('commerce.admin.created')}</Table.Th>
            <Table.Th>{t('commerce.history.paidAt')}</Table.Th>
            <Table.Th>{t('commerce.admin.provider')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.tid} data-testid="admin-order-row" data-tid={o.tid} data-pay-status={o.pay_status}>
              <Table.Td>{o.tid}</Table.Td>
              <Table.Td>{buyer(o)}</Table.Td>
              <Table.Td>{o.goods_name}</Table.Td>
              {showPrices && <Table.Td>{formatYuan(o.price)}</Table.Td>}
              <Table.Td>{state(o)}</Table.Td>
              <Table.Td>{formatDateTime(o.created_at, lang)}</Table.Td>
              <Table.Td>{formatDateTime(o.paid_at, lang)}</Table.Td>
              <Table.Td>{o.provider}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
