/**
 * Watches the user's characters left and shows the low-balance notification once per session
 * (rules in low-balance.ts): with a "buy characters" button that opens the package tab for
 * those who may buy, with "please contact the administrator" for the others.
 */
import { useEffect } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@mtp/proto';
import type { KeyValueStore } from '../auth/tokens';
import type { SessionUser } from '../auth/session-user';
import { bcp47, toUiLang } from '../i18n/lang';
import { remainingQueryOptions } from './commerce-query-options';
import { lowBalanceAction, takeLowBalanceWarning, type LowBalanceAction } from './low-balance';
import { purchaseDialog } from './browser-wiring';

export const LOW_BALANCE_ID = 'low-balance-warning';

/** The notification's body; its own component so tests can render both variants. */
export function LowBalanceMessage({ left, action, onBuy }: { left: string; action: LowBalanceAction; onBuy: () => void }) {
  const { t } = useTranslation();
  if (action === 'contactAdmin') return <Text size="sm">{t('commerce.lowBalanceContact', { left })}</Text>;
  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm">{t('commerce.lowBalance', { left })}</Text>
      <Button size="compact-sm" onClick={onBuy} data-testid="low-balance-buy">
        {t('commerce.buyChars')}
      </Button>
    </Stack>
  );
}

function sessionStore(): KeyValueStore | null {
  return typeof window === 'undefined' ? null : window.sessionStorage;
}

type Viewer = { user: SessionUser; loggedIn: boolean; role: number | null; onMainSite: boolean; billing: boolean | undefined };

export function useLowBalanceWarning({ user, loggedIn, role, onMainSite, billing }: Viewer): void {
  const { i18n } = useTranslation();
  // 30 s: every area's header mounts this; the translate pages refresh the same key after each job.
  const { data } = useQuery({ ...remainingQueryOptions(user), staleTime: 30_000, enabled: loggedIn });
  const totalLeft = loggedIn ? data?.total_left : undefined;

  useEffect(() => {
    const storage = sessionStore();
    // Wait for the catalogue: whether to offer a purchase depends on `billing`.
    if (!storage || billing === undefined || !takeLowBalanceWarning(totalLeft, user, storage)) return;
    const action = lowBalanceAction({ role, onMainSite, billing });
    const left = totalLeft!.toLocaleString(bcp47(toUiLang(i18n.language)));
    const onBuy = () => {
      notifications.hide(LOW_BALANCE_ID);
      purchaseDialog.request({ reason: 'manual', tab: 'package' });
    };
    notifications.show({
      id: LOW_BALANCE_ID,
      color: 'orange',
      withBorder: true,
      autoClose: TIMINGS.goodsWarningMs,
      message: <LowBalanceMessage left={left} action={action} onBuy={onBuy} />,
      ...{ 'data-testid': LOW_BALANCE_ID, 'data-action': action },
    });
  }, [totalLeft, user, role, onMainSite, billing, i18n.language]);
}
