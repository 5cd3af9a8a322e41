/** The client's side of the session check: where a forced logout leads, and a quiet background call. */
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../auth/tokens';
import { createApiClient } from './client';

function harness(reply: () => Response, currentPath: string) {
  const toasts: string[] = [];
  const navigations: string[] = [];
  const timers: (() => void)[] = [];
  const client = createApiClient({
    fetch: async () => reply(),
    storage: memoryStorage({ authToken: 'a', refreshToken: 'r' }),
    language: () => 'en_US',
    t: (key) => `t:${key}`,
    toast: (msg) => void toasts.push(msg),
    navigate: (path) => void navigations.push(path),
    loginPath: () => '/acme',
    currentPath: () => currentPath,
    onTokenRefreshed: () => {},
    onLoggedOut: () => {},
    onQuotaExceeded: () => {},
    onPlanLimit: () => {},
    delay: (fn) => void timers.push(fn),
  });
  return { client, toasts, navigations, timers };
}

describe('session check in the client', () => {
  it('a login elsewhere leads to the login page with the way back', async () => {
    const h = harness(() => new Response('{}', { status: 403 }), '/mytermbank?bank=3');
    await expect(h.client.get('user/check_session', undefined, { background: true })).rejects.toMatchObject({ kind: 'http', status: 403 });
    h.timers.forEach((fn) => fn());
    expect(h.toasts).toEqual(['t:api.loggedInElsewhere']);
    expect(h.navigations).toEqual(['/acme?redirect=%2Fmytermbank%3Fbank%3D3']);
  });

  it('adds no way back from the home page or a login page', async () => {
    for (const here of ['/', '/acme']) {
      const h = harness(() => new Response('{}', { status: 403 }), here);
      await h.client.get('user/check_session').catch(() => undefined);
      h.timers.forEach((fn) => fn());
      expect(h.navigations).toEqual(['/acme']);
    }
  });

  it('a background call does not toast a network failure or a 502', async () => {
    const down = harness(() => {
      throw new TypeError('Failed to fetch');
    }, '/');
    await expect(down.client.get('user/check_session', undefined, { background: true })).rejects.toMatchObject({
      kind: 'network',
      handled: false,
    });
    const bad = harness(() => new Response('', { status: 502 }), '/');
    await expect(bad.client.get('user/check_session', undefined, { background: true })).rejects.toMatchObject({ status: 502 });
    expect([...down.toasts, ...bad.toasts]).toEqual([]);
  });
});
