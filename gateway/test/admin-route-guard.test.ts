/**
 * Issue 18 item 7: every administrator and manager route refuses a NORMAL user with 42000 and
 * changes nothing. The test walks the routes the app registered (its `routeList`), so a route
 * added later is walked too, whether it lives under `admin/` or is one of the spec's older admin
 * paths (plugins/admin-only.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY_PATHS } from '../src/plugins/admin-only';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
let normal: string;

beforeAll(async () => {
  gw = await buildTestGateway();
  normal = (await gw.registeredUser('normal@example.com')).token;
  // Something for a careless route to change: a second site and a second user.
  await gw.db.query(`INSERT INTO sites (site_code, site_name, site_config) VALUES ('acme', 'Acme', '{}')`);
  await gw.registeredUser('victim@example.com');
});
afterAll(async () => {
  await gw?.close();
});

const adminRoutes = () => gw.app.routeList.filter((r) => r.adminOnly);
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

/** Every table's rows as one digest per table: any insert, update or delete shows. */
async function snapshot(): Promise<Record<string, string>> {
  const { rows: tables } = await gw.db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await gw.db.query<{ d: string }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS d FROM "${name}" t`,
    );
    digest[name] = rows[0]!.d;
  }
  return digest;
}

describe('administrator and manager routes', () => {
  it('are found: everything under admin/ and the older admin paths, each registered', () => {
    const urls = adminRoutes().map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/v1.0/admin/system_log', '/api/v1.0/site/create', '/api/v1.0/user/set_status']));
    expect(urls.length).toBeGreaterThan(15);
    const registered = new Set(gw.app.routeList.map((r) => r.url));
    for (const path of ADMIN_ONLY_PATHS) expect(registered.has(`/api/v1.0/${path}`), path).toBe(true);
  });

  it('answer 42000 to a NORMAL user and change nothing', async () => {
    const before = await snapshot();
    const refused: string[] = [];
    for (const route of adminRoutes()) {
      const res = await gw.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { authorization: `Bearer ${normal}` },
        payload: route.method === 'GET' ? undefined : {},
      });
      const code = (res.json() as { code?: number }).code;
      if (res.statusCode !== 200 || code !== 42000) refused.push(`${route.method} ${route.url}: HTTP ${res.statusCode} code ${code}`);
    }
    expect(refused).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('still let administrators through the guard', async () => {
    const admin = await gw.adminToken();
    expect((await gw.call('GET', 'admin/system_log', { token: admin })).code).toBe(20000);
    expect((await gw.call('GET', 'site/list', { token: admin })).code).toBe(20000);
  });
});
