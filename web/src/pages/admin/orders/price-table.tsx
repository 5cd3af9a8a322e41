/**
 * The small price table of /ordermanagement (`admin/goods`): every sku with its price; the super
 * administrator (role 0 on the main site) changes one (`admin/goods/update_price`), typed in
 * yuan and sent in cents. Others see the prices read-only.
 */
import { useState } from 'react';
import { Button, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GoodsSku, UpdatePriceBody } from '@mtp/proto';
import { updateSkuPrice } from '../../../api/commerce-endpoints';
import { currentSessionUser } from '../../../auth/session-user';
import { adminGoodsQueryOptions, commerceKeys } from '../../../commerce/commerce-query-options';
import { formatYuan } from '../../../commerce/purchase-rules';
import { FormDialog } from '../../../components/form-dialog';
import { userKey } from '../../../queries/query-keys';
import { showSuccess } from '../../../components/toast';
import { parseYuan, yuanText } from './order-search';

/** Mounted per sku (keyed), so it starts from that sku's current price. */
function PriceDialog({ sku, onClose }: { sku: GoodsSku; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = currentSessionUser();
  const [text, setText] = useState(() => yuanText(sku.price));
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (price: number) => updateSkuPrice({ sku_code: sku.code as UpdatePriceBody['sku_code'], price }),
    onSuccess: async () => {
      // The purchase dialog's catalogue shows prices too.
      await Promise.all(
        [commerceKeys.adminGoods(user), [...userKey(user), 'goods']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      showSuccess(t('commerce.admin.priceSaved'));
      onClose();
    },
  });
  const submit = () => {
    const cents = parseYuan(text);
    setInvalid(cents === null);
    if (cents !== null) save.mutate(cents);
  };
  return (
    <FormDialog
      opened
      title={t('commerce.admin.editPriceTitle', { name: sku.name })}
      submitLabel={t('commerce.admin.save')}
      cancelLabel={t('commerce.cancel')}
      onSubmit={submit}
      onCancel={onClose}
      busy={save.isPending}
      testId="price-dialog"
    >
      <TextInput
        label={t('commerce.admin.newPrice')}
        inputMode="decimal"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setInvalid(false);
        }}
        error={invalid ? t('commerce.admin.priceInvalid') : undefined}
        data-testid="price-input"
      />
    </FormDialog>
  );
}

export function PriceTable({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { data: skus } = useSuspenseQuery(adminGoodsQueryOptions(currentSessionUser()));
  const [editing, setEditing] = useState<GoodsSku | null>(null);
  return (
    <Paper withBorder p="md" data-testid="price-table">
      <Stack gap="sm">
        <Title order={4}>{t('commerce.admin.prices')}</Title>
        {!canEdit && (
          <Text size="xs" c="dimmed">
            {t('commerce.admin.superAdminOnly')}
          </Text>
        )}
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('commerce.admin.sku')}</Table.Th>
                <Table.Th>{t('commerce.history.goods')}</Table.Th>
                <Table.Th>{t('commerce.admin.price')}</Table.Th>
                {canEdit && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {skus.map((sku) => (
                <Table.Tr key={sku.sku_id} data-testid="price-row" data-sku={sku.code}>
                  <Table.Td>{sku.code}</Table.Td>
                  <Table.Td>{sku.name}</Table.Td>
                  <Table.Td data-testid="price-value">{formatYuan(sku.price)}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Button size="compact-xs" variant="light" onClick={() => setEditing(sku)} data-testid="edit-price">
                        {t('commerce.admin.editPrice')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      {canEdit && editing && <PriceDialog key={editing.sku_id} sku={editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
