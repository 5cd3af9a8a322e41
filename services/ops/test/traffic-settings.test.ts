/**
 * The traffic limits on a real PostgreSQL: which limit applies (app key > user > site >
 * default), the ranges every write checks, and how a change reaches another replica's cache.
 */
import { runMigrations } from '@mtp/platform';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { AppError } from '@mtp/proto';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  deleteOverride,
  listOverrides,
  opsMigrations,
  setDefaultLimit,
  setLoginLimits,
  setOverride,
  TrafficSettings,
  type TrafficDefaults,
} from '../src';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  await runMigrations(tdb.db, await opsMigrations());
});
afterAll(async () => {
  await tdb.drop();
});
beforeEach(async () => {
  await tdb.db.query('DELETE FROM traffic_limits');
  await tdb.db.query('DELETE FROM login_limits');
});

const DEFAULTS: TrafficDefaults = {
  frequency: { maxRequests: 1200, windowMinutes: 1 },
  login: { perAccount: 20, perIp: 200, windowMinutes: 15 },
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function codeOf(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).codeName;
}

describe('precedence', () => {
  it('gives the API key its own override, else the user, else the site, else the default', async () => {
    const settings = new TrafficSettings(tdb.db, DEFAULTS, 0);
    const who = { appId: 'app_1', userId: 7, siteId: 3 };
    expect(await settings.limitFor(who)).toEqual({ maxRequests: 1200, windowMinutes: 1, rule: 'default' });

    await setOverride(tdb.db, { scope: 'site', subject: '3', maxRequests: 300, windowMinutes: 10 });
    expect(await settings.limitFor(who)).toMatchObject({ maxRequests: 300, rule: 'site' });
    await setOverride(tdb.db, { scope: 'user', subject: '7', maxRequests: 50, windowMinutes: 5 });
    expect(await settings.limitFor(who)).toMatchObject({ maxRequests: 50, windowMinutes: 5, rule: 'user' });
    await setOverride(tdb.db, { scope: 'app', subject: 'app_1', maxRequests: 9000, windowMinutes: 60 });
    expect(await settings.limitFor(who)).toMatchObject({ maxRequests: 9000, rule: 'app' });

    // Without a key the user's applies; another user of site 3 gets the site's; a visitor the default.
    expect(await settings.limitFor({ userId: 7, siteId: 3 })).toMatchObject({ rule: 'user' });
    expect(await settings.limitFor({ userId: 8, siteId: 3 })).toMatchObject({ maxRequests: 300, rule: 'site' });
    expect(await settings.limitFor({})).toMatchObject({ rule: 'default' });

    // A set default replaces the environment's; deleting an override falls back one rule.
    await setDefaultLimit(tdb.db, { maxRequests: 100, windowMinutes: 2 });
    await deleteOverride(tdb.db, 'site', '3');
    expect(await settings.limitFor({ userId: 8, siteId: 3 })).toEqual({ maxRequests: 100, windowMinutes: 2, rule: 'default' });
    expect((await settings.snapshot()).defaultLimit.fromEnv).toBe(false);
  });

  it('answers the login limits of the environment until an administrator sets them', async () => {
    const settings = new TrafficSettings(tdb.db, DEFAULTS, 0);
    expect(await settings.loginLimits()).toEqual({ ...DEFAULTS.login, fromEnv: true });
    expect(await setLoginLimits(tdb.db, { perAccount: 5, perIp: 50, windowMinutes: 30 })).toBeNull();
    expect(await settings.loginLimits()).toEqual({ perAccount: 5, perIp: 50, windowMinutes: 30, fromEnv: false });
    // The change answers what it replaced (the system log's "before").
    expect(await setLoginLimits(tdb.db, { perAccount: 6, perIp: 60, windowMinutes: 30 })).toEqual({
      perAccount: 5,
      perIp: 50,
      windowMinutes: 30,
    });
  });
});

describe('validation', () => {
  it('refuses values outside the ranges and malformed subjects, storing nothing', async () => {
    for (const limit of [
      { maxRequests: 0, windowMinutes: 1 },
      { maxRequests: 1_000_001, windowMinutes: 1 },
      { maxRequests: 10, windowMinutes: 0 },
      { maxRequests: 10, windowMinutes: 1441 },
      { maxRequests: 10, windowMinutes: 1.5 },
    ]) {
      expect(await codeOf(setDefaultLimit(tdb.db, limit))).toBe('TRAFFIC_LIMIT_OUT_OF_RANGE');
      expect(await codeOf(setOverride(tdb.db, { scope: 'user', subject: '1', ...limit }))).toBe('TRAFFIC_LIMIT_OUT_OF_RANGE');
    }
    expect(await codeOf(setLoginLimits(tdb.db, { perAccount: 0, perIp: 10, windowMinutes: 5 }))).toBe('TRAFFIC_LIMIT_OUT_OF_RANGE');
    expect(await codeOf(setLoginLimits(tdb.db, { perAccount: 5, perIp: 100_001, windowMinutes: 5 }))).toBe('TRAFFIC_LIMIT_OUT_OF_RANGE');
    const ok = { maxRequests: 10, windowMinutes: 1 };
    expect(await codeOf(setOverride(tdb.db, { scope: 'user', subject: 'alice', ...ok }))).toBe('INVALID_PARAMS');
    expect(await codeOf(setOverride(tdb.db, { scope: 'site', subject: '0', ...ok }))).toBe('INVALID_PARAMS');
    expect(await codeOf(setOverride(tdb.db, { scope: 'app', subject: 'bad id!', ...ok }))).toBe('INVALID_PARAMS');
    expect(await codeOf(deleteOverride(tdb.db, 'user', '404'))).toBe('TRAFFIC_OVERRIDE_NOT_FOUND');
    const { rows } = await tdb.db.query('SELECT 1 FROM traffic_limits UNION ALL SELECT 1 FROM login_limits');
    expect(rows).toHaveLength(0);
  });
});

describe('listing and caching', () => {
  it('lists overrides newest first, by page and scope, with the label given when set', async () => {
    for (let i = 1; i <= 25; i += 1) {
      await setOverride(tdb.db, {
        scope: i % 5 === 0 ? 'site' : 'user',
        subject: String(i),
        label: `who${i}`,
        maxRequests: i,
        windowMinutes: 1,
      });
    }
    const first = await listOverrides(tdb.db, { pageSize: 10 });
    expect(first).toMatchObject({ total: 25, pages: 3, page: 1, pageSize: 10 });
    expect(first.list[0]).toMatchObject({ subject: '25', label: 'who25', scope: 'site' });
    expect((await listOverrides(tdb.db, { pageSize: 10, page: 3 })).list).toHaveLength(5);
    expect((await listOverrides(tdb.db, { pageSize: 10, page: 9 })).total).toBe(25);
    const sites = await listOverrides(tdb.db, { scope: 'site' });
    expect(sites.list.map((o) => o.subject)).toEqual(['25', '20', '15', '10', '5']);
  });

  it('shows another replica a change within its cache time, and its own change at once', async () => {
    const [here, there] = [new TrafficSettings(tdb.db, DEFAULTS, 400), new TrafficSettings(tdb.db, DEFAULTS, 400)];
    expect((await there.limitFor({ userId: 1 })).rule).toBe('default');
    expect((await here.limitFor({ userId: 1 })).rule).toBe('default');
    await setOverride(tdb.db, { scope: 'user', subject: '1', maxRequests: 3, windowMinutes: 1 });
    here.invalidate();
    expect((await here.limitFor({ userId: 1 })).rule).toBe('user');
    // The other replica still holds its copy, then reads again once it is 400 ms old.
    expect((await there.limitFor({ userId: 1 })).rule).toBe('default');
    await sleep(450);
    expect((await there.limitFor({ userId: 1 })).rule).toBe('user');
  });

  it('reads the tables once for many requests arriving together', async () => {
    // The real pool, counting the statements it is given.
    let statements = 0;
    const counting = { query: (...args: unknown[]) => ((statements += 1), (tdb.db.query as (...a: unknown[]) => unknown)(...args)) };
    const settings = new TrafficSettings(counting as unknown as TestDatabase['db'], DEFAULTS, 60_000);
    await Promise.all(Array.from({ length: 50 }, (_, i) => settings.limitFor({ userId: i + 1 })));
    await settings.loginLimits();
    // One snapshot: two SELECTs (limits and login), whatever the number of requests.
    expect(statements).toBe(2);
  });
});
