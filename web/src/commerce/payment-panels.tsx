/**
 * The payment modal's panels (spec section 4): creating the order, paying (with the cashier
 * link when the popup was blocked, "I have paid" and "Order not paid!"), failure (pay again /
 * change plan), success, and the polling timeout. Stateless: they render a PaymentState and
 * call back; the store does the work.
 */
import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentState } from './payment-store';
import { formatYuan } from './purchase-rules';

export type PaymentActions = {
  onCheckNow: () => void;
  onPayAgain: () => void;
  onChangePlan: () => void;
  onClose: () => void;
};

function Panel({ testId, icon, title, children }: { testId: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack align="center" gap="md" py="xl" px="md" ta="center" data-testid={testId}>
      {icon}
      <Title order={3}>{title}</Title>
      {children}
    </Stack>
  );
}

function Mark({ color, children }: { color: string; children: string }) {
  return (
    <ThemeIcon size={48} radius="xl" color={color} variant="light" aria-hidden>
      {children}
    </ThemeIcon>
  );
}

export function PaymentPanel({ state, actions }: { state: PaymentState; actions: PaymentActions }) {
  const { t } = useTranslation();
  const item = state.item;
  const what = { name: item?.name ?? '', price: formatYuan(item?.price ?? 0) };

  switch (state.phase) {
    case 'creating':
      return (
        <Panel testId="payment-creating" icon={<Loader />} title={t('commerce.creating')}>
          {null}
        </Panel>
      );
    case 'paying':
      return (
        <Panel testId="payment-paying" icon={<Loader />} title={t('commerce.payingTitle')}>
          <Text>{t('commerce.payingBody', what)}</Text>
          {state.popupBlocked && state.cashierUrl && (
            <Alert color="orange" data-testid="popup-blocked">
              <Stack gap={4} align="center">
                <Text size="sm">{t('commerce.popupBlocked')}</Text>
                <Anchor href={state.cashierUrl} target="_blank" rel="noopener" data-testid="cashier-link">
                  {t('commerce.openCashier')}
                </Anchor>
              </Stack>
            </Alert>
          )}
          {state.notPaid && (
            <Text c="red" data-testid="order-not-paid">
              {t('commerce.orderNotPaid')}
            </Text>
          )}
          <Group justify="center">
            <Button variant="default" onClick={actions.onChangePlan} data-testid="change-plan">
              {t('commerce.changePlan')}
            </Button>
            <Button onClick={actions.onCheckNow} data-testid="i-have-paid">
              {t('commerce.iHavePaid')}
            </Button>
          </Group>
        </Panel>
      );
    case 'failure':
      return (
        <Panel testId="payment-failure" icon={<Mark color="red">✕</Mark>} title={t('commerce.failureTitle')}>
          <Text>{t('commerce.failureBody')}</Text>
          <Group justify="center">
            <Button variant="default" onClick={actions.onChangePlan} data-testid="change-plan">
              {t('commerce.changePlan')}
            </Button>
            <Button onClick={actions.onPayAgain} data-testid="pay-again">
              {t('commerce.payAgain')}
            </Button>
          </Group>
        </Panel>
      );
    case 'success':
      return (
        <Panel testId="payment-success" icon={<Mark color="teal">✓</Mark>} title={t('commerce.successTitle')}>
          <Text>{t('commerce.successBody', what)}</Text>
          <Button onClick={actions.onClose} data-testid="payment-done">
            {t('commerce.close')}
          </Button>
        </Panel>
      );
    case 'timeout':
      return (
        <Panel testId="payment-timeout" icon={<Mark color="orange">!</Mark>} title={t('commerce.timeoutTitle')}>
          <Text>{t('commerce.timeoutBody')}</Text>
          {state.notPaid && (
            <Text c="red" data-testid="order-not-paid">
              {t('commerce.orderNotPaid')}
            </Text>
          )}
          <Group justify="center">
            <Button variant="default" onClick={actions.onClose} data-testid="payment-close">
              {t('commerce.close')}
            </Button>
            <Button onClick={actions.onCheckNow} data-testid="check-again">
              {t('commerce.checkAgain')}
            </Button>
          </Group>
        </Panel>
      );
    default:
      return null;
  }
}
