/**
 * The system log through the real gateway and PostgreSQL (issue 18 item 4): sign-ins with the
 * client's address (through a trusted proxy) and user agent, administrator actions with one line
 * each and their before/after, no line for a refused action, a line that cannot be written taking
 * its change down with it (same transaction), and the search: filters, paging, the manager's
 * scope, the CSV export.
 */
import type { SystemLogData, SystemLogItem } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
let admin: string;
let acmeId: number;

beforeAll(async () => {
  // One proxy in front: its X-Forwarded-For names the client.
  gw = await buildTestGateway({ app: { trustProxy: 1 } });
  admin = await gw.adminToken();
  const created = await gw.call<{ site_id: number }>('POST', 'site/create', {
    token: admin,
    body: { site_code: 'acme', site_name: 'Acme' },
  });
  acmeId = created.data.site_id;
});
afterAll(async () => {
  await gw?.close();
});

const lines = async (where: string, params: unknown[] = []) =>
  (await gw.db.query<SystemLogItem>(`SELECT * FROM system_log WHERE ${where} ORDER BY log_id`, params)).rows;

const userIdOf = async (account: string) =>
  (await gw.db.query<{ user_id: number }>('SELECT user_id FROM users WHERE account = $1', [account])).rows[0]!.user_id;

async function loginFrom(account: string, password: string, extra: Record<string, unknown> = {}) {
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/v1.0/user/login',
    headers: { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'LogTest/1.0' },
    payload: { account, password: gw.encrypt(password), agree_terms: true, ...extra },
  });
  return res.json() as { code: number; data: { access_token: string } };
}

const search = (token: string, query: Record<string, string> = {}) => gw.call<SystemLogData>('GET', 'admin/system_log', { token, query });

describe('sign-ins', () => {
  it('logs a success with the client address from the trusted proxy and the user agent', async () => {
    const signedIn = await loginFrom(ADMIN_ACCOUNT, ADMIN_PASSWORD);
    expect(signedIn.code).toBe(20000);
    // One live session per account: this login replaced the one the other tests use.
    admin = signedIn.data.access_token;
    const [line] = (await lines("action = 'sign_in' AND user_agent = 'LogTest/1.0'")).slice(-1);
    expect(line).toMatchObject({ actor_id: await userIdOf(ADMIN_ACCOUNT), actor_account: ADMIN_ACCOUNT, ip: '203.0.113.7' });
  });

  it('logs failures with their reason: a wrong password, an unknown account on a site page', async () => {
    await gw.registerUser('typo@example.com', 'Passw0rd');
    expect((await loginFrom('typo@example.com', 'Wrong0000')).code).toBe(40021);
    expect((await loginFrom('nobody@example.com', 'Passw0rd', { site_code: 'acme' })).code).toBe(40020);

    const wrong = await lines("action = 'sign_in_failed' AND actor_account = 'typo@example.com'");
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatchObject({
      actor_id: await userIdOf('typo@example.com'),
      after: { reason: 'PASSWORD_WRONG' },
      ip: '203.0.113.7',
    });
    const unknown = await lines("action = 'sign_in_failed' AND actor_account = 'nobody@example.com'");
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ actor_id: null, site_id: acmeId, after: { reason: 'ACCOUNT_NOT_FOUND' } });
  });
});

describe('administrator actions', () => {
  it('writes exactly one line with before and after for a deactivation, none for a refused one', async () => {
    await gw.registerUser('target@example.com');
    const id = await userIdOf('target@example.com');
    expect((await gw.call('POST', 'user/set_status', { token: admin, body: { user_id: id, activated: false } })).code).toBe(20000);
    const done = await lines('target_id = $1', [String(id)]);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({
      action: 'user.deactivate',
      actor_account: ADMIN_ACCOUNT,
      target_type: 'user',
      before: { activated: true },
      after: { activated: false },
    });

    const refused = await gw.call('POST', 'user/set_status', { token: admin, body: { user_id: 999999, activated: false } });
    expect(refused.code).toBe(40020);
    const self = await gw.call('POST', 'user/set_status', {
      token: admin,
      body: { user_id: await userIdOf(ADMIN_ACCOUNT), activated: false },
    });
    expect(self.code).toBe(42000);
    expect(await lines("action LIKE 'user.%' AND target_id IN ('999999', $1)", [String(await userIdOf(ADMIN_ACCOUNT))])).toHaveLength(0);
  });

  it('logs site creation and the changed fields of an update; a taken code leaves no line', async () => {
    expect(await lines("action = 'site.create' AND target_id = $1", [String(acmeId)])).toHaveLength(1);
    expect((await gw.call('POST', 'site/create', { token: admin, body: { site_code: 'acme', site_name: 'Again' } })).code).toBe(40030);
    expect(await lines("action = 'site.create'")).toHaveLength(1);

    const updated = await gw.call('POST', 'site/update', { token: admin, body: { site_id: acmeId, site_name: 'Acme Ltd' } });
    expect(updated.code).toBe(20000);
    const [line, ...more] = await lines("action = 'site.update'");
    expect(more).toHaveLength(0);
    expect(line).toMatchObject({ site_id: acmeId, before: { site_name: 'Acme' }, after: { site_name: 'Acme Ltd' } });
    expect(Object.keys(line!.after as object)).toEqual(['site_name']);
  });

  it('rolls the change back when its line cannot be written (one transaction)', async () => {
    const nameNow = async () =>
      (await gw.db.query<{ site_name: string }>('SELECT site_name FROM sites WHERE site_id = $1', [acmeId])).rows[0]!.site_name;
    const before = await nameNow();
    const linesBefore = (await lines('true')).length;
    await gw.db.query("ALTER TABLE system_log ADD CONSTRAINT refuse_site_update CHECK (action <> 'site.update') NOT VALID");
    try {
      const res = await gw.call('POST', 'site/update', { token: admin, body: { site_id: acmeId, site_name: 'Never' } });
      expect(res.code).not.toBe(20000);
    } finally {
      await gw.db.query('ALTER TABLE system_log DROP CONSTRAINT refuse_site_update');
    }
    expect(await nameNow()).toBe(before);
    expect(await lines('true')).toHaveLength(linesBefore);
  });

  it('logs a price change with the old and new price', async () => {
    const res = await gw.call('POST', 'admin/goods/update_price', { token: admin, body: { sku_code: 'standard-m', price: 4321 } });
    expect(res.code).toBe(20000);
    const [line] = await lines("action = 'goods.update_price'");
    expect(line).toMatchObject({ target_type: 'sku', target_id: 'standard-m', after: { price_cents: 4321 } });
    expect((line!.before as { price_cents: number }).price_cents).not.toBe(4321);
  });
});

describe('GET admin/system_log', () => {
  it('answers administrators newest first, filtered and paged', async () => {
    const all = await search(admin);
    expect(all.code).toBe(20000);
    const ids = all.data.list.map((l) => l.log_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const failed = await search(admin, { action: 'sign_in_failed' });
    expect(failed.data.list.every((l) => l.action === 'sign_in_failed')).toBe(true);
    expect(failed.data.total).toBe(2);
    const areas = await search(admin, { action: 'site' });
    expect(new Set(areas.data.list.map((l) => l.action))).toEqual(new Set(['site.create', 'site.update']));
    expect((await search(admin, { actor: 'TYPO' })).data.list.map((l) => l.actor_account)).toEqual(['typo@example.com']);
    expect((await search(admin, { target: String(acmeId), action: 'site.update' })).data.total).toBe(1);

    const paged = await search(admin, { page_size: '2', page: '2' });
    expect(paged.data).toMatchObject({ page: 2, page_size: 2, total: all.data.total, pages: Math.ceil(all.data.total / 2) });
    expect(paged.data.list.map((l) => l.log_id)).toEqual(ids.slice(2, 4));
  });

  it('takes dates as inclusive days and refuses impossible ones', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await search(admin, { from: today, to: today })).data.total).toBeGreaterThan(0);
    expect((await search(admin, { to: '2000-01-01' })).data.total).toBe(0);
    expect((await search(admin, { from: '2026-02-30' })).code).toBe(40000);
    expect((await search(admin, { from: 'yesterday' })).code).toBe(40000);
  });

  it('shows a manager only their own enterprise, and a normal user nothing', async () => {
    const manager = await gw.registeredUser('acme-boss@example.com');
    await gw.db.query('UPDATE users SET role = 1, site_id = $2 WHERE user_id = $1', [manager.userId, acmeId]);
    const seen = await search(manager.token);
    expect(seen.code).toBe(20000);
    expect(seen.data.total).toBeGreaterThan(0);
    expect(seen.data.list.every((l) => l.site_id === acmeId)).toBe(true);
    expect(seen.data.list.map((l) => l.actor_account)).toContain('nobody@example.com');

    const normal = await gw.registeredUser('plain@example.com');
    expect((await search(normal.token)).code).toBe(42000);
    expect((await gw.call('GET', 'admin/system_log/export', { token: normal.token })).code).toBe(42000);
  });

  it('exports the filtered lines as formula-safe CSV', async () => {
    await loginFrom('=cmd@example.com', 'Passw0rd');
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/v1.0/admin/system_log/export?action=sign_in_failed',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="system-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(rows[0]).toContain('"Action"');
    expect(rows.slice(1).every((r) => r.includes('"sign_in_failed"'))).toBe(true);
    expect(res.body).toContain(`"'=cmd@example.com"`);
    expect(res.body).not.toContain('"sign_in"');
  });
});
