/**
 * Statistics (`admin/stats`, issue 19 item 2) over a seeded month on the real PostgreSQL: the
 * rollup pass (the job's backfill) runs, and the API's figures must equal totals computed by hand
 * from the seed, per kind, pair, site, users, tasks, revenue and top users. Recomputing a day
 * changes nothing; a manager sees only their own site; bad ranges answer 44031/44032 in both
 * languages; the CSV export is BOM-prefixed and formula-safe.
 */
import { computeStatsDay, runStatsPass, dayOf } from '@mtp/ops';
import type { StatsData } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsSourcesOf } from '../src/stats-sources';
import { buildTestGateway, type TestGateway } from './helper';
import { at, charge, docFile, insertUser, order, signIn, textTask } from './stats-support';
import { createSite, managerOf } from './user-admin-support';

let gw: TestGateway;
let admin: string;
let manager: { token: string; siteId: number };
const u: Record<string, number> = {};
const price: Record<string, number> = {};
const today = dayOf(new Date());
const D = Array.from({ length: 30 }, (_, i) => dayOf(new Date(Date.parse(today) - (30 - i) * 86_400_000)));
const range = { from: D[0]!, to: D[29]! };

beforeAll(async () => {
  gw = await buildTestGateway();
  admin = await gw.adminToken();
  manager = await managerOf(gw, admin, 'acme');
  const beta = await createSite(gw, admin, 'beta');
  const main = (await gw.db.query<{ site_id: number }>('SELECT site_id FROM sites WHERE is_main')).rows[0]!.site_id;
  u.one = await insertUser(gw.db, 'one@example.com', main, at(D[0]!, 8));
  u.two = await insertUser(gw.db, 'two@acme.com', manager.siteId, at(D[1]!, 8));
  u.three = await insertUser(gw.db, 'three@acme.com', manager.siteId, at(D[9]!, 8), '=HYPERLINK("http://evil.example")');
  u.four = await insertUser(gw.db, 'four@beta.com', beta, at(D[14]!, 8));
  for (let i = 0; i < 30; i++) {
    const day = D[i]!;
    await charge(gw.db, `sync:en-us_zh-cn:${randomUUID()}`, u.one, (i + 1) * 100, at(day, 10));
    await signIn(gw.db, u.one, main, at(day, 9));
    await charge(gw.db, `sync:en-us_ko:${randomUUID()}`, null, 10, at(day, 11));
    if (i % 2 === 0) {
      // The last one came through the public API: its characters are the kind `api`.
      const project = await docFile(gw.db, u.two, ['zh-cn', 'en-us'], 1000, 'done', at(day, 13), i === 28 ? 'api' : null);
      await charge(gw.db, `${project}:pic:a:1`, u.two, 50, at(day, 13));
    }
    if (i >= 9 && i % 3 === 0) await textTask(gw.db, u.three, ['ja', 'en-us'], 300, 'done', at(day, 14));
    if (i >= 9 && i % 5 === 0) await textTask(gw.db, u.three, ['ja', 'en-us'], 77, 'failed', at(day, 15));
  }
  await charge(gw.db, `sync:${randomUUID()}`, u.four, 500, at(D[14]!, 16)); // before pairs were recorded
  await signIn(gw.db, u.four, beta, at(D[20]!, 9));
  await docFile(gw.db, u.two, ['zh-cn', 'en-us'], 400, 'failed', at(D[4]!, 17));
  await docFile(gw.db, u.two, ['zh-cn', 'en-us'], 200, 'interrupted', at(D[6]!, 17));
  price.plan = await order(gw.db, u.one, 'standard-m', at(D[3]!, 18));
  price.pack = await order(gw.db, u.two, '5M_char-y', at(D[10]!, 18));
  await order(gw.db, u.one, 'standard-qrt', null); // never paid
  await charge(gw.db, `sync:en-us_zh-cn:${randomUUID()}`, u.one, 99_999, new Date()); // today: outside the range
  await gw.db.query(`INSERT INTO quota_reservations (task_id, user_id, chars_reserved, state) VALUES ($1, $2, 777, 'reserved')`, [
    randomUUID(),
    u.one,
  ]);
  const computed = await runStatsPass(gw.db, statsSourcesOf(gw.db));
  expect(computed).toContain(D[0]);
}, 120_000);
afterAll(async () => {
  await gw?.close();
});

const stats = (token: string, query: Record<string, string> = {}, lang?: string) =>
  gw.call<StatsData>('GET', 'admin/stats', { token, query: { ...range, ...query }, lang });

const sum = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i)).reduce((a, b) => a + b, 0);
const textChars = sum(30, (i) => (i + 1) * 100);
const u3Done = [9, 12, 15, 18, 21, 24, 27].length * 300;

describe('admin/stats over a seeded month', () => {
  it('equals the hand-computed totals for every site', async () => {
    const { code, data } = await stats(admin);
    expect(code).toBe(20000);
    expect(data.site_id).toBeNull();
    expect(data.can_choose_site).toBe(true);
    expect(data.totals.chars_by_kind).toEqual({ text: textChars + 300 + u3Done + 500, document: 14_000, picture: 750, web: 0, api: 1_000 });
    expect(data.totals.chars).toBe(textChars + 300 + u3Done + 500 + 15_000 + 750);
    expect(data.totals.active_users).toBe(4);
    expect(data.totals.new_users).toBe(4);
    expect(data.totals.tasks).toEqual({ done: 7 + 15, failed: 4 + 1, interrupted: 1 });
    expect(data.totals.orders).toBe(2);
    expect(data.totals.revenue_cents).toBe(price.plan! + price.pack!);
    expect(data.pairs).toEqual([
      { src_lang: 'en-us', tgt_lang: 'zh-cn', chars: textChars },
      { src_lang: 'zh-cn', tgt_lang: 'en-us', chars: 15_750 },
      { src_lang: 'ja', tgt_lang: 'en-us', chars: u3Done },
      { src_lang: '', tgt_lang: '', chars: 500 },
      { src_lang: 'en-us', tgt_lang: 'ko', chars: 300 },
    ]);
    expect(data.sites.find((s) => s.site_id === 0)).toEqual({ site_id: 0, chars: 300, active_users: 0, new_users: 0 });
    expect(data.sites.find((s) => s.site_id === manager.siteId)).toMatchObject({ chars: 15_750 + u3Done, active_users: 2, new_users: 2 });
    expect(data.tasks).toEqual([
      { kind: 'document', done: 15, failed: 1, interrupted: 1 },
      { kind: 'text', done: 7, failed: 4, interrupted: 0 },
    ]);
    const revenue = [
      { sku_code: '5M_char-y', goods_type: 'T02', plan: null, orders: 1, amount_cents: price.pack! },
      { sku_code: 'standard-m', goods_type: 'T01', plan: 'standard', orders: 1, amount_cents: price.plan! },
    ];
    expect(data.revenue).toEqual(revenue.sort((a, b) => b.amount_cents - a.amount_cents));
    expect(data.top_users.map((t) => [t.account, t.chars])).toEqual([
      ['one@example.com', textChars],
      ['two@acme.com', 15_750],
      ['three@acme.com', u3Done],
      ['four@beta.com', 500],
    ]);
    expect(data.days).toHaveLength(30);
    expect(data.days[3]).toMatchObject({
      day: D[3],
      chars: { text: 410, document: 0, picture: 0 },
      revenue_cents: price.plan,
      active_users: 1,
    });
    // Day 20: one (text), two (a document), four (signed in only); three's task failed, so charged nothing.
    expect(data.days[20]).toMatchObject({ active_users: 3, tasks: { done: 1, failed: 1, interrupted: 0 } });
  });

  it('reads whole months from the monthly rollup and equals the same days read daily', async () => {
    // From the 1st of the first seeded month: that month is whole (read monthly), the rest daily.
    const { data } = await stats(admin, { from: `${D[0]!.slice(0, 7)}-01` });
    const daily = (await stats(admin)).data;
    expect(data.totals).toEqual(daily.totals);
    expect(data.top_users).toEqual(daily.top_users);
    expect(data.sites).toEqual(daily.sites);
  });

  it('shows one site when the administrator picks it', async () => {
    const { data } = await stats(admin, { site_id: String(manager.siteId) });
    expect(data.site_id).toBe(manager.siteId);
    expect(data.totals.chars_by_kind).toEqual({ text: u3Done, document: 14_000, picture: 750, web: 0, api: 1_000 });
    expect(data.totals.active_users).toBe(2);
    expect(data.totals.revenue_cents).toBe(price.pack);
    expect(data.top_users.map((t) => t.user_id)).toEqual([u.two, u.three]);
  });

  it("gives a manager their own site's figures whatever site they ask for", async () => {
    const mine = await stats(manager.token);
    const asked = await stats(manager.token, { site_id: '1' });
    for (const { data } of [mine, asked]) {
      expect(data.site_id).toBe(manager.siteId);
      expect(data.can_choose_site).toBe(false);
      expect(data.totals.chars).toBe(15_750 + u3Done);
      expect(data.sites.map((s) => s.site_id)).toEqual([manager.siteId]);
    }
  });

  it('refuses normal users, reversed and over-long ranges, in both languages', async () => {
    const { token } = await gw.registeredUser('plain-stats@example.com');
    expect((await stats(token)).code).toBe(42000);
    const reversed = await stats(admin, { from: D[5]!, to: D[1]! });
    expect(reversed.code).toBe(44031);
    const long = await stats(admin, { from: '2024-01-01', to: '2025-01-01' }, 'zh-CN');
    expect(long).toMatchObject({ code: 44032, msg: expect.stringContaining('366') });
    expect((await stats(admin, { from: '2024-01-01', to: '2024-12-31' })).code).toBe(20000);
    expect((await stats(admin, { from: '2025-02-30', to: '2025-03-01' })).code).toBe(44031);
  });

  it('recomputes a day idempotently', async () => {
    const snapshot = async () =>
      (
        await gw.db.query(
          `SELECT (SELECT json_agg(c ORDER BY c.site_id, c.kind, c.src_lang) FROM stats_chars_daily c WHERE day = $1) AS chars,
                  (SELECT json_agg(x ORDER BY x.user_id) FROM stats_user_daily x WHERE day = $1) AS users,
                  (SELECT json_agg(t ORDER BY t.site_id, t.kind, t.outcome) FROM stats_tasks_daily t WHERE day = $1) AS tasks,
                  (SELECT json_agg(r ORDER BY r.sku_code) FROM stats_revenue_daily r WHERE day = $1) AS revenue`,
          [D[10]],
        )
      ).rows[0];
    const before = await snapshot();
    await computeStatsDay(gw.db, statsSourcesOf(gw.db), D[10]!);
    await Promise.all([computeStatsDay(gw.db, statsSourcesOf(gw.db), D[10]!), computeStatsDay(gw.db, statsSourcesOf(gw.db), D[10]!)]);
    expect(await snapshot()).toEqual(before);
    expect(before.revenue).toHaveLength(1);
    // A later pass finds nothing to do for final days.
    expect(await runStatsPass(gw.db, statsSourcesOf(gw.db))).not.toContain(D[10]);
  });

  it('exports CSV with a BOM and formula-safe cells', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/v1.0/admin/stats/export',
      query: { ...range, site_id: String(manager.siteId) },
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\ufeff"日期","文本字符"')).toBe(true);
    expect(res.body).toContain(`"${D[3]}","0","0","0","0","0"`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(res.body).not.toMatch(/(^|,)"=/m);
  });
});
