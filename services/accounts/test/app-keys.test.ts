/**
 * App keys on a real PostgreSQL: the secret is answered once and kept hashed, at most 20 live
 * keys a user (also when created at once), lists and revocation scoped to the owner or a site,
 * one valid token per app, and the codes a bad credential, an expired token, a deactivated owner
 * or a disabled site answer.
 */
import { createTestDatabase } from '@mtp/platform/testing';
import { runMigrations, type Db } from '@mtp/platform';
import { AppError } from '@mtp/proto';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  accountsMigrations,
  authenticateApiKey,
  authenticateAppToken,
  createAppKey,
  issueAppToken,
  listAppKeys,
  revokeAppKey,
} from '../src/index';

let db: Db;
let drop: () => Promise<void>;
let mainSite: number;
let users = 0;

beforeAll(async () => {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  await runMigrations(tdb.db, await accountsMigrations());
  db = tdb.db;
  drop = () => tdb.drop();
  mainSite = await createSite('main', true);
});
afterAll(async () => {
  await drop?.();
});

async function createSite(code: string, isMain = false): Promise<number> {
  const { rows } = await db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ($1, $1, '{}', $2) RETURNING site_id`,
    [code, isMain],
  );
  return rows[0]!.site_id;
}

async function createUser(siteId = mainSite): Promise<number> {
  users += 1;
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO users (account, username, site_id) VALUES ($1, $2, $3) RETURNING user_id`,
    [`keys${users}@example.com`, `owner${users}`, siteId],
  );
  return rows[0]!.user_id;
}

async function codeOf(p: Promise<unknown>): Promise<number | 'no error'> {
  try {
    await p;
    return 'no error';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

const actor = (userId: number) => ({ userId, account: `keys@example.com`, siteId: mainSite });

describe('creating and listing', () => {
  it('answers the secret once and keeps only its SHA-256', async () => {
    const userId = await createUser();
    const key = await createAppKey(db, { userId, name: '  My app  ', actor: actor(userId) });
    expect(key.name).toBe('My app');
    expect(key.app_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key.api_key).toBe(`${key.app_id}:${key.app_secret}`);
    const { rows } = await db.query<{ secret_hash: string; user_id: number }>(
      'SELECT secret_hash, user_id FROM app_keys WHERE app_id = $1',
      [key.app_id],
    );
    expect(rows[0]!.secret_hash).toBe(createHash('sha256').update(key.app_secret).digest('hex'));
    const stored = await db.query(`SELECT 1 FROM app_keys WHERE row_to_json(app_keys)::text LIKE $1`, [`%${key.app_secret}%`]);
    expect(stored.rowCount).toBe(0);
    const listed = await listAppKeys(db, { userId, page: 1, page_size: 10 });
    expect(listed.total).toBe(1);
    expect(listed.list[0]).toMatchObject({ app_id: key.app_id, name: 'My app', user_id: userId, last_used_at: null, revoked_at: null });
    expect(JSON.stringify(listed)).not.toContain(key.app_secret);
    const log = await db.query('SELECT action, target_id FROM system_log WHERE target_type = $1', ['app_key']);
    expect(log.rows).toEqual([{ action: 'app_key.create', target_id: key.app_id }]);
    expect(await codeOf(createAppKey(db, { userId, name: '   ' }))).toBe(40000);
    expect(await codeOf(createAppKey(db, { userId, name: 'x'.repeat(51) }))).toBe(40000);
  });

  it('holds a user to 20 live keys, also when created at once; a revoked key frees a place', async () => {
    const userId = await createUser();
    for (let i = 0; i < 18; i += 1) await createAppKey(db, { userId, name: `k${i}` });
    const racing = await Promise.all([1, 2, 3].map((i) => codeOf(createAppKey(db, { userId, name: `race${i}` }))));
    expect(racing.filter((c) => c === 'no error')).toHaveLength(2);
    expect(racing.filter((c) => c === 44051)).toHaveLength(1);
    const { list } = await listAppKeys(db, { userId, page: 1, page_size: 50 });
    expect(list).toHaveLength(20);
    await revokeAppKey(db, { appId: list[5]!.app_id, userId });
    expect(await codeOf(createAppKey(db, { userId, name: 'again' }))).toBe('no error');
    expect(await codeOf(createAppKey(db, { userId, name: 'one more' }))).toBe(44051);
    // Revoked keys stay listed, newest first.
    const again = await listAppKeys(db, { userId, page: 1, page_size: 3 });
    expect(again.total).toBe(21);
    expect(again.pages).toBe(7);
    expect(again.list[0]!.name).toBe('again');
  });

  it("lists every key for administrators, a site's for managers, by keyword", async () => {
    const site = await createSite('acme');
    const member = await createUser(site);
    const outsider = await createUser();
    const mine = await createAppKey(db, { userId: member, name: 'Acme translator' });
    await createAppKey(db, { userId: outsider, name: 'Elsewhere' });
    const bySite = await listAppKeys(db, { siteId: site, page: 1, page_size: 10 });
    expect(bySite.list.map((k) => k.app_id)).toEqual([mine.app_id]);
    const all = await listAppKeys(db, { keyword: 'acme TRANS', page: 1, page_size: 10 });
    expect(all.list.map((k) => k.app_id)).toEqual([mine.app_id]);
    expect((await listAppKeys(db, { keyword: mine.app_id.slice(0, 8), page: 1, page_size: 10 })).total).toBe(1);
    expect((await listAppKeys(db, { keyword: '%', page: 1, page_size: 10 })).total).toBe(0);
    // Out of scope answers as if the key did not exist.
    expect(await codeOf(revokeAppKey(db, { appId: mine.app_id, siteId: mainSite }))).toBe(44052);
    expect(await codeOf(revokeAppKey(db, { appId: mine.app_id, userId: outsider }))).toBe(44052);
    expect(await codeOf(revokeAppKey(db, { appId: 'not-a-uuid' }))).toBe(44052);
    expect(await revokeAppKey(db, { appId: mine.app_id, siteId: site, actor: actor(outsider) })).toEqual({ revoked: 1 });
    expect(await revokeAppKey(db, { appId: mine.app_id, siteId: site, actor: actor(outsider) })).toEqual({ revoked: 1 });
    const log = await db.query('SELECT site_id FROM system_log WHERE action = $1 AND target_id = $2', ['app_key.revoke', mine.app_id]);
    expect(log.rows).toEqual([{ site_id: site }]);
  });
});

describe('tokens and API keys', () => {
  it('issues one valid token per app: a second retires the first', async () => {
    const userId = await createUser();
    const key = await createAppKey(db, { userId, name: 'tokens' });
    const first = await issueAppToken(db, { appId: key.app_id, appSecret: key.app_secret, ttlSeconds: 7200 });
    expect(first.expires_in).toBe(7200);
    expect(await authenticateAppToken(db, first.token)).toEqual({ userId, siteId: mainSite, role: 2, appId: key.app_id });
    const second = await issueAppToken(db, { appId: key.app_id.toUpperCase(), appSecret: key.app_secret, ttlSeconds: 60 });
    expect(await codeOf(authenticateAppToken(db, first.token))).toBe(10007);
    expect((await authenticateAppToken(db, second.token)).appId).toBe(key.app_id);
    expect(await codeOf(authenticateAppToken(db, 'made-up'))).toBe(10007);
    expect(await codeOf(authenticateAppToken(db, ''))).toBe(10007);
    const { rows } = await db.query('SELECT 1 FROM app_keys WHERE token_hash = $1', [second.token]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a wrong app id or secret with 10003, an expired token with 10006, a revoked key with 10007 / 10003', async () => {
    const userId = await createUser();
    const key = await createAppKey(db, { userId, name: 'bad' });
    const other = await createAppKey(db, { userId, name: 'other' });
    expect(await codeOf(issueAppToken(db, { appId: key.app_id, appSecret: other.app_secret, ttlSeconds: 60 }))).toBe(10003);
    expect(await codeOf(issueAppToken(db, { appId: '00000000-0000-4000-8000-000000000000', appSecret: 'x', ttlSeconds: 60 }))).toBe(10003);
    expect(await codeOf(issueAppToken(db, { appId: 'nonsense', appSecret: key.app_secret, ttlSeconds: 60 }))).toBe(10003);
    // A token of no lifetime is expired as soon as it is made.
    const dead = await issueAppToken(db, { appId: key.app_id, appSecret: key.app_secret, ttlSeconds: 0 });
    expect(await codeOf(authenticateAppToken(db, dead.token))).toBe(10006);

    const live = await issueAppToken(db, { appId: key.app_id, appSecret: key.app_secret, ttlSeconds: 600 });
    expect((await authenticateAppToken(db, live.token)).appId).toBe(key.app_id);
    expect((await authenticateApiKey(db, key.api_key)).appId).toBe(key.app_id);
    await revokeAppKey(db, { appId: key.app_id, userId });
    // Remembered a moment ago, forgotten by the revocation in this process.
    expect(await codeOf(authenticateAppToken(db, live.token))).toBe(10007);
    expect(await codeOf(authenticateApiKey(db, key.api_key))).toBe(10003);
    expect(await codeOf(issueAppToken(db, { appId: key.app_id, appSecret: key.app_secret, ttlSeconds: 60 }))).toBe(10003);

    expect(await codeOf(authenticateApiKey(db, `${other.app_id}:wrong`))).toBe(10003);
    expect(await codeOf(authenticateApiKey(db, other.app_secret))).toBe(10003);
    expect(await codeOf(authenticateApiKey(db, `${other.app_id}:`))).toBe(10003);
    expect(await authenticateApiKey(db, other.api_key)).toEqual({ userId, siteId: mainSite, role: 2, appId: other.app_id });
  });

  it('answers 10004 for a deactivated owner and 41007 for a disabled enterprise site', async () => {
    const userId = await createUser();
    const key = await createAppKey(db, { userId, name: 'owner state' });
    await db.query('UPDATE users SET activated = false WHERE user_id = $1', [userId]);
    expect(await codeOf(issueAppToken(db, { appId: key.app_id, appSecret: key.app_secret, ttlSeconds: 60 }))).toBe(10004);
    expect(await codeOf(authenticateApiKey(db, key.api_key))).toBe(10004);
    await db.query('UPDATE users SET activated = true WHERE user_id = $1', [userId]);
    const token = await issueAppToken(db, { appId: key.app_id, appSecret: key.app_secret, ttlSeconds: 60 });
    await db.query('UPDATE users SET activated = false WHERE user_id = $1', [userId]);
    expect(await codeOf(authenticateAppToken(db, token.token))).toBe(10004);

    const site = await createSite('expired-co');
    const member = await createUser(site);
    const memberKey = await createAppKey(db, { userId: member, name: 'enterprise' });
    await db.query(`UPDATE sites SET expires_at = now() - interval '1 day' WHERE site_id = $1`, [site]);
    expect(await codeOf(authenticateApiKey(db, memberKey.api_key))).toBe(41007);
    expect(await codeOf(issueAppToken(db, { appId: memberKey.app_id, appSecret: memberKey.app_secret, ttlSeconds: 60 }))).toBe(41007);
  });

  it('marks a key used without writing on every request', async () => {
    const userId = await createUser();
    const key = await createAppKey(db, { userId, name: 'used' });
    await authenticateApiKey(db, key.api_key);
    const lastUsed = async () =>
      (await db.query<{ last_used_at: Date | null }>('SELECT last_used_at FROM app_keys WHERE app_id = $1', [key.app_id])).rows[0]!
        .last_used_at;
    expect(await lastUsed()).toBeInstanceOf(Date);
    await db.query('UPDATE app_keys SET last_used_at = NULL WHERE app_id = $1', [key.app_id]);
    for (let i = 0; i < 3; i += 1) await authenticateApiKey(db, key.api_key);
    expect(await lastUsed()).toBeNull();
  });
});
