/**
 * The commerce stores wired to the browser and React: the app's one purchase dialog state (the
 * API client's 41005 / 42005 hooks and every "buy" button ask it; with no dialog host mounted
 * the message is shown as a toast), the cashier's tab, and React's view of a store.
 */
import { useSyncExternalStore } from 'react';
import { showError } from '../components/toast';
import type { CashierWindow } from './payment-store';
import { createPurchaseDialogStore } from './purchase-dialog-store';

export const purchaseDialog = createPurchaseDialogStore((message) => showError(message));

/**
 * The cashier's tab. Opened blank inside the click (popup blockers allow `window.open` only
 * there), then pointed at the order's `redirec_url`. `opener` is cut before the cashier loads,
 * so the cashier page cannot script this tab. Null when the browser blocked it.
 */
export function openCashierWindow(): CashierWindow | null {
  if (typeof window === 'undefined') return null;
  const win = window.open('', '_blank');
  if (!win) return null;
  return {
    navigate: (url) => {
      win.opener = null;
      win.location.href = url;
    },
    close: () => win.close(),
  };
}

type Store<S> = { subscribe: (listener: () => void) => () => void; getState: () => S };

/** A store's state as React state (the stores live outside React). */
export function useStore<S>(store: Store<S>): S {
  return useSyncExternalStore(
    (listener) => {
      const unsubscribe = store.subscribe(listener);
      return () => void unsubscribe();
    },
    store.getState,
    store.getState,
  );
}
