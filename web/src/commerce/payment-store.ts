/**
 * The payment flow of spec section 4 as a small store: choosing a sku creates an order and
 * opens the cashier, the order is polled every 3 s (TIMINGS.orderPollMs) up to 100 tries
 * (TIMINGS.orderPollTries), then a timeout is flagged. pay_status 2 ends in success (the caller
 * refreshes the user's data), 3 in failure, from which the user pays again (a new order for the
 * same sku) or changes plan (back to the choice). Every side effect comes in through `deps`, so
 * the machine runs under fake timers in unit tests.
 *
 * The cashier window is opened synchronously by `pay()`, before the order exists, because popup
 * blockers allow `window.open` only inside the click handler; it is pointed at the cashier once
 * the order answers. A blocked popup leaves `popupBlocked` set and the panel shows a link.
 */
import { CODES, PAY_STATUS, TIMINGS, type CreateOrderBody, type CreateOrderData, type OrderStateData } from '@mtp/proto';
import { ApiError } from '../api/api-error';

export type PaymentPhase = 'idle' | 'creating' | 'paying' | 'success' | 'failure' | 'timeout';

/** What is being bought, as the panels name it. */
export type PaymentItem = { skuId: number; goodsType: 1 | 2; name: string; price: number };

export type PaymentState = {
  phase: PaymentPhase;
  item: PaymentItem | null;
  tid: string | null;
  cashierUrl: string | null;
  popupBlocked: boolean;
  /** Polls answered so far for this order. */
  tries: number;
  /** "Order not paid!": the user said they paid, the order says otherwise. */
  notPaid: boolean;
};

/** The cashier tab, opened blank in the click and navigated once the order exists. */
export type CashierWindow = { navigate: (url: string) => void; close: () => void };

export type PaymentDeps = {
  createOrder: (body: CreateOrderBody) => Promise<CreateOrderData>;
  searchOrder: (tid: string) => Promise<OrderStateData>;
  openWindow: () => CashierWindow | null;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** The order is paid: refresh user data, permissions and the balance. */
  onPaid: (order: OrderStateData) => void;
  pollMs?: number;
  maxTries?: number;
};

const IDLE: PaymentState = { phase: 'idle', item: null, tid: null, cashierUrl: null, popupBlocked: false, tries: 0, notPaid: false };

/** A poll's answer that ends polling: paid, failed, or a refusal other than "not paid yet". */
type PollOutcome = 'paid' | 'failed' | 'pending';

function outcomeOf(order: OrderStateData): PollOutcome {
  if (order.pay_status === PAY_STATUS.payed) return 'paid';
  if (order.pay_status === PAY_STATUS.payFail) return 'failed';
  return 'pending';
}

/** A failed poll: network trouble or 43002 mean "ask again"; another envelope code ends in failure. */
function outcomeOfError(err: unknown): PollOutcome {
  if (err instanceof ApiError && err.kind === 'envelope' && err.code !== CODES.ORDER_NOT_PAID.code) return 'failed';
  return 'pending';
}

export function createPaymentStore(deps: PaymentDeps) {
  const pollMs = deps.pollMs ?? TIMINGS.orderPollMs;
  const maxTries = deps.maxTries ?? TIMINGS.orderPollTries;
  let state: PaymentState = IDLE;
  const listeners = new Set<() => void>();
  let timer: unknown = null;
  // Bumped by every new order and every reset: answers of an older order are dropped.
  let generation = 0;

  function set(patch: Partial<PaymentState>): void {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  }

  function stopTimer(): void {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
  }

  function finish(outcome: PollOutcome, order: OrderStateData | null): void {
    stopTimer();
    if (outcome === 'paid') {
      set({ phase: 'success', notPaid: false });
      if (order) deps.onPaid(order);
    } else if (outcome === 'failed') set({ phase: 'failure', notPaid: false });
  }

  function schedulePoll(gen: number): void {
    timer = deps.setTimer(() => {
      timer = null;
      void poll(gen);
    }, pollMs);
  }

  /** The order's state now, or what its refusal means for the flow. */
  async function ask(tid: string): Promise<{ order: OrderStateData | null; outcome: PollOutcome }> {
    try {
      const order = await deps.searchOrder(tid);
      return { order, outcome: outcomeOf(order) };
    } catch (err) {
      return { order: null, outcome: outcomeOfError(err) };
    }
  }

  async function poll(gen: number): Promise<void> {
    const tid = state.tid;
    if (!tid) return;
    const { order, outcome } = await ask(tid);
    if (gen !== generation || state.phase !== 'paying') return;
    const tries = state.tries + 1;
    set({ tries });
    if (outcome !== 'pending') finish(outcome, order);
    else if (tries >= maxTries) set({ phase: 'timeout' });
    else schedulePoll(gen);
  }

  /** Call from the click handler itself: the cashier window opens before anything is awaited. */
  function pay(item: PaymentItem): Promise<void> {
    const gen = ++generation;
    stopTimer();
    const win = deps.openWindow();
    set({ ...IDLE, phase: 'creating', item, popupBlocked: win === null });
    return deps.createOrder({ id: item.skuId, goods_type: item.goodsType }).then(
      (created) => {
        if (gen !== generation) return win?.close();
        win?.navigate(created.redirec_url);
        set({ phase: 'paying', tid: created.tid, cashierUrl: created.redirec_url });
        schedulePoll(gen);
      },
      () => {
        // The client already said why (43003, 43007…); back to the choice.
        win?.close();
        if (gen === generation) set({ ...IDLE });
      },
    );
  }

  /** "I have paid": ask now; still unpaid shows "Order not paid!" and polling goes on. */
  async function checkNow(): Promise<void> {
    const gen = generation;
    const tid = state.tid;
    if (!tid || (state.phase !== 'paying' && state.phase !== 'timeout')) return;
    const { order, outcome } = await ask(tid);
    if (gen !== generation || (state.phase !== 'paying' && state.phase !== 'timeout')) return;
    if (outcome === 'pending') set({ notPaid: true });
    else finish(outcome, order);
  }

  /** From the failure panel: a new order for the same sku (again from the click handler). */
  function payAgain(): Promise<void> {
    return state.item ? pay(state.item) : Promise.resolve();
  }

  /** Back to the choice (failure's "change plan"), or the dialog closed: polling stops. */
  function reset(): void {
    generation++;
    stopTimer();
    set({ ...IDLE });
  }

  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pay,
    checkNow,
    payAgain,
    changePlan: reset,
    reset,
  };
}

export type PaymentStore = ReturnType<typeof createPaymentStore>;
