/**
 * The two tabs' cards: a plan per card with a row per sku (combo tab), and a card per character
 * package (package tab). A sku the server disabled for this caller stays visible, greyed, with
 * its reason; enterprise shows "contact sales" instead of a price to pay. Cards are one column
 * on a phone and side by side from `sm` up.
 */
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GoodsPlan, GoodsSku } from '@mtp/proto';
import { bcp47, toUiLang } from '../i18n/lang';
import type { PaymentItem } from './payment-store';
import { GOODS_TYPE, formatYuan, skuOffer } from './purchase-rules';

type BuyProps = { onBuy: (item: PaymentItem) => void; busy?: boolean };

function useCount() {
  const { i18n } = useTranslation();
  return (n: number) => n.toLocaleString(bcp47(toUiLang(i18n.language)));
}

function SkuRow({ sku, plan, onBuy, busy }: BuyProps & { sku: GoodsSku; plan: GoodsPlan }) {
  const { t } = useTranslation();
  const count = useCount();
  const offer = skuOffer(sku, plan);
  const disabled = offer.kind !== 'buyable';
  return (
    <Stack gap={2} data-testid="sku-option" data-sku={sku.code} data-disabled={disabled} opacity={disabled ? 0.55 : 1}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {sku.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('commerce.chars', { n: count(sku.quota_chars) })}
          </Text>
        </div>
        {offer.kind !== 'contactSales' && (
          <Group gap="xs" wrap="nowrap">
            <Text fw={700} data-testid="sku-price">
              {formatYuan(sku.price)}
            </Text>
            <Button
              size="compact-sm"
              disabled={disabled || busy}
              data-testid="buy-sku"
              data-sku={sku.code}
              onClick={() => onBuy({ skuId: sku.sku_id, goodsType: GOODS_TYPE.plan, name: `${plan.name} · ${sku.name}`, price: sku.price })}
            >
              {t('commerce.buyNow')}
            </Button>
          </Group>
        )}
      </Group>
      {offer.kind === 'disabled' && (
        <Text size="xs" c="orange.8" data-testid="sku-disabled-reason">
          {offer.reason ?? t('commerce.notAvailable')}
        </Text>
      )}
    </Stack>
  );
}

export function PlanCards({ plans, currentPlan, onBuy, busy }: BuyProps & { plans: GoodsPlan[]; currentPlan: string }) {
  const { t } = useTranslation();
  if (plans.length === 0) return <Text c="dimmed">{t('commerce.noPlans')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(plans.length, 3) }} spacing="md">
      {plans.map((plan) => (
        <Card key={plan.code} withBorder padding="md" data-testid="plan-card" data-plan={plan.code}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={4}>{plan.name}</Title>
              {plan.code === currentPlan && <Badge variant="light">{t('commerce.currentPlan', { plan: plan.name })}</Badge>}
            </Group>
            <List size="sm" spacing={4}>
              {plan.features.map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List>
            {plan.contact_sales ? (
              <Stack gap={4} data-testid="contact-sales">
                <Text size="sm">{t('commerce.contactSalesNote')}</Text>
                <Badge color="gray" variant="outline">
                  {t('commerce.contactSales')}
                </Badge>
              </Stack>
            ) : (
              plan.skuList.map((sku) => <SkuRow key={sku.sku_id} sku={sku} plan={plan} onBuy={onBuy} busy={busy} />)
            )}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function PackageCards({ packages, onBuy, busy }: BuyProps & { packages: GoodsSku[] }) {
  const { t } = useTranslation();
  const count = useCount();
  if (packages.length === 0) return <Text c="dimmed">{t('commerce.noPackages')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
      {packages.map((sku) => {
        const offer = skuOffer(sku);
        const disabled = offer.kind !== 'buyable';
        return (
          <Card key={sku.sku_id} withBorder padding="md" data-testid="package-card" data-sku={sku.code} data-disabled={disabled}>
            <Stack gap="xs" opacity={disabled ? 0.55 : 1}>
              <Title order={4}>{sku.name}</Title>
              <Text size="sm">{t('commerce.chars', { n: count(sku.quota_chars) })}</Text>
              {sku.valid_days > 0 && (
                <Text size="xs" c="dimmed">
                  {t('commerce.validDays', { days: sku.valid_days })}
                </Text>
              )}
              <Text fw={700} size="lg" data-testid="sku-price">
                {formatYuan(sku.price)}
              </Text>
              {offer.kind === 'disabled' && (
                <Text size="xs" c="orange.8" data-testid="sku-disabled-reason">
                  {offer.reason ?? t('commerce.notAvailable')}
                </Text>
              )}
              <Button
                disabled={disabled || busy}
                data-testid="buy-sku"
                data-sku={sku.code}
                onClick={() => onBuy({ skuId: sku.sku_id, goodsType: GOODS_TYPE.package, name: sku.name, price: sku.price })}
              >
                {t('commerce.buyNow')}
              </Button>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
