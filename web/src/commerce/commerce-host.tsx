/**
 * Mounts the purchase dialog and the payment flow for the page's header (every area), decides
 * each request for the dialog (41005, 42005, a button; purchase-rules.ts `decidePurchase`) and
 * runs the low-balance warning. Logging out, or leaving the areas, closes the dialog and stops
 * any polling (spec section 4: "logout closes the goods dialog").
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { UserData } from '@mtp/proto';
import { createOrder, searchOrder } from '../api/commerce-endpoints';
import { currentLoginPath, hasAuthToken } from '../auth/session';
import { currentSessionUser } from '../auth/session-user';
import { showError } from '../components/toast';
import { toUiLang } from '../i18n/lang';
import { useOnMainSite } from '../site/use-site';
import { openCashierWindow, purchaseDialog, useStore } from './browser-wiring';
import { goodsQueryOptions, refreshAfterPayment } from './commerce-query-options';
import { useLowBalanceWarning } from './low-balance-warning';
import { createPaymentStore, type PaymentItem } from './payment-store';
import { PurchaseDialog, type PurchaseView } from './purchase-dialog';
import { buyAction, canPurchase, decidePurchase, loginRedirectPath, type Buyer } from './purchase-rules';

export function CommerceHost({ user }: { user: UserData }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const router = useRouter();
  const sessionUser = currentSessionUser();
  const goodsOptions = goodsQueryOptions(sessionUser, toUiLang(i18n.language));
  const goods = useQuery(goodsOptions);
  const buyer: Buyer = { loggedIn: user.user_id !== null && hasAuthToken(), role: user.role, onMainSite: useOnMainSite() };
  const dialog = useStore(purchaseDialog);
  const [view, setView] = useState<PurchaseView>('offers');

  const latest = useRef({ buyer, sessionUser, goodsOptions, t });
  useEffect(() => {
    latest.current = { buyer, sessionUser, goodsOptions, t };
  });

  const [payment] = useState(() =>
    createPaymentStore({
      createOrder,
      searchOrder,
      openWindow: openCashierWindow,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      onPaid: () => void refreshAfterPayment(queryClient, latest.current.sessionUser),
    }),
  );
  const paymentState = useStore(payment);

  useEffect(
    () =>
      purchaseDialog.setHandler((request) => {
        const { buyer: who, goodsOptions: options, t: tr } = latest.current;
        void queryClient
          .fetchQuery(options)
          .catch(() => null)
          .then((data) => {
            const decision = decidePurchase(request, data, who, tr('commerce.contactAdmin'));
            if (decision.kind === 'toast') {
              if (decision.message) showError(decision.message);
              return;
            }
            setView('offers');
            purchaseDialog.open(request, decision.tab);
          });
      }),
    [queryClient],
  );

  // A new account (login, logout) or leaving the areas: nothing of the old dialog survives.
  useEffect(
    () => () => {
      payment.reset();
      purchaseDialog.close();
    },
    [payment, sessionUser],
  );

  useLowBalanceWarning({ user: sessionUser, ...buyer, billing: goods.data?.billing });

  const close = () => {
    payment.reset();
    purchaseDialog.close();
  };

  const onBuy = (item: PaymentItem) => {
    const action = buyAction(buyer);
    if (action === 'loginPrompt') setView('loginPrompt');
    else if (action === 'contactAdmin') showError(t('commerce.contactAdmin'));
    // Synchronous from the click: the cashier window opens inside the handler.
    else void payment.pay(item);
  };

  const showButton = goods.data?.billing === true && (!buyer.loggedIn || canPurchase(buyer));
  return (
    <>
      {showButton && (
        <Button
          size="compact-sm"
          variant="gradient"
          // A phone's header has room for the brand, the language and the login only; phones buy from /member.
          visibleFrom="xs"
          onClick={() => purchaseDialog.request({ reason: 'manual' })}
          data-testid="open-purchase"
        >
          {buyer.loggedIn ? t('commerce.upgrade') : t('commerce.plans')}
        </Button>
      )}
      <PurchaseDialog
        opened={dialog.opened}
        tab={dialog.tab ?? 'combo'}
        message={dialog.request?.message ?? null}
        goods={goods.data}
        goodsFailed={goods.isError}
        view={view}
        payment={paymentState}
        paymentActions={{
          onCheckNow: () => void payment.checkNow(),
          onPayAgain: () => void payment.payAgain(),
          onChangePlan: payment.changePlan,
          onClose: close,
        }}
        onTabChange={purchaseDialog.switchTab}
        onBuy={onBuy}
        onGoToLogin={() => {
          close();
          void router.navigate({ href: loginRedirectPath(currentLoginPath(), router.state.location.href) });
        }}
        onCancelLogin={() => setView('offers')}
        onClose={close}
      />
    </>
  );
}
