import { describe, expect, it } from 'vitest';
import { SESSION_CHECK_MS, startSessionCheck, type SessionCheckEnv } from './session-check';

function fakeEnv(state: { token: boolean; hidden: boolean }) {
  const calls: string[] = [];
  let tick: (() => void) | null = null;
  let back: (() => void) | null = null;
  let release: (() => void) | null = null;
  const env: SessionCheckEnv = {
    hasToken: () => state.token,
    isHidden: () => state.hidden,
    check: () => {
      calls.push('check');
      return new Promise<void>((resolve) => (release = resolve));
    },
    every: (fn, ms) => {
      expect(ms).toBe(SESSION_CHECK_MS);
      tick = fn;
      return () => (tick = null);
    },
    onReturn: (fn) => {
      back = fn;
      return () => (back = null);
    },
  };
  return { env, calls, tick: () => tick?.(), back: () => back?.(), settle: async () => release?.() };
}

describe('session check', () => {
  it('checks on every tick and when the tab returns, only with a token and while visible', async () => {
    const state = { token: false, hidden: false };
    const f = fakeEnv(state);
    const stop = startSessionCheck(f.env);
    f.tick();
    expect(f.calls).toEqual([]);
    state.token = true;
    f.tick();
    // A check still in flight is not doubled by the focus that follows.
    f.back();
    expect(f.calls).toEqual(['check']);
    await f.settle();
    await Promise.resolve();
    await Promise.resolve();
    state.hidden = true;
    f.tick();
    expect(f.calls).toEqual(['check']);
    state.hidden = false;
    f.back();
    expect(f.calls).toEqual(['check', 'check']);
    stop();
  });
});
