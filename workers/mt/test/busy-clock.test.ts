/**
 * BusyClock counts the time during which any call was outstanding: overlapping calls once, idle
 * gaps not at all, a failed call like any other, and a call still running up to now.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BusyClock } from '../src/models/busy-clock';

/** A call that ends when `end` is called. */
function call(clock: BusyClock, fail = false): { done: Promise<unknown>; end: () => void } {
  let end!: () => void;
  const done = clock
    .time(() => new Promise<void>((resolve, reject) => (end = () => (fail ? reject(new Error('failed')) : resolve()))))
    .catch(() => undefined);
  return { done, end };
}

describe('BusyClock', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['performance'] }));
  afterEach(() => vi.useRealTimers());

  it('counts overlapping calls once and idle time not at all', async () => {
    const clock = new BusyClock();
    const a = call(clock); // busy from 0
    vi.advanceTimersByTime(10);
    const b = call(clock);
    vi.advanceTimersByTime(20);
    a.end();
    await a.done;
    vi.advanceTimersByTime(20);
    b.end(); // busy until 50
    await b.done;
    vi.advanceTimersByTime(100); // idle
    const c = call(clock, true);
    vi.advanceTimersByTime(5);
    c.end(); // a failure counts too
    await c.done;
    expect(clock.busyMs()).toBe(55);
  });

  it('includes a call still running', () => {
    const clock = new BusyClock();
    call(clock);
    vi.advanceTimersByTime(7);
    expect(clock.busyMs()).toBe(7);
  });
});
