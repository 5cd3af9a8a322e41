/**
 * Enterprises on a real PostgreSQL through the real gateway: creating and changing them (with
 * their manager created or linked), validation, logos, who may see what, the disabled site
 * (41007 on every kind of call of its users, nobody else's) and its renewal, and do_cat.
 */
import type { CompanySaveData, Enterprise, TokenPair } from '@mtp/proto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { uploadDocuments } from './doc-support';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
let admin: string;
beforeAll(async () => {
  // The committed tiny en-us/zh-cn models: doc/create needs a pair it can translate.
  gw = await buildTestGateway({ modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models') });
  admin = await gw.adminToken();
});
afterAll(async () => {
  await gw.close();
});

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const YEAR_AHEAD = new Date(Date.now() + 365 * 86_400_000).toISOString();
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString();

const save = (body: Record<string, unknown>, token = admin) => gw.call<CompanySaveData>('POST', 'company', { token, body });

async function createEnterprise(code: string, manager: string, extra: Record<string, unknown> = {}) {
  const res = await save({ name: `企业 ${code}`, code, manager_account: manager, expires_at: YEAR_AHEAD, ...extra });
  if (res.code !== 20000) throw new Error(`create ${code} failed: ${res.code} ${res.msg}`);
  return res.data;
}

async function loginOn(code: string, account: string, password: string): Promise<TokenPair> {
  const res = await gw.login(account, password, { site_code: code });
  if (res.code !== 20000) throw new Error(`login ${account} on ${code} failed: ${res.code} ${res.msg}`);
  return res.data;
}

async function uploadLogo(siteId: number, kind: string, bytes: Buffer, token = admin) {
  const form = new FormData();
  form.append('site_id', String(siteId));
  form.append('kind', kind);
  form.append('file', new Blob([bytes]), 'logo.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/v1.0/company/upload_logo',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
  });
  return res.json() as { code: number; data: { logo_url: string } };
}

const logLines = async (action: string, targetId: string | number) =>
  (await gw.db.query('SELECT * FROM system_log WHERE action = $1 AND target_id = $2', [action, String(targetId)])).rows;

describe('creating and changing an enterprise', () => {
  it('creates the site and its manager (first password shown once), logged in the same transaction', async () => {
    const created = await createEnterprise('Acme-1', 'boss@acme.com', {
      english_name: 'Acme',
      settings: { hideTitle: true, do_cat: true, showAddins: false, show_main_logo: true, allow_register: true },
    });
    expect(created.enterprise).toMatchObject({
      code: 'acme-1',
      name: '企业 Acme-1',
      english_name: 'Acme',
      manager_account: 'boss@acme.com',
      user_cap: 30,
      disabled: false,
      settings: { hideTitle: true, do_cat: true, hidePicture: false, showAddins: false, show_main_logo: true, allow_register: true },
    });
    expect(created.manager_password).toMatch(/^(?=.*[a-zA-Z])(?=.*\d).{12}$/);
    const manager = await gw.db.query('SELECT role, site_id FROM users WHERE account = $1', ['boss@acme.com']);
    expect(manager.rows[0]).toEqual({ role: 1, site_id: created.enterprise.site_id });
    expect(await logLines('enterprise.create', created.enterprise.site_id)).toHaveLength(1);

    // The manager signs in on the enterprise's own login page, whose config carries the settings.
    await loginOn('acme-1', 'boss@acme.com', created.manager_password!);
    const config = await gw.call<{ site_config: Record<string, unknown> }>('GET', 'get_login_config', { query: { site_code: 'acme-1' } });
    expect(config.data.site_config).toMatchObject({ hideTitle: true, english_name: 'Acme', showAddins: false, show_main_logo: true });

    // Saving again with the same manager answers no password; a change is logged with before and after.
    const updated = await save({ site_id: created.enterprise.site_id, name: '新名字', manager_account: 'BOSS@acme.com', user_cap: 5 });
    expect(updated.data.manager_password).toBeNull();
    expect(updated.data.enterprise).toMatchObject({ name: '新名字', user_cap: 5, code: 'acme-1' });
    const [line] = await logLines('enterprise.update', created.enterprise.site_id);
    expect(line.before.name).toBe('企业 Acme-1');
    expect(line.after.name).toBe('新名字');
  });

  it('links an existing account as the manager, but never an administrator', async () => {
    await gw.registerUser('linked@example.com', 'Passw0rd');
    const created = await createEnterprise('linked-co', 'linked@example.com');
    expect(created.manager_password).toBeNull();
    const row = await gw.db.query('SELECT user_id, role, site_id FROM users WHERE account = $1', ['linked@example.com']);
    expect(row.rows[0]).toMatchObject({ role: 1, site_id: created.enterprise.site_id });
    expect(await logLines('permission.grant', row.rows[0].user_id)).toHaveLength(1);
    await loginOn('linked-co', 'linked@example.com', 'Passw0rd');

    // An administrator as manager fails, and the whole creation (site, log) rolls back with it.
    const before = (await gw.db.query('SELECT count(*)::int AS n FROM system_log')).rows[0].n;
    const refused = await save({ name: 'X', code: 'admin-co', manager_account: 'admin@example.com' });
    expect(refused.code).toBe(40000);
    expect((await gw.db.query('SELECT 1 FROM sites WHERE site_code = $1', ['admin-co'])).rows).toHaveLength(0);
    expect((await gw.db.query('SELECT count(*)::int AS n FROM system_log')).rows[0].n).toBe(before);
  });

  it('refuses bad, duplicate and reserved codes, and leaves no log line for a refusal', async () => {
    await createEnterprise('taken', 'taken@example.com');
    const before = (await gw.db.query('SELECT count(*)::int AS n FROM system_log')).rows[0].n;
    const codeOf = async (code: string) => (await save({ name: 'X', code, manager_account: 'x@example.com' })).code;
    expect(await codeOf('a')).toBe(40000);
    expect(await codeOf('has space')).toBe(40000);
    expect(await codeOf('x'.repeat(31))).toBe(40000);
    expect(await codeOf('-dash')).toBe(40000);
    expect(await codeOf('TAKEN')).toBe(40030);
    expect(await codeOf('login')).toBe(40030);
    expect(await codeOf('API')).toBe(40030);
    expect(await codeOf('management')).toBe(40030);
    expect((await save({ name: 'X', manager_account: 'x@example.com' })).code).toBe(40000);
    expect((await save({ name: 'X', code: 'no-manager' })).code).toBe(40000);
    expect((await save({ name: 'X', code: 'bad-account', manager_account: 'not an account' })).code).toBe(40010);
    expect((await gw.db.query('SELECT count(*)::int AS n FROM system_log')).rows[0].n).toBe(before);
  });

  it('suggests an unused code, and tells a site user their own', async () => {
    const visitor = await gw.call<{ suggested_code: string; site_code: string | null }>('GET', 'company/get_code');
    expect(visitor.data.suggested_code).toMatch(/^ent-[a-z0-9]{6}$/);
    expect(visitor.data.site_code).toBeNull();
    const created = await createEnterprise(visitor.data.suggested_code, 'suggested@example.com');
    const manager = await loginOn(visitor.data.suggested_code, 'suggested@example.com', created.manager_password!);
    const own = await gw.call<{ site_code: string }>('GET', 'company/get_code', { token: manager.access_token });
    expect(own.data.site_code).toBe(visitor.data.suggested_code);
  });

  it('saves large and small logos checked by content, and refuses what is not a picture', async () => {
    const { enterprise } = await createEnterprise('logo-co', 'logo@example.com');
    const large = await uploadLogo(enterprise.site_id, 'large', PNG_1X1);
    expect(large.code).toBe(20000);
    expect((await uploadLogo(enterprise.site_id, 'small', PNG_1X1)).code).toBe(20000);
    expect((await uploadLogo(enterprise.site_id, 'large', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).code).toBe(40031);
    expect((await uploadLogo(enterprise.site_id, 'large', Buffer.alloc(2 * 1024 * 1024 + 10, 1))).code).toBe(40031);
    const read = await gw.call<Enterprise>('GET', 'company/get', { token: admin, query: { site_id: String(enterprise.site_id) } });
    expect(read.data.logo_url).toBe(large.data.logo_url);
    expect(read.data.small_logo_url).toMatch(/\/small$/);
    const served = await gw.app.inject({ url: large.data.logo_url });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('lists enterprises paged and searched, for the administrator only', async () => {
    await createEnterprise('list-one', 'list-one@example.com');
    await createEnterprise('list-two', 'list-two@example.com');
    const found = await gw.call<{ enterprise_list: Enterprise[]; total: number; pages: number }>('GET', 'company/list', {
      token: admin,
      query: { keyword: 'list-', page_size: '1' },
    });
    expect(found.data.total).toBe(2);
    expect(found.data.pages).toBe(2);
    expect(found.data.enterprise_list.map((e) => e.code)).toEqual(['list-two']);
    const byManager = await gw.call<{ total: number }>('GET', 'company/list', { token: admin, query: { keyword: 'list-one@' } });
    expect(byManager.data.total).toBe(1);
  });
});

describe('who may see and change an enterprise', () => {
  it('gives a manager their own enterprise only; another one answers exactly like one that does not exist', async () => {
    const a = await createEnterprise('iso-a', 'iso-a@example.com');
    const b = await createEnterprise('iso-b', 'iso-b@example.com');
    const manager = (await loginOn('iso-a', 'iso-a@example.com', a.manager_password!)).access_token;
    const id = (n: number) => ({ site_id: String(n) });

    expect((await gw.call('GET', 'company/get', { token: manager, query: id(a.enterprise.site_id) })).code).toBe(20000);
    const other = await gw.call('GET', 'company/get', { token: manager, query: id(b.enterprise.site_id) });
    const missing = await gw.call('GET', 'company/get', { token: manager, query: id(999_999) });
    expect([other.code, other.msg]).toEqual([missing.code, missing.msg]);
    expect(other.code).toBe(40400);
    const change = await save({ site_id: b.enterprise.site_id, name: 'hijack' }, manager);
    expect(change.code).toBe(40400);
    expect((await gw.call<Enterprise>('GET', 'company/get', { token: admin, query: id(b.enterprise.site_id) })).data.name).toBe(
      '企业 iso-b',
    );

    // Their own display settings, yes; cap, expiry, code and manager stay the administrator's.
    expect((await save({ site_id: a.enterprise.site_id, name: '自己的', settings: { hideTitle: true } }, manager)).code).toBe(20000);
    expect((await save({ site_id: a.enterprise.site_id, name: 'x', user_cap: 999 }, manager)).code).toBe(42000);
    expect((await save({ site_id: a.enterprise.site_id, name: 'x', expires_at: YEAR_AHEAD }, manager)).code).toBe(42000);
    expect((await save({ name: 'new', code: 'by-manager', manager_account: 'm@example.com' }, manager)).code).toBe(42000);
    expect((await gw.call('GET', 'company/list', { token: manager })).code).toBe(42000);
    expect(
      (await gw.call('POST', 'company/renew', { token: manager, body: { site_id: a.enterprise.site_id, expires_at: null } })).code,
    ).toBe(42000);
    expect((await uploadLogo(a.enterprise.site_id, 'large', PNG_1X1, manager)).code).toBe(42000);
  });

  it('answers 42000 to an ordinary user on every enterprise call', async () => {
    const normal = (await gw.registerUser('plain@example.com')).access_token;
    const codes = [
      (await save({ name: 'n', code: 'plain-co', manager_account: 'p@example.com' }, normal)).code,
      (await save({ site_id: 1, name: 'n' }, normal)).code,
      (await gw.call('GET', 'company/list', { token: normal })).code,
      (await gw.call('GET', 'company/get', { token: normal, query: { site_id: '1' } })).code,
      (await gw.call('POST', 'company/renew', { token: normal, body: { site_id: 1, expires_at: null } })).code,
      (await uploadLogo(1, 'large', PNG_1X1, normal)).code,
    ];
    expect(codes).toEqual([42000, 42000, 42000, 42000, 42000, 42000]);
  });
});

describe('an expired enterprise', () => {
  it('answers 41007 to every kind of call of its users and its sub-sites’ users, nobody else’s, until renewed', async () => {
    const parent = await createEnterprise('expiring', 'exp-boss@example.com');
    const sub = await createEnterprise('expiring-sub', 'sub-boss@example.com', { parent_site_id: parent.enterprise.site_id });
    expect(sub.enterprise.parent_site_id).toBe(parent.enterprise.site_id);
    const manager = await loginOn('expiring', 'exp-boss@example.com', parent.manager_password!);
    const subManager = await loginOn('expiring-sub', 'sub-boss@example.com', sub.manager_password!);
    const outsider = await gw.registerUser('outsider@example.com');

    const renew = (expires_at: string | null) =>
      gw.call<Enterprise>('POST', 'company/renew', { token: admin, body: { site_id: parent.enterprise.site_id, expires_at } });
    expect((await renew(YESTERDAY)).data.disabled).toBe(true);
    expect(await logLines('enterprise.renew', parent.enterprise.site_id)).toHaveLength(1);

    const everyKind = async (tokens: TokenPair) => [
      (await gw.call('GET', 'user/get_user_data', { token: tokens.access_token })).code,
      (await gw.call('POST', 'user/update_username', { token: tokens.access_token, body: { username: 'new' } })).code,
      // A whitelisted call with a token is that user's call too.
      (await gw.call('GET', 'permission/get_user_login_permission', { token: tokens.access_token })).code,
      (await gw.call('GET', 'company/get_code', { token: tokens.access_token })).code,
      (await uploadDocuments(gw, tokens.access_token, [{ name: 'a.txt', bytes: Buffer.from('Hello.') }])).code,
    ];
    expect(await everyKind(manager)).toEqual([41007, 41007, 41007, 41007, 41007]);
    expect(await everyKind(subManager)).toEqual([41007, 41007, 41007, 41007, 41007]);
    expect((await gw.call('GET', 'user/refresh_token', { token: subManager.refresh_token })).code).toBe(41007);
    expect((await gw.login('exp-boss@example.com', parent.manager_password!, { site_code: 'expiring' })).code).toBe(41007);
    const page = await gw.call<{ account_status: number }>('GET', 'get_login_config', { query: { site_code: 'expiring-sub' } });
    expect(page.data.account_status).toBe(0);

    // Others are unaffected.
    expect((await gw.call('GET', 'user/get_user_data', { token: outsider.access_token })).code).toBe(20000);
    expect((await gw.call('GET', 'user/get_user_data', { token: admin })).code).toBe(20000);

    // Renewal brings the same sessions back at once.
    expect((await renew(YEAR_AHEAD)).data.disabled).toBe(false);
    expect((await gw.call('GET', 'user/get_user_data', { token: manager.access_token })).code).toBe(20000);
    expect((await gw.call('GET', 'user/get_user_data', { token: subManager.access_token })).code).toBe(20000);
  });
});

describe('do_cat', () => {
  it('follows the caller’s site setting in doc/create', async () => {
    const cat = await createEnterprise('cat-co', 'cat@example.com', { settings: { do_cat: true } });
    const plain = await createEnterprise('plain-cat', 'nocat@example.com');
    const catUser = await loginOn('cat-co', 'cat@example.com', cat.manager_password!);
    const plainUser = await loginOn('plain-cat', 'nocat@example.com', plain.manager_password!);
    const file = [{ name: 'a.txt', bytes: Buffer.from('Hello world.') }];
    const first = await uploadDocuments(gw, catUser.access_token, file);
    expect([first.code, first.msg, first.data?.do_cat]).toEqual([20000, 'Success', 1]);
    expect((await uploadDocuments(gw, plainUser.access_token, file)).data.do_cat).toBe(0);
    // Switching the site's setting off changes the next answer.
    await save({ site_id: cat.enterprise.site_id, name: 'cat', settings: { do_cat: false } });
    expect((await uploadDocuments(gw, catUser.access_token, file)).data.do_cat).toBe(0);
  });
});
