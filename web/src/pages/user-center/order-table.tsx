/**
 * A list of the user's orders: a table from `sm` up, cards on a phone. Prices are left out where
 * nothing is sold (`billing: false`: "no prices anywhere").
 */
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '@mtp/proto';
import { USE_STATUS_COLORS, formatDate, formatDateTime, orderUseStatusKey } from '../../commerce/format';
import { formatYuan } from '../../commerce/purchase-rules';
import { useIsPhone } from '../../components/use-phone';
import { toUiLang } from '../../i18n/lang';

type Props = { orders: OrderItem[]; showPrices: boolean; testId: string };

export function OrderTable({ orders, showPrices, testId }: Props) {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  const phone = useIsPhone();
  if (orders.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid={testId}>
        {t('commerce.history.none')}
      </Text>
    );
  }
  const period = (o: OrderItem) => (o.start_time ? `${formatDate(o.start_time, lang)} – ${formatDate(o.end_time, lang)}` : '');
  const status = (o: OrderItem) => (
    <Badge variant="light" color={USE_STATUS_COLORS[o.status]}>
      {t(orderUseStatusKey(o.status))}
    </Badge>
  );

  if (phone) {
    return (
      <Stack gap="sm" data-testid={testId}>
        {orders.map((o) => (
          <Card key={o.tid} withBorder padding="sm" data-testid="order-row" data-tid={o.tid} data-status={o.status}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{o.goods_name}</Text>
              {status(o)}
            </Group>
            <Text size="xs" c="dimmed">
              {t('commerce.history.tid')}: {o.tid}
            </Text>
            {showPrices && <Text size="sm">{formatYuan(o.price)}</Text>}
            <Text size="sm">{period(o)}</Text>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={640} data-testid={testId}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('commerce.history.tid')}</Table.Th>
            <Table.Th>{t('commerce.history.goods')}</Table.Th>
            {showPrices && <Table.Th>{t('commerce.history.price')}</Table.Th>}
            <Table.Th>{t('commerce.history.paidAt')}</Table.Th>
            <Table.Th>{t('commerce.history.period')}</Table.Th>
            <Table.Th>{t('commerce.history.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.tid} data-testid="order-row" data-tid={o.tid} data-status={o.status}>
              <Table.Td>{o.tid}</Table.Td>
              <Table.Td>{o.goods_name}</Table.Td>
              {showPrices && <Table.Td>{formatYuan(o.price)}</Table.Td>}
              <Table.Td>{formatDateTime(o.paid_at, lang)}</Table.Td>
              <Table.Td>{period(o)}</Table.Td>
              <Table.Td>{status(o)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
