import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLatestRunner } from './latest-runner';

type Call = { input: string; signal: AbortSignal; resolve: (v: string) => void; reject: (e: unknown) => void };

function setup(delayMs = 600) {
  const calls: Call[] = [];
  const results: string[] = [];
  const errors: unknown[] = [];
  const pending: boolean[] = [];
  const runner = createLatestRunner<string, string>({
    delayMs,
    run: (input, signal) => new Promise<string>((resolve, reject) => calls.push({ input, signal, resolve, reject })),
    onResult: (out) => results.push(out),
    onError: (err) => errors.push(err),
    onPendingChange: (p) => pending.push(p),
  });
  return { runner, calls, results, errors, pending };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createLatestRunner', () => {
  it('debounces: one request, for the last input, after the quiet time', async () => {
    const { runner, calls } = setup();
    for (const text of ['t', 'tw', 'twe', 'twen']) {
      runner.schedule(text);
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(399);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.input)).toEqual(['twen']);
  });

  it('lets only the latest answer land and aborts the stale request', async () => {
    const { runner, calls, results, pending } = setup();
    runner.schedule('one');
    await vi.advanceTimersByTimeAsync(600);
    runner.schedule('two');
    expect(calls[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(600);
    calls[1]!.resolve('TWO');
    calls[0]!.resolve('ONE'); // arrives late anyway
    await vi.runAllTimersAsync();
    expect(results).toEqual(['TWO']);
    expect(runner.pending).toBe(false);
    expect(pending).toEqual([true, false, true, false]);
  });

  it('ignores failures of stale requests and reports the latest one', async () => {
    const { runner, calls, errors } = setup(0);
    runner.schedule('a');
    await vi.advanceTimersByTimeAsync(0);
    runner.schedule('b');
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.reject(new Error('aborted'));
    calls[1]!.reject(new Error('boom'));
    await vi.runAllTimersAsync();
    expect(errors).toEqual([new Error('boom')]);
  });

  it('cancel drops the waiting timer and the request in flight', async () => {
    const { runner, calls, results } = setup();
    runner.schedule('x');
    runner.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(0);
    runner.schedule('y');
    await vi.advanceTimersByTimeAsync(600);
    runner.cancel();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve('Y');
    await vi.runAllTimersAsync();
    expect(results).toEqual([]);
  });

  it('a schedule with its own delay (a language choice) runs at once', async () => {
    const { runner, calls } = setup();
    runner.schedule('now', 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.input)).toEqual(['now']);
  });

  it('turns a synchronous throw of run into onError', async () => {
    const errors: unknown[] = [];
    const runner = createLatestRunner<string, string>({
      delayMs: 0,
      run: () => {
        throw new Error('sync');
      },
      onResult: () => {},
      onError: (e) => errors.push(e),
    });
    runner.schedule('x');
    await vi.runAllTimersAsync();
    expect(errors).toEqual([new Error('sync')]);
  });
});
