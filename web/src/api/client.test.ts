import { describe, expect, it } from 'vitest';
import { TIMINGS } from '@mtp/proto';
import { memoryStorage } from '../auth/tokens';
import { ApiError } from './api-error';
import { createApiClient, type ApiClientDeps } from './client';
import type { RefreshLock } from '../auth/refresh-lock';

type Call = { url: string; method: string; headers: Record<string, string>; body?: string };
type Reply = { status?: number; json?: unknown; throws?: boolean };

/** A scripted stand-in for the browser's fetch: answers by URL substring, records every call. */
function harness(routes: Record<string, Reply | Reply[]>, store: Record<string, string> = {}) {
  const calls: Call[] = [];
  const toasts: string[] = [];
  const navigations: string[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const events: string[] = [];
  const storage = memoryStorage(store);
  const fetch: ApiClientDeps['fetch'] = async (url, init) => {
    calls.push({ url, method: String(init.method), headers: init.headers as Record<string, string>, body: init.body as string });
    const key = Object.keys(routes).find((k) => url.includes(k));
    if (!key) throw new Error(`unexpected fetch ${url}`);
    const list = routes[key]!;
    const reply = Array.isArray(list) ? (list.length > 1 ? list.shift()! : list[0]!) : list;
    if (reply.throws) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.json ?? null), { status: reply.status ?? 200 });
  };
  const client = createApiClient({
    fetch,
    storage,
    language: () => 'en_US',
    t: (key) => `t:${key}`,
    toast: (msg) => void toasts.push(msg),
    navigate: (path) => void navigations.push(path),
    loginPath: () => '/login',
    onTokenRefreshed: () => void events.push('refreshed'),
    onLoggedOut: () => void events.push('logged-out'),
    onQuotaExceeded: (msg) => void events.push(`quota:${msg}`),
    onPlanLimit: (msg) => void events.push(`plan:${msg}`),
    delay: (fn, ms) => void timers.push({ fn, ms }),
  });
  return { client, calls, toasts, navigations, timers, events, storage };
}

const ok = (data: unknown): Reply => ({ json: { code: 20000, msg: 'Success', data } });
const tokens = { authToken: 'old-access', refreshToken: 'refresh-1' };

describe('api client', () => {
  it('unwraps data and sends the UI language and bearer token', async () => {
    const h = harness({ 'user/get_user_data': ok({ user_id: 7 }) }, tokens);
    await expect(h.client.get('user/get_user_data')).resolves.toEqual({ user_id: 7 });
    expect(h.calls[0]!.url).toBe('/api/v1.0/user/get_user_data');
    expect(h.calls[0]!.headers).toMatchObject({ 'Accept-Language': 'en-US', Authorization: 'Bearer old-access' });
  });

  it('on 401 refreshes once, stores the new token and retries the original request', async () => {
    const h = harness(
      {
        'user/refresh_token': ok({ access_token: 'new-access', refresh_token: 'refresh-2', expires_in: 900 }),
        messages: [{ status: 401, json: { code: 40100, msg: 'expired', data: null } }, ok({ total: 3 })],
      },
      tokens,
    );
    await expect(h.client.get('messages', { page: 1 })).resolves.toEqual({ total: 3 });
    expect(h.calls.map((c) => c.url)).toEqual(['/api/v1.0/messages?page=1', '/api/v1.0/user/refresh_token', '/api/v1.0/messages?page=1']);
    expect(h.calls[1]!.headers.Authorization).toBe('Bearer refresh-1');
    expect(h.calls[2]!.headers.Authorization).toBe('Bearer new-access');
    expect(h.storage.getItem('authToken')).toBe('new-access');
    // Refresh tokens rotate: the one just used is retired, the new one is kept.
    expect(h.storage.getItem('refreshToken')).toBe('refresh-2');
    expect(h.events).toEqual(['refreshed']);
    expect(h.toasts).toEqual([]);
  });

  it('retries only once: a second 401 after a refresh logs out', async () => {
    const h = harness({ 'user/refresh_token': ok({ access_token: 'new-access', expires_in: 900 }), messages: { status: 401 } }, tokens);
    await expect(h.client.get('messages')).rejects.toMatchObject({ status: 401 });
    expect(h.calls.map((c) => c.url.replace('/api/v1.0/', ''))).toEqual(['messages', 'user/refresh_token', 'messages']);
    expect(h.toasts).toEqual(['t:api.sessionExpired']);
    expect(h.navigations).toEqual(['/login']);
    expect(h.storage.dump()).toEqual({});
  });

  it('shares one refresh between concurrent 401s', async () => {
    const h = harness(
      {
        'user/refresh_token': ok({ access_token: 'new-access', expires_in: 900 }),
        messages: [{ status: 401 }, { status: 401 }, ok('a'), ok('b')],
      },
      tokens,
    );
    await Promise.all([h.client.get('messages'), h.client.get('messages')]);
    expect(h.calls.filter((c) => c.url.includes('refresh_token'))).toHaveLength(1);
    expect(h.events).toEqual(['refreshed']);
  });

  it('without a refresh token: says the login expired, clears tokens, goes to login', async () => {
    const h = harness({ messages: { status: 401 } }, { authToken: 'old-access' });
    await expect(h.client.get('messages')).rejects.toBeInstanceOf(ApiError);
    expect(h.calls).toHaveLength(1);
    expect(h.toasts).toEqual(['t:api.sessionExpired']);
    expect(h.storage.getItem('authToken')).toBeNull();
    expect(h.navigations).toEqual(['/login']);
  });

  it('when the refresh itself fails: logs out once and does not retry', async () => {
    const h = harness({ 'user/refresh_token': { status: 401 }, messages: { status: 401 } }, tokens);
    await expect(h.client.get('messages')).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(h.calls.filter((c) => c.url.includes('messages'))).toHaveLength(1);
    expect(h.toasts).toEqual(['t:api.sessionExpired']);
    expect(h.storage.dump()).toEqual({});
  });

  it('on 403 logs out after the logout delay with "logged in elsewhere"', async () => {
    const h = harness({ messages: { status: 403 } }, tokens);
    await expect(h.client.get('messages')).rejects.toMatchObject({ status: 403 });
    expect(h.navigations).toEqual([]);
    expect(h.timers.map((t) => t.ms)).toEqual([TIMINGS.logoutDelayMs]);
    h.timers[0]!.fn();
    expect(h.toasts).toEqual(['t:api.loggedInElsewhere']);
    expect(h.storage.getItem('refreshToken')).toBeNull();
    expect(h.events).toEqual(['logged-out']);
    expect(h.navigations).toEqual(['/login']);
  });

  it('on 502 says the server is abnormal', async () => {
    const h = harness({ messages: { status: 502 } }, tokens);
    await expect(h.client.get('messages')).rejects.toMatchObject({ status: 502 });
    expect(h.toasts).toEqual(['t:api.serverAbnormal']);
  });

  it('42000 navigates to /403', async () => {
    const h = harness({ messages: { json: { code: 42000, msg: 'No permission', data: null } } }, tokens);
    await expect(h.client.get('messages')).rejects.toMatchObject({ code: 42000 });
    expect(h.navigations).toEqual(['/403']);
    expect(h.toasts).toEqual([]);
  });

  it('41007 clears credentials at once and goes to login after the delay', async () => {
    const h = harness({ 'user/login': { json: { code: 41007, msg: 'disabled', data: null } } }, tokens);
    await expect(h.client.post('user/login', { account: 'a' })).rejects.toMatchObject({ code: 41007 });
    expect(h.toasts).toEqual(['t:api.siteDisabled']);
    expect(h.storage.getItem('authToken')).toBeNull();
    expect(h.navigations).toEqual([]);
    h.timers[0]!.fn();
    expect(h.navigations).toEqual(['/login']);
  });

  it('41005 and 42005 go to the purchase hook points', async () => {
    const h = harness(
      { quota: { json: { code: 41005, msg: 'Not enough', data: null } }, plan: { json: { code: 42005, msg: 'Limit.', data: null } } },
      tokens,
    );
    await expect(h.client.get('quota')).rejects.toMatchObject({ code: 41005 });
    await expect(h.client.get('plan')).rejects.toMatchObject({ code: 42005 });
    expect(h.events).toEqual(['quota:Not enough', 'plan:Limit.t:api.upgradePlan']);
  });

  it('any other code toasts the server message and rejects with code and msg', async () => {
    const h = harness({ 'user/login': { json: { code: 40021, msg: 'Incorrect password', data: null } } });
    const err = await h.client.post('user/login', { account: 'a' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 40021, msg: 'Incorrect password', handled: true });
    expect(h.toasts).toEqual(['Incorrect password']);
    expect(JSON.parse(h.calls[0]!.body!)).toEqual({ account: 'a' });
  });

  it('expected codes reject without a toast', async () => {
    const h = harness({ get_login_config: { json: { code: 40027, msg: 'Site does not exist', data: null } } });
    await expect(h.client.get('get_login_config', { site_code: 'nope' }, { expectedCodes: [40027] })).rejects.toMatchObject({
      code: 40027,
      handled: false,
    });
    expect(h.toasts).toEqual([]);
  });

  it('a network failure says so', async () => {
    const h = harness({ get_user_data: { throws: true } });
    await expect(h.client.get('user/get_user_data')).rejects.toMatchObject({ kind: 'network' });
    expect(h.toasts).toEqual(['t:api.networkFailed']);
  });

  it('rejects a non-whitelisted call without a token silently, before any fetch', async () => {
    const h = harness({});
    await expect(h.client.post('user/update_username', { username: 'x' })).rejects.toMatchObject({ kind: 'no-token' });
    expect(h.calls).toHaveLength(0);
    expect(h.toasts).toEqual([]);
  });

  it('quiet calls have no side effects', async () => {
    const h = harness({ 'user/logout': { status: 401 } }, tokens);
    await expect(h.client.post('user/logout', undefined, { quiet: true })).rejects.toMatchObject({ status: 401 });
    expect(h.calls).toHaveLength(1);
    expect(h.toasts).toEqual([]);
    expect(h.storage.getItem('authToken')).toBe('old-access');
  });
});

/** A lock like the browser's Web Locks: callers run one after another, in order. */
function sharedLock(): RefreshLock {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>) => {
    const run = tail.then(fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * Two tabs sharing localStorage against a server that rotates refresh tokens: each one is
 * exchanged once, and a retired one coming back ends the session (every later call 401).
 */
function twoTabs() {
  const storage = memoryStorage({ ...tokens });
  const refreshesSent: string[] = [];
  // The stored access token has expired; the stored refresh token is the live one.
  let live = { access: 'none-yet', refresh: 'refresh-1' };
  let sessionEnded = false;
  const fetch: ApiClientDeps['fetch'] = async (url, init) => {
    const bearer = String((init.headers as Record<string, string>).Authorization).replace('Bearer ', '');
    // Both tabs' calls are in flight at once, as in a browser.
    await new Promise((r) => setTimeout(r, 5));
    if (url.includes('refresh_token')) {
      refreshesSent.push(bearer);
      if (sessionEnded || bearer !== live.refresh) {
        sessionEnded = true;
        return new Response(null, { status: 401 });
      }
      const n = refreshesSent.length + 1;
      live = { access: `access-${n}`, refresh: `refresh-${n}` };
      return new Response(
        JSON.stringify({ code: 20000, msg: 'Success', data: { access_token: live.access, refresh_token: live.refresh } }),
      );
    }
    if (sessionEnded || bearer !== live.access) return new Response(null, { status: 401 });
    return new Response(JSON.stringify({ code: 20000, msg: 'Success', data: 'ok' }));
  };
  const lock = sharedLock();
  const events: string[] = [];
  const tab = () =>
    createApiClient({
      fetch,
      storage,
      language: () => 'en_US',
      t: (key) => `t:${key}`,
      toast: () => {},
      navigate: (path) => void events.push(`navigate:${path}`),
      loginPath: () => '/login',
      onTokenRefreshed: () => void events.push('refreshed'),
      onLoggedOut: () => void events.push('logged-out'),
      onQuotaExceeded: () => {},
      onPlanLimit: () => {},
      delay: () => {},
      refreshLock: lock,
    });
  return { tabs: [tab(), tab()], storage, refreshesSent, events };
}

describe('refresh across tabs', () => {
  it('two tabs hitting 401 at once exchange the shared refresh token once, never sending a retired one', async () => {
    const h = twoTabs();
    const [a, b] = h.tabs as [ReturnType<typeof createApiClient>, ReturnType<typeof createApiClient>];
    await expect(Promise.all([a.get('user/get_user_data'), b.get('user/get_user_data')])).resolves.toEqual(['ok', 'ok']);
    expect(h.refreshesSent).toEqual(['refresh-1']);
    expect(h.storage.getItem('refreshToken')).toBe('refresh-2');
    expect(h.events).toEqual(['refreshed']);
    // The next expiry is refreshed with the stored, rotated token.
    h.storage.setItem('authToken', 'expired-again');
    await expect(b.get('user/get_user_data')).resolves.toBe('ok');
    expect(h.refreshesSent).toEqual(['refresh-1', 'refresh-2']);
  });
});
