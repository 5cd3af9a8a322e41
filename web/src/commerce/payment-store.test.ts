import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS, type CreateOrderBody, type OrderStateData } from '@mtp/proto';
import { ApiError } from '../api/api-error';
import { createPaymentStore, type CashierWindow, type PaymentItem } from './payment-store';

const ITEM: PaymentItem = { skuId: 7, goodsType: 1, name: 'Professional · 1 month', price: 9900 };

function order(pay_status: 0 | 1 | 2 | 3, tid = 't1'): OrderStateData {
  return {
    tid,
    goods_name: 'Professional',
    sku_code: 'professional-m',
    goods_type: 'T01',
    price: 9900,
    pay_status,
    status: pay_status === 2 ? 1 : 0,
    created_at: '2026-11-22T00:00:00Z',
    paid_at: null,
    start_time: null,
    end_time: null,
    quota_chars: 8_500_000,
  };
}

/** A scripted server: each poll answers the next status (the last one repeats). */
function setup(opts: { statuses?: (0 | 1 | 2 | 3 | Error)[]; popup?: boolean; createFails?: boolean } = {}) {
  const statuses = opts.statuses ?? [1];
  const calls = { create: [] as CreateOrderBody[], search: [] as string[], paid: 0, navigated: [] as string[], closed: 0, opened: 0 };
  const win: CashierWindow = { navigate: (url) => void calls.navigated.push(url), close: () => void calls.closed++ };
  const store = createPaymentStore({
    createOrder: (body) => {
      calls.create.push(body);
      if (opts.createFails) return Promise.reject(new ApiError({ kind: 'envelope', code: 43003, msg: 'no', handled: true }));
      const n = calls.create.length;
      return Promise.resolve({ tid: `t${n}`, redirec_url: `/api/v1.0/cashier/t${n}` });
    },
    searchOrder: (tid) => {
      const next = statuses[Math.min(calls.search.length, statuses.length - 1)]!;
      calls.search.push(tid);
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(order(next, tid));
    },
    openWindow: () => {
      calls.opened++;
      return opts.popup === false ? null : win;
    },
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    onPaid: () => void calls.paid++,
  });
  return { store, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the payment store', () => {
  it('opens the cashier in the click itself, then points it at the order and polls every 3 s', async () => {
    const { store, calls } = setup();
    const paying = store.pay(ITEM);
    // Synchronously, before the order answered: a popup blocker allows only this.
    expect(calls.opened).toBe(1);
    expect(store.getState().phase).toBe('creating');
    await paying;
    expect(calls.create).toEqual([{ id: 7, goods_type: 1 }]);
    expect(calls.navigated).toEqual(['/api/v1.0/cashier/t1']);
    expect(store.getState()).toMatchObject({ phase: 'paying', tid: 't1', popupBlocked: false });
    expect(calls.search).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs - 1);
    expect(calls.search).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.search).toEqual(['t1']);
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs * 2);
    expect(calls.search).toHaveLength(3);
  });

  it('paying → success on pay_status 2: refreshes the user once and stops polling', async () => {
    const { store, calls } = setup({ statuses: [1, 1, 2] });
    await store.pay(ITEM);
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs * 3);
    expect(store.getState().phase).toBe('success');
    expect(calls.paid).toBe(1);
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs * 5);
    expect(calls.search).toHaveLength(3);
  });

  it('paying → failure on pay_status 3 → pay again makes a new order for the same sku', async () => {
    const { store, calls } = setup({ statuses: [3, 1] });
    await store.pay(ITEM);
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs);
    expect(store.getState().phase).toBe('failure');
    expect(calls.paid).toBe(0);
    await store.payAgain();
    expect(calls.opened).toBe(2);
    expect(calls.create).toEqual([
      { id: 7, goods_type: 1 },
      { id: 7, goods_type: 1 },
    ]);
    expect(store.getState()).toMatchObject({ phase: 'paying', tid: 't2', tries: 0 });
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs);
    expect(calls.search.at(-1)).toBe('t2');
  });

  it('change plan goes back to the choice and polling stops', async () => {
    const { store, calls } = setup({ statuses: [3] });
    await store.pay(ITEM);
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs);
    store.changePlan();
    expect(store.getState()).toMatchObject({ phase: 'idle', item: null, tid: null });
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs * 3);
    expect(calls.search).toHaveLength(1);
  });

  it('flags a timeout after 100 unanswered tries, not before', async () => {
    const { store, calls } = setup({ statuses: [1] });
    await store.pay(ITEM);
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs * (TIMINGS.orderPollTries - 1));
    expect(store.getState()).toMatchObject({ phase: 'paying', tries: 99 });
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs);
    expect(store.getState()).toMatchObject({ phase: 'timeout', tries: 100 });
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs * 10);
    expect(calls.search).toHaveLength(100);
  });

  it('keeps polling through network failures and 43002, and fails on another refusal', async () => {
    const notPaid = new ApiError({ kind: 'envelope', code: 43002, msg: 'Order not paid!', handled: false });
    const network = new ApiError({ kind: 'network', handled: false });
    const notFound = new ApiError({ kind: 'envelope', code: 43001, msg: 'The order does not exist', handled: true });
    const { store } = setup({ statuses: [network, notPaid, notFound] });
    await store.pay(ITEM);
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs * 2);
    expect(store.getState().phase).toBe('paying');
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs);
    expect(store.getState().phase).toBe('failure');
  });

  it('"I have paid" on an unpaid order says "Order not paid!", and succeeds once paid', async () => {
    const { store, calls } = setup({ statuses: [1, 2] });
    await store.pay(ITEM);
    await store.checkNow();
    expect(store.getState()).toMatchObject({ phase: 'paying', notPaid: true });
    await store.checkNow();
    expect(store.getState()).toMatchObject({ phase: 'success', notPaid: false });
    expect(calls.paid).toBe(1);
  });

  it('shows the cashier link when the popup was blocked', async () => {
    const { store } = setup({ popup: false });
    await store.pay(ITEM);
    expect(store.getState()).toMatchObject({ phase: 'paying', popupBlocked: true, cashierUrl: '/api/v1.0/cashier/t1' });
  });

  it('a refused order closes the blank window and returns to the choice', async () => {
    const { store, calls } = setup({ createFails: true });
    await store.pay(ITEM);
    expect(calls.closed).toBe(1);
    expect(store.getState().phase).toBe('idle');
  });

  it('drops the answer of an order the user left', async () => {
    const { store, calls } = setup({ statuses: [2] });
    const pending = store.pay(ITEM);
    store.reset();
    await pending;
    expect(calls.closed).toBe(1);
    expect(store.getState().phase).toBe('idle');
    await vi.advanceTimersByTimeAsync(TIMINGS.orderPollMs * 2);
    expect(calls.search).toHaveLength(0);
    expect(calls.paid).toBe(0);
  });
});
