/**
 * /api-keys (user center) and /app-keys (admin area) rendered through the real router against the
 * fake gateway: the calls they make, the table's columns and states, the empty state, both
 * languages, who may open which, and the navigation entries.
 */
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n';
import { loginAs, withAdminPageSession } from '../../test-utils/admin-page-session';
import { renderRoute } from '../../test-utils/render-route';
import { createSystemLogGateway, fakeLogLine } from '../admin/system-log/fake-system-log';
import { adminAppKeysQueryOf } from './app-keys-api';
import { createAppKeyGateway, fakeAppKey } from './fake-app-keys';

withAdminPageSession();

function serve(keys?: Parameters<typeof createAppKeyGateway>[0]) {
  const gateway = createAppKeyGateway(keys);
  globalThis.fetch = gateway.fetch as typeof fetch;
  return gateway;
}

const rows = (html: string) => [...html.matchAll(/data-testid="app-key-row" data-app-id="([^"]+)" data-state="(\w+)"/g)].map((m) => m[2]);

describe('/api-keys', () => {
  it('lists the user’s keys ten a page with their state, dates and the create button', async () => {
    const keys = Array.from({ length: 12 }, (_, i) =>
      fakeAppKey(12 - i, i === 1 ? { revoked_at: '2026-03-02T09:00:00Z', last_used_at: '2026-03-02T08:00:00Z' } : {}),
    );
    const gateway = serve(keys);
    loginAs('normal');
    const page = await renderRoute('/api-keys?page=1');
    expect(page.pathname).toBe('/api-keys');
    expect(page.testIds).toEqual(
      expect.arrayContaining(['user-center-layout', 'api-keys-page', 'app-key-create', 'app-key-table', 'app-key-pages']),
    );
    expect(gateway.requests.map((r) => r.url)).toContain('/api/v1.0/app/keys?page=1&page_size=10');
    expect(rows(page.html)).toEqual(['live', 'revoked', ...Array(8).fill('live')]);
    // Only live keys can be revoked; a key never used says so.
    expect([...page.html.matchAll(/data-testid="app-key-revoke"/g)]).toHaveLength(9);
    expect(page.html).toContain('00000000-0000-4000-8000-000000000012');
    expect(page.html).toContain('Never');
    expect(page.html).toContain('Revoked');
    expect(page.html).toContain('href="/api-keys"');
    expect(page.testIds).not.toContain('app-keys-empty');

    const second = await renderRoute('/api-keys?page=2');
    expect(gateway.requests.map((r) => r.url)).toContain('/api/v1.0/app/keys?page=2&page_size=10');
    expect(rows(second.html)).toHaveLength(2);
  });

  it('explains what a key is for when there is none, in both languages', async () => {
    serve([]);
    loginAs('normal');
    const en = await renderRoute('/api-keys');
    expect(en.testIds).toContain('app-keys-empty');
    expect(en.testIds).not.toContain('app-key-table');
    expect(en.html).toContain('You have no API keys yet.');
    expect(en.html).toContain('DeepL or LibreTranslate client');
    await changeLang('zh_CN');
    const zh = await renderRoute('/api-keys');
    expect(zh.html).toContain('您还没有 API 密钥。');
    expect(zh.html).toContain('创建密钥');
    await changeLang('en_US');
  });

  it('is not for free visitors', async () => {
    serve();
    const page = await renderRoute('/api-keys');
    expect(page.pathname).not.toBe('/api-keys');
    expect(page.testIds).not.toContain('api-keys-page');
  });
});

describe('/app-keys', () => {
  it('lists every key with its owner and site, searched by the URL’s keyword', async () => {
    const gateway = serve([
      fakeAppKey(1),
      fakeAppKey(2, { account: 'bob@example.com', username: 'Bob', site_id: 8, site_name: 'Keys Co', revoked_at: '2026-03-02T09:00:00Z' }),
    ]);
    loginAs('admin');
    const page = await renderRoute('/app-keys?keyword=bob');
    expect(page.testIds).toEqual(
      expect.arrayContaining(['admin-layout', 'admin-app-keys-page', 'app-key-search', 'app-key-table', 'app-key-total']),
    );
    expect(gateway.requests.map((r) => r.url)).toContain('/api/v1.0/admin/app_keys?page_size=10&page=1&keyword=bob');
    expect(rows(page.html)).toEqual(['revoked']);
    expect(page.html).toContain('bob@example.com');
    expect(page.html).toContain('Keys Co'); // the site by name, not its id
    expect(page.html).toMatch(/value="bob"/);
    expect(page.html).toContain('href="/app-keys"');
  });

  it('is open to managers, and says so when nothing matches, in Chinese too', async () => {
    serve([]);
    loginAs('manager');
    const en = await renderRoute('/app-keys');
    expect(en.pathname).toBe('/app-keys');
    expect(en.html).toContain('No keys match.');
    await changeLang('zh_CN');
    const zh = await renderRoute('/app-keys');
    expect(zh.html).toContain('没有符合条件的密钥。');
    expect(zh.html).toContain('API 密钥管理');
    await changeLang('en_US');
  });

  it('is not for ordinary users', async () => {
    serve();
    loginAs('normal');
    expect((await renderRoute('/app-keys')).pathname).toBe('/403');
  });
});

describe('adminAppKeysQueryOf', () => {
  it('sends no keyword for none, and cuts a long one to the server’s 120 characters', () => {
    expect(adminAppKeysQueryOf({})).toEqual({ page: 1 });
    expect(adminAppKeysQueryOf({ page: 3, keyword: 'bob' })).toEqual({ page: 3, keyword: 'bob' });
    expect(adminAppKeysQueryOf({ keyword: 'x'.repeat(150) }).keyword).toHaveLength(120);
  });
});

describe('the system log', () => {
  it('names the key actions in both languages', async () => {
    const gateway = createSystemLogGateway([
      fakeLogLine(1, { action: 'app_key.create', target_type: 'app_key', before: null, after: { name: 'Build server' } }),
      fakeLogLine(2, { action: 'app_key.revoke', target_type: 'app_key', before: null, after: null }),
    ]);
    globalThis.fetch = gateway.fetch as typeof fetch;
    loginAs('admin');
    const en = (await renderRoute('/systemlog')).html;
    for (const name of ['API key created', 'API key revoked']) expect(en).toContain(name);
    await changeLang('zh_CN');
    const zh = (await renderRoute('/systemlog')).html;
    for (const name of ['创建 API 密钥', '吊销 API 密钥']) expect(zh).toContain(name);
    await changeLang('en_US');
  });
});
