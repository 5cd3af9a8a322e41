/**
 * Whether the purchase dialog is open, on which tab and with which message. Module-level, so
 * the API client (41005 / 42005, api/instance.ts) and any button can open it without React.
 *
 * A request goes to the handler the mounted dialog host registers (commerce-host.tsx), which
 * knows the catalogue and the user: it opens the dialog, or, where there is nothing to buy
 * (`billing: false`, an enterprise site's ordinary user), shows the message instead. With no
 * host mounted (a public page) the message is shown as the client's toast.
 */
import type { PurchaseReason, PurchaseTab } from './purchase-rules';

export type PurchaseRequest = {
  reason: PurchaseReason;
  /** The server's message (41005) or the message with "please upgrade your plan" (42005). */
  message?: string;
  /** A tab asked for by a button ("buy characters"); otherwise the reason decides. */
  tab?: PurchaseTab;
};

export type PurchaseDialogState = { opened: boolean; request: PurchaseRequest | null; tab: PurchaseTab | null };

type Handler = (request: PurchaseRequest) => void;

const CLOSED: PurchaseDialogState = { opened: false, request: null, tab: null };

export function createPurchaseDialogStore(fallback: (message: string) => void) {
  let state: PurchaseDialogState = CLOSED;
  let handler: Handler | null = null;
  const listeners = new Set<() => void>();

  function set(next: PurchaseDialogState): void {
    state = next;
    for (const l of listeners) l();
  }

  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The host's decision point; returns the unregister function. */
    setHandler(next: Handler): () => void {
      handler = next;
      return () => {
        if (handler === next) handler = null;
      };
    },
    /** Asks for the dialog (a button, or the client's 41005 / 42005 hook). */
    request(request: PurchaseRequest): void {
      if (handler) handler(request);
      else if (request.message) fallback(request.message);
    },
    /** Called by the host once it decided the dialog may open. */
    open(request: PurchaseRequest, tab: PurchaseTab): void {
      set({ opened: true, request, tab });
    },
    switchTab(tab: PurchaseTab): void {
      if (state.opened) set({ ...state, tab });
    },
    close(): void {
      if (state.opened) set(CLOSED);
    },
  };
}

export type PurchaseDialogStore = ReturnType<typeof createPurchaseDialogStore>;
