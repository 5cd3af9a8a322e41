/**
 * The light session check: while a tab holds a token it asks `GET user/check_session` every
 * SESSION_CHECK_MS and whenever the tab comes back into view or focus. A session ended by a
 * login elsewhere answers 403 and the API client does the rest (message, logout, login page
 * with `?redirect=` back here), so the user hears of it at once instead of at their next click.
 *
 * Polling rather than a server push: the gateway has no push channel to browsers, and one tiny
 * authenticated call per tab every 20 s (the auth hook's one query) costs less than keeping a
 * socket per tab open. A hidden tab skips its ticks and checks on its return instead.
 */
import { useEffect } from 'react';
import { checkSession } from '../api/endpoints';
import { hasAuthToken } from './session';

export const SESSION_CHECK_MS = 20_000;

/** What the check needs from the browser, so the schedule is testable without one. */
export type SessionCheckEnv = {
  hasToken: () => boolean;
  check: () => Promise<unknown>;
  isHidden: () => boolean;
  every: (fn: () => void, ms: number) => () => void;
  onReturn: (fn: () => void) => () => void;
};

/** Starts checking; answers the function that stops. Overlapping checks are skipped. */
export function startSessionCheck(env: SessionCheckEnv): () => void {
  let inFlight = false;
  const run = () => {
    if (inFlight || env.isHidden() || !env.hasToken()) return;
    inFlight = true;
    // The client already reacted to whatever came back; nothing is left to do with it here.
    env
      .check()
      .catch(() => undefined)
      .finally(() => {
        inFlight = false;
      });
  };
  const stopTimer = env.every(run, SESSION_CHECK_MS);
  const stopReturn = env.onReturn(run);
  return () => {
    stopTimer();
    stopReturn();
  };
}

export function browserSessionCheckEnv(): SessionCheckEnv {
  return {
    hasToken: hasAuthToken,
    check: checkSession,
    isHidden: () => document.visibilityState === 'hidden',
    every: (fn, ms) => {
      const id = setInterval(fn, ms);
      return () => clearInterval(id);
    },
    onReturn: (fn) => {
      const onVisible = () => document.visibilityState === 'visible' && fn();
      document.addEventListener('visibilitychange', onVisible);
      window.addEventListener('focus', fn);
      return () => {
        document.removeEventListener('visibilitychange', onVisible);
        window.removeEventListener('focus', fn);
      };
    },
  };
}

/** Mounted once, at the root: every page of every area is covered, public pages cost nothing. */
export function useSessionCheck(): void {
  useEffect(() => startSessionCheck(browserSessionCheckEnv()), []);
}
