/**
 * One tab, two accounts: the real router renders the bank screen and My Documents against the
 * fake gateway (whose accounts own data named after them) into one query cache, the way a tab
 * keeps its cache across a logout and the next login.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storage } from '../api/instance';
import { endSession, startSession } from '../auth/session';
import { currentSessionUser } from '../auth/session-user';
import { clearTokens, rememberSite } from '../auth/tokens';
import { changeLang } from '../i18n';
import { createFakeGateway, type TOKENS } from '../test-utils/fake-gateway';
import { renderRoute } from '../test-utils/render-route';
import { USER_ROOT_KEY } from './query-keys';

const realFetch = globalThis.fetch;

function loginAs(who: keyof typeof TOKENS) {
  storage.setItem('authToken', who);
  storage.setItem('refreshToken', `${who}-refresh`);
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const userKeys = (client: QueryClient) =>
  client
    .getQueryCache()
    .findAll({ queryKey: USER_ROOT_KEY })
    .map((q) => q.queryKey);

beforeEach(async () => {
  globalThis.fetch = createFakeGateway().fetch as typeof fetch;
  clearTokens(storage);
  rememberSite(storage, null);
  await changeLang('en_US');
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('queries of the logged-in account', () => {
  it('are all keyed under the account', async () => {
    const client = newClient();
    loginAs('normal');
    await renderRoute('/mytermbank', { queryClient: client });
    await renderRoute('/myfile', { queryClient: client });
    const keys = userKeys(client);
    expect(keys.map((k) => k[2])).toEqual(expect.arrayContaining(['data', 'permission', 'banks', 'bank-entries', 'my-files']));
    for (const key of keys) expect(key[1]).toBe(currentSessionUser());
    // Nothing that depends on the account lives outside `user`.
    const others = client
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey[0]);
    expect(others.every((root) => root === 'user' || root === 'site')).toBe(true);
  });

  it('never show one account the banks or files another account left in the cache', async () => {
    const client = newClient();
    loginAs('normal');
    expect((await renderRoute('/mytermbank', { queryClient: client })).html).toContain('normal terms');
    expect((await renderRoute('/myfile', { queryClient: client })).html).toContain('normal-report-1.txt');
    // The next account on the same tab, even without the logout's cache reset.
    loginAs('admin');
    const banks = await renderRoute('/mytermbank', { queryClient: client });
    expect(banks.html).toContain('admin terms');
    expect(banks.html).not.toContain('normal');
    const files = await renderRoute('/myfile', { queryClient: client });
    expect(files.html).toContain('admin-report-1.txt');
    expect(files.html).not.toContain('normal-report');
  });

  it('are dropped by a login (every account) and by a logout (the whole cache)', async () => {
    const client = newClient();
    loginAs('normal');
    await renderRoute('/mytermbank', { queryClient: client });
    const before = currentSessionUser();
    await startSession(client, { access_token: 'admin', refresh_token: 'admin-refresh', expires_in: 1800 }, null);
    const after = userKeys(client);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((k) => k[1] === currentSessionUser() && k[1] !== before)).toBe(true);

    await renderRoute('/myfile', { queryClient: client });
    await endSession(client, () => undefined);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('give a visitor without a token no banks or files, without asking the server', async () => {
    const gateway = createFakeGateway();
    globalThis.fetch = gateway.fetch as typeof fetch;
    const banks = await renderRoute('/mymemorybank');
    expect(banks.testIds).toContain('bank-screen-0-individual');
    expect(banks.html).toContain('No banks yet');
    const files = await renderRoute('/myfile');
    expect(files.testIds).toContain('my-files-empty');
    expect(gateway.requests.some((r) => /get_list|get_es_list|my_files/.test(r.url))).toBe(false);
  });
});
