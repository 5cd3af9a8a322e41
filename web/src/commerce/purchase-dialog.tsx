/**
 * The purchase dialog (spec sections 2, 4, 6): a combo tab (plans) and a package tab, 1138 px
 * and 1278 px wide on a desktop, the full screen on a phone. While an order is under way the
 * payment panels take its place; a visitor who clicks "buy" gets the login prompt instead.
 * Stateless: commerce-host.tsx owns the stores and passes what to show.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GoodsData } from '@mtp/proto';
import { useIsPhone } from '../components/use-phone';
import { PackageCards, PlanCards } from './offer-cards';
import { PaymentPanel, type PaymentActions } from './payment-panels';
import type { PaymentItem, PaymentState } from './payment-store';
import { DIALOG_WIDTH, comboPlans, type PurchaseTab } from './purchase-rules';

export type PurchaseView = 'offers' | 'loginPrompt';

export type PurchaseDialogProps = {
  opened: boolean;
  tab: PurchaseTab;
  /** The server's message that opened it (41005 / 42005), shown above the offers. */
  message: string | null;
  goods: GoodsData | undefined;
  goodsFailed: boolean;
  view: PurchaseView;
  payment: PaymentState;
  paymentActions: PaymentActions;
  onTabChange: (tab: PurchaseTab) => void;
  onBuy: (item: PaymentItem) => void;
  onGoToLogin: () => void;
  onCancelLogin: () => void;
  onClose: () => void;
  /** Tests render inline; the app uses a portal. */
  withinPortal?: boolean;
};

function LoginPrompt({ onGo, onCancel }: { onGo: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py="xl" data-testid="login-prompt">
      <Text fw={600}>{t('commerce.loginPromptTitle')}</Text>
      <Text>{t('commerce.loginPrompt')}</Text>
      <Group>
        <Button variant="default" onClick={onCancel} data-testid="login-prompt-cancel">
          {t('commerce.cancel')}
        </Button>
        <Button onClick={onGo} data-testid="login-prompt-go" data-autofocus>
          {t('commerce.goToLogin')}
        </Button>
      </Group>
    </Stack>
  );
}

function Offers({ props }: { props: PurchaseDialogProps }) {
  const { t } = useTranslation();
  const { goods, tab } = props;
  if (!goods) {
    return props.goodsFailed ? (
      <Text c="dimmed">{t('commerce.loadFailed')}</Text>
    ) : (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  const busy = props.payment.phase === 'creating';
  return (
    <Stack gap="md">
      {props.message && (
        <Alert color="orange" data-testid="purchase-message">
          {props.message}
        </Alert>
      )}
      <Text size="sm" c="dimmed" data-testid="current-plan" data-plan={goods.current_plan}>
        {t('commerce.currentPlan', { plan: t(`commerce.planNames.${goods.current_plan}`) })}
      </Text>
      <Tabs value={tab} onChange={(v) => v && props.onTabChange(v as PurchaseTab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="combo" data-testid="purchase-tab-combo">
            {t('commerce.comboTab')}
          </Tabs.Tab>
          <Tabs.Tab value="package" data-testid="purchase-tab-package">
            {t('commerce.packageTab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="combo" pt="md" data-testid="combo-panel">
          <PlanCards plans={comboPlans(goods)} currentPlan={goods.current_plan} onBuy={props.onBuy} busy={busy} />
        </Tabs.Panel>
        <Tabs.Panel value="package" pt="md" data-testid="package-panel">
          <PackageCards packages={goods.char_list} onBuy={props.onBuy} busy={busy} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export function PurchaseDialog(props: PurchaseDialogProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const paying = props.payment.phase !== 'idle';
  let body;
  if (paying) body = <PaymentPanel state={props.payment} actions={props.paymentActions} />;
  else if (props.view === 'loginPrompt') body = <LoginPrompt onGo={props.onGoToLogin} onCancel={props.onCancelLogin} />;
  else body = <Offers props={props} />;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('commerce.dialogTitle')}
      size={phone ? '100%' : DIALOG_WIDTH[props.tab]}
      fullScreen={phone}
      centered={!phone}
      withinPortal={props.withinPortal ?? true}
      data-testid="purchase-dialog"
      data-tab={props.tab}
      data-width={phone ? 'full' : DIALOG_WIDTH[props.tab]}
    >
      {body}
    </Modal>
  );
}
