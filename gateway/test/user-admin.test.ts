/**
 * User administration (issue 18 items 2 and 3) on a real PostgreSQL through the real gateway:
 * filters and paging, managers confined to their site, the member cap under concurrency, batch
 * import, membership and characters on the ledger, deletion, the first login of a pre-activated
 * account, and 42000 for ordinary users on every call.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';
import { addUser, createSite, firstLogin, importFile, logLines, managerOf, type Item } from './user-admin-support';

let gw: TestGateway;
let admin: string;
beforeAll(async () => {
  gw = await buildTestGateway({ docWorker: false });
  admin = await gw.adminToken();
});
afterAll(async () => {
  await gw.close();
});

type List = { list: Item[]; total: number; pages: number; page: number };
const list = (token: string, query: Record<string, string> = {}) => gw.call<List>('GET', 'admin/users', { token, query });

describe('pre-activated accounts', () => {
  it('are active at once and must choose a new password at the first login', async () => {
    const created = await addUser(gw, admin, { account: 'pre@example.com', password: 'First123' });
    expect(created.code).toBe(20000);
    expect(created.data.activated).toBe(true);
    expect((await gw.login('pre@example.com', 'First123')).code).toBe(40060);
    // The first password again is refused, and so is a weak one; nothing is opened meanwhile.
    expect((await gw.login('pre@example.com', 'First123', { new_password: gw.encrypt('First123') })).code).toBe(40061);
    expect((await gw.login('pre@example.com', 'First123', { new_password: gw.encrypt('short') })).code).toBe(40013);
    const { rows } = await gw.db.query('SELECT 1 FROM sessions s JOIN users u USING (user_id) WHERE u.account = $1', ['pre@example.com']);
    expect(rows).toHaveLength(0);
    const done = await gw.login('pre@example.com', 'First123', { new_password: gw.encrypt('Chosen123') });
    expect(done.code).toBe(20000);
    expect((await gw.login('pre@example.com', 'First123')).code).toBe(40021);
    expect((await gw.login('pre@example.com', 'Chosen123')).code).toBe(20000);
    expect(await logLines(gw, 'user.create', created.data.user_id)).toHaveLength(1);
  });

  it('a password reset makes the user choose again and ends their sessions', async () => {
    const created = await addUser(gw, admin, { account: 'reset@example.com' });
    const token = await firstLogin(gw, 'reset@example.com');
    const reset = await gw.call('POST', 'admin/users/set_password', {
      token: admin,
      body: { user_id: created.data.user_id, password: gw.encrypt('Again123') },
    });
    expect(reset.code).toBe(20000);
    expect((await gw.call('GET', 'user/check_session', { token })).status).toBe(401);
    expect((await gw.login('reset@example.com', 'Again123')).code).toBe(40060);
    expect(await logLines(gw, 'user.reset_password', created.data.user_id)).toHaveLength(1);
  });
});

describe('the user list', () => {
  it('filters by account, name, role, site, state, plan and registration date, and pages', async () => {
    const siteId = await createSite(gw, admin, 'filters');
    for (let i = 0; i < 12; i++) await addUser(gw, admin, { account: `page${i}@filters.com`, username: `pager${i}`, site_id: siteId });
    const first = await list(admin, { site_id: String(siteId) });
    expect(first.data).toMatchObject({ total: 12, pages: 2, page: 1 });
    expect(first.data.list).toHaveLength(10);
    const second = await list(admin, { site_id: String(siteId), page: '2' });
    expect(second.data.list.map((u) => u.account)).toEqual(['page1@filters.com', 'page0@filters.com']);

    expect((await list(admin, { account: 'page11@' })).data.list.map((u) => u.account)).toEqual(['page11@filters.com']);
    expect((await list(admin, { username: 'pager3' })).data.total).toBe(1);
    // LIKE's own characters match themselves.
    expect((await list(admin, { keyword: '%' })).data.total).toBe(0);

    const off = first.data.list[0]!;
    expect((await gw.call('POST', 'admin/users/set_status', { token: admin, body: { user_id: off.user_id, activated: false } })).code).toBe(
      20000,
    );
    expect((await list(admin, { site_id: String(siteId), state: 'inactive' })).data.list.map((u) => u.user_id)).toEqual([off.user_id]);
    expect((await list(admin, { site_id: String(siteId), state: 'active' })).data.total).toBe(11);

    await gw.db.query(`UPDATE users SET created_at = '2020-03-05T10:00:00Z' WHERE account = 'page5@filters.com'`);
    const dated = await list(admin, { from: '2020-03-05', to: '2020-03-05' });
    expect(dated.data.list.map((u) => u.account)).toEqual(['page5@filters.com']);
    expect((await list(admin, { from: '2020-03-06', to: '2020-03-31' })).data.total).toBe(0);

    expect((await list(admin, { role: '0' })).data.list.map((u) => u.account)).toEqual(['admin@example.com']);

    const pro = first.data.list[1]!;
    const set = await gw.call('POST', 'admin/users/set_membership', {
      token: admin,
      body: { user_id: pro.user_id, sku: 'professional-m', expires_at: '2099-01-01' },
    });
    expect(set.code).toBe(20000);
    const pros = await list(admin, { site_id: String(siteId), plan: 'professional' });
    expect(pros.data.list.map((u) => [u.user_id, u.plan_code])).toEqual([[pro.user_id, 'professional']]);
    expect((await list(admin, { site_id: String(siteId), plan: 'free' })).data.total).toBe(11);

    expect((await list(admin, { state: 'asleep' })).code).toBe(40000);
  });
});

describe('managers', () => {
  it('see and change their own site only; another site answers as if it did not exist', async () => {
    const a = await managerOf(gw, admin, 'alpha');
    const b = await managerOf(gw, admin, 'beta');
    const mine = await addUser(gw, a.token, { account: 'mine@alpha.com' });
    expect(mine.code).toBe(20000);
    expect(mine.data.site_id).toBe(a.siteId);
    const theirs = await addUser(gw, b.token, { account: 'theirs@beta.com' });

    const seen = await list(a.token);
    expect(seen.data.list.map((u) => u.account).sort()).toEqual(['boss@alpha.com', 'mine@alpha.com']);
    // Asking for another site's users lists nothing of it.
    expect((await list(a.token, { site_id: String(b.siteId) })).data.list.every((u) => u.site_id === a.siteId)).toBe(true);

    const other = theirs.data.user_id;
    const missing = 999_999;
    const calls = (id: number) => [
      gw.call('GET', 'admin/user_data', { token: a.token, query: { user_id: String(id) } }),
      gw.call('POST', 'admin/users/update', { token: a.token, body: { user_id: id, username: 'x' } }),
      gw.call('POST', 'admin/users/set_status', { token: a.token, body: { user_id: id, activated: false } }),
      gw.call('POST', 'admin/users/set_password', { token: a.token, body: { user_id: id, password: gw.encrypt('Hack1234') } }),
    ];
    const foreign = await Promise.all(calls(other));
    const absent = await Promise.all(calls(missing));
    expect(foreign.map((r) => [r.code, r.msg])).toEqual(absent.map((r) => [r.code, r.msg]));
    expect(foreign.map((r) => r.code)).toEqual([40020, 40020, 40020, 40020]);
    // Nothing changed over there, and no line was written for it.
    const { rows } = await gw.db.query('SELECT username, activated FROM users WHERE user_id = $1', [other]);
    expect(rows[0]).toEqual({ username: 'member', activated: true });
    expect(await logLines(gw, 'user.update', other)).toHaveLength(0);

    // Adding to another site, as another role, or touching administrator matters is refused.
    expect((await addUser(gw, a.token, { account: 'x@alpha.com', site_id: b.siteId })).code).toBe(40027);
    expect((await addUser(gw, a.token, { account: 'y@alpha.com', role: 1 })).code).toBe(42000);
    const rights = await gw.call('POST', 'admin/users/set_admin', { token: a.token, body: { user_id: mine.data.user_id, admin: true } });
    expect(rights.code).toBe(42000);

    // Their own members: edit, deactivate, usage.
    const edited = await gw.call<Item>('POST', 'admin/users/update', {
      token: a.token,
      body: { user_id: mine.data.user_id, username: 'Renamed' },
    });
    expect(edited.code).toBe(20000);
    expect(
      (await gw.call('POST', 'admin/users/set_status', { token: a.token, body: { user_id: mine.data.user_id, activated: false } })).code,
    ).toBe(20000);
    const data = await gw.call<{ profile: Item; usage: unknown[] }>('GET', 'admin/user_data', {
      token: a.token,
      query: { user_id: String(mine.data.user_id) },
    });
    expect(data.code).toBe(20000);
    expect(data.data.profile.activated).toBe(false);
    const update = await logLines(gw, 'user.update', mine.data.user_id);
    expect(update.map((l) => [l.actor_id, l.before, l.after])).toEqual([[a.userId, { username: 'member' }, { username: 'Renamed' }]]);
  });

  it('never pass the member cap, even with 20 additions at once', async () => {
    const m = await managerOf(gw, admin, 'capped', 7);
    for (let i = 0; i < 3; i++) expect((await addUser(gw, m.token, { account: `pre${i}@capped.com` })).code).toBe(20000);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => addUser(gw, m.token, { account: `rush${i}@capped.com` })));
    const codes = answers.map((r) => r.code);
    expect(codes.filter((c) => c === 20000)).toHaveLength(4);
    expect(codes.filter((c) => c === 40062)).toHaveLength(16);
    const { rows } = await gw.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE site_id = $1 AND role = 2', [m.siteId]);
    expect(rows[0]!.n).toBe(7);
    expect((await logLines(gw, 'user.create')).filter((l) => (l.after as { site_id: number }).site_id === m.siteId)).toHaveLength(8);
  });
});

describe('batch import', () => {
  const csv = [
    'account,username,password,role,site',
    'good1@import.com,Good One,Passw0rd1,,',
    'not-an-account,Bad,Passw0rd1,,',
    'good2@import.com,Good Two,Passw0rd2,2,',
    'weak@import.com,Weak,short,,',
    'good1@import.com,Again,Passw0rd1,,',
    'pre@example.com,Taken,Passw0rd1,,',
    'long@import.com,ThisNameIsFarTooLongForTheRule,Passw0rd1,,',
    'role@import.com,Role,Passw0rd1,7,',
    'site@import.com,Site,Passw0rd1,,nowhere',
    '',
    'good3@import.com,,Passw0rd3,,main',
  ].join('\n');

  it('imports exactly the good rows of a CSV and reports each bad one with its row', async () => {
    const res = await importFile(gw, admin, 'users.csv', Buffer.from(csv));
    expect(res.code).toBe(20000);
    expect(res.data.imported).toBe(2);
    expect(res.data.errors.map((e) => e.row)).toEqual([3, 5, 6, 7, 8, 9, 10, 12]);
    const reasons = Object.fromEntries(res.data.errors.map((e) => [e.row, e.reason]));
    expect(reasons[3]).toBe('Please enter a valid e-mail address or mobile number');
    expect(reasons[5]).toMatch(/6-16 characters/);
    expect(reasons[6]).toBe('Duplicate of the account in row 2');
    expect(reasons[7]).toBe('This account is already registered');
    expect(reasons[8]).toMatch(/No more than 20 characters/);
    expect(reasons[9]).toMatch(/role must be 1/);
    expect(reasons[10]).toBe('Site does not exist');
    expect(reasons[12]).toBe('Please enter a username');
    const { rows } = await gw.db.query<{ account: string; must_change_password: boolean }>(
      `SELECT account, must_change_password FROM users WHERE account LIKE '%@import.com' ORDER BY account`,
    );
    expect(rows).toEqual([
      { account: 'good1@import.com', must_change_password: true },
      { account: 'good2@import.com', must_change_password: true },
    ]);
    expect((await gw.login('good2@import.com', 'Passw0rd2')).code).toBe(40060);
  });

  it('reads an XLSX with Chinese headers, reports in Chinese and stops at the cap', async () => {
    const m = await managerOf(gw, admin, 'xlsx', 2);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('用户');
    sheet.addRow(['账号', '用户名', '密码']);
    sheet.addRow(['x1@xlsx.com', '甲', 'Passw0rd1']);
    sheet.addRow(['x2@xlsx.com', '乙', 'Passw0rd1']);
    sheet.addRow(['x3@xlsx.com', '丙', 'Passw0rd1']);
    const res = await importFile(gw, m.token, 'users.xlsx', Buffer.from(await book.xlsx.writeBuffer()), 'zh-CN');
    expect(res.data.imported).toBe(2);
    expect(res.data.errors).toEqual([{ row: 4, account: 'x3@xlsx.com', reason: '已达到企业成员上限' }]);
  });

  it('refuses a file that is neither', async () => {
    expect((await importFile(gw, admin, 'x.csv', Buffer.from(''))).code).toBe(40063);
    const zip = Buffer.from('504b0304' + '00'.repeat(40), 'hex');
    expect((await importFile(gw, admin, 'x.xlsx', zip)).code).toBe(40063);
  });
});

describe('membership and characters', () => {
  it('go through the ledger with their journal entry and a log line; a refusal leaves neither', async () => {
    const created = await addUser(gw, admin, { account: 'member@ledger.com' });
    const id = created.data.user_id;
    const early = await gw.call('POST', 'admin/users/grant_chars', { token: admin, body: { user_id: id, chars: 1000 } });
    expect(early.code).toBe(43007);
    expect(await logLines(gw, 'user.grant_chars', id)).toHaveLength(0);

    const set = await gw.call<{ plan_code: string; expiration_time: string }>('POST', 'admin/users/set_membership', {
      token: admin,
      body: { user_id: id, sku: 'standard-y', expires_at: '2099-06-30T00:00:00Z' },
    });
    expect(set.code).toBe(20000);
    expect(set.data.plan_code).toBe('standard');
    expect(set.data.expiration_time?.slice(0, 10)).toBe('2099-06-30');
    const granted = await gw.call<{ packages_left: number }>('POST', 'admin/users/grant_chars', {
      token: admin,
      body: { user_id: id, chars: 1234, days: 30 },
    });
    expect(granted.code).toBe(20000);
    expect(granted.data.packages_left).toBe(1234);

    const { rows } = await gw.db.query<{ sku: string; chars_total: string; journal: string }>(
      `SELECT g.sku, g.chars_total, (SELECT sum(chars) FROM quota_ledger l WHERE l.grant_id = g.grant_id AND l.kind = 'grant') AS journal
       FROM quota_grants g WHERE g.user_id = $1 ORDER BY g.grant_id`,
      [id],
    );
    expect(rows.map((r) => [r.sku, Number(r.chars_total), Number(r.journal)])).toEqual([
      ['standard-y', 20_000_000, 20_000_000],
      ['staff-grant', 1234, 1234],
    ]);
    const [membership] = await logLines(gw, 'user.set_membership', id);
    expect(membership?.after).toMatchObject({ sku: 'standard-y', chars: 20_000_000 });
    expect((await logLines(gw, 'user.grant_chars', id))[0]?.after).toMatchObject({ chars: 1234 });

    const data = await gw.call<{ member: { plan_code: string }; balance: { total_left: number } }>('GET', 'admin/user_data', {
      token: admin,
      query: { user_id: String(id) },
    });
    expect(data.data.member.plan_code).toBe('standard');
    expect(data.data.balance.total_left).toBe(20_001_234);
  });

  it('is the super administrator’s alone', async () => {
    const m = await managerOf(gw, admin, 'nogrant');
    const member = await addUser(gw, m.token, { account: 'm@nogrant.com' });
    const body = { user_id: member.data.user_id, sku: 'standard-m', expires_at: '2099-01-01' };
    expect((await gw.call('POST', 'admin/users/set_membership', { token: m.token, body })).code).toBe(42000);
  });
});

describe('administrator rights', () => {
  it('are granted and revoked by the super administrator with permission log lines', async () => {
    const created = await addUser(gw, admin, { account: 'deputy@example.com' });
    const id = created.data.user_id;
    expect((await gw.call('POST', 'admin/users/set_admin', { token: admin, body: { user_id: id, admin: true } })).code).toBe(20000);
    expect((await list(admin, { role: '0', account: 'deputy' })).data.total).toBe(1);
    expect((await gw.call('POST', 'admin/users/set_admin', { token: admin, body: { user_id: id, admin: false } })).code).toBe(20000);
    expect((await logLines(gw, 'permission.grant', id))[0]).toMatchObject({ before: { role: 2 }, after: { role: 0 } });
    expect((await logLines(gw, 'permission.revoke', id))[0]).toMatchObject({ before: { role: 0 }, after: { role: 2 } });
    // Not on an enterprise site's user, and never on oneself.
    const siteId = await createSite(gw, admin, 'noadmins');
    const outside = await addUser(gw, admin, { account: 'o@noadmins.com', site_id: siteId });
    expect(
      (await gw.call('POST', 'admin/users/set_admin', { token: admin, body: { user_id: outside.data.user_id, admin: true } })).code,
    ).toBe(40000);
    const self = (await list(admin, { role: '0' })).data.list[0]!.user_id;
    expect((await gw.call('POST', 'admin/users/set_admin', { token: admin, body: { user_id: self, admin: false } })).code).toBe(42000);
  });
});

describe('deleting a user', () => {
  it('ends their access, frees the account and keeps their banks, tasks and orders', async () => {
    const created = await addUser(gw, admin, { account: 'leaving@example.com' });
    const id = created.data.user_id;
    const token = await firstLogin(gw, 'leaving@example.com');
    const bank = await gw.call('POST', 'tm_term_library/create', {
      token,
      body: { flag: 0, name: 'Mine', src_lang: 'zh-cn', tgt_lang: 'en-us' },
    });
    expect(bank.code, bank.msg).toBe(20000);
    await gw.call('POST', 'admin/users/set_membership', {
      token: admin,
      body: { user_id: id, sku: 'standard-m', expires_at: '2099-01-01' },
    });
    const sku = (await gw.db.query<{ sku_id: number }>(`SELECT sku_id FROM goods_skus WHERE code = 'professional-m'`)).rows[0]!.sku_id;
    expect((await gw.call('POST', 'create_orders', { token, body: { id: sku } })).code).toBe(20000);

    expect((await gw.call('POST', 'admin/users/delete', { token: admin, body: { user_id: id } })).code).toBe(20000);
    expect((await gw.call('GET', 'user/check_session', { token })).status).toBe(401);
    expect((await gw.login('leaving@example.com', 'Chosen123')).code).toBe(40020);
    expect((await list(admin, { account: 'leaving' })).data.total).toBe(0);
    expect((await gw.call('GET', 'admin/user_data', { token: admin, query: { user_id: String(id) } })).code).toBe(40020);
    const [line] = await logLines(gw, 'user.delete', id);
    expect(line?.before).toMatchObject({ account: 'leaving@example.com' });

    const kept = await gw.db.query<{ banks: number; grants: number; orders: number; deleted_account: string }>(
      `SELECT (SELECT count(*)::int FROM tm_banks WHERE user_id = $1) AS banks,
         (SELECT count(*)::int FROM quota_grants WHERE user_id = $1) AS grants,
         (SELECT count(*)::int FROM orders WHERE user_id = $1) AS orders, deleted_account FROM users WHERE user_id = $1`,
      [id],
    );
    expect(kept.rows[0]).toEqual({ banks: 1, grants: 1, orders: 1, deleted_account: 'leaving@example.com' });
    // The address may be used again.
    expect((await addUser(gw, admin, { account: 'leaving@example.com' })).code).toBe(20000);
    // Managers deactivate; deleting is the super administrator's.
    const m = await managerOf(gw, admin, 'nodelete');
    const member = await addUser(gw, m.token, { account: 'k@nodelete.com' });
    expect((await gw.call('POST', 'admin/users/delete', { token: m.token, body: { user_id: member.data.user_id } })).code).toBe(42000);
  });
});

describe('ordinary users', () => {
  it('get 42000 on every user administration call', async () => {
    const normal = (await gw.registerUser('plain@example.com')).access_token;
    const routes = gw.app.routeList.filter((r) => /^\/api\/v1\.0\/admin\/(users|user_data)/.test(r.url));
    expect(routes.length).toBeGreaterThanOrEqual(11);
    const bodies: Record<string, unknown> = {
      create: { account: 'n@x.com', username: 'n', password: gw.encrypt('Passw0rd1') },
      update: { user_id: 1, username: 'x' },
      set_password: { user_id: 1, password: gw.encrypt('Passw0rd1') },
      set_status: { user_id: 1, activated: false },
      delete: { user_id: 1 },
      set_admin: { user_id: 1, admin: false },
      set_membership: { user_id: 1, sku: 'standard-m', expires_at: '2099-01-01' },
      grant_chars: { user_id: 1, chars: 10 },
    };
    for (const r of routes) {
      const name = r.url.split('/').pop()!;
      if (name === 'import') {
        expect((await importFile(gw, normal, 'u.csv', Buffer.from('account,username,password\na@b.com,a,Passw0rd1'))).code, r.url).toBe(
          42000,
        );
        continue;
      }
      const res = await gw.call(r.method as 'GET' | 'POST', r.url.replace('/api/v1.0/', ''), {
        token: normal,
        body: r.method === 'POST' ? bodies[name] : undefined,
        query: r.method === 'GET' ? { user_id: '1' } : undefined,
      });
      expect(res.code, r.url).toBe(42000);
    }
  });
});
