/**
 * Creating, listing and revoking app keys. The secret is made here, answered once and kept only
 * as its hash. Each create and revoke done for a person (`actor`) writes its system-log line in
 * the change's transaction. Revoked keys stay as rows: the admin list and the statistics name them.
 */
import { inTransaction, type Db } from '@mtp/platform';
import { AppError } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { recordAction, type LogActor } from '../system-log/record';
import { forgetApp } from './api-caller-cache';
import { apiKeyOf, hashSecret, isAppId, newSecret } from './app-key-secrets';

/** Live (not revoked) keys one user may hold at once. */
export const MAX_LIVE_APP_KEYS = 20;
export const APP_KEY_NAME_MAX = 50;

export type CreatedAppKey = { app_id: string; app_secret: string; api_key: string; name: string; created_at: string };

export type AppKeyRow = {
  app_id: string;
  name: string;
  user_id: number;
  account: string;
  username: string;
  site_id: number;
  site_name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

export type AppKeyList = { list: AppKeyRow[]; total: number; pages: number };

export async function createAppKey(db: Db, args: { userId: number; name: string; actor?: LogActor }): Promise<CreatedAppKey> {
  const name = args.name.trim();
  if (name.length === 0 || name.length > APP_KEY_NAME_MAX) throw new AppError('INVALID_PARAMS', 'name');
  const appId = randomUUID();
  const secret = newSecret();
  return inTransaction(db, async (client) => {
    // The user's row is the lock: two creations at once cannot both pass the count below.
    const user = await client.query('SELECT 1 FROM users WHERE user_id = $1 AND deleted_at IS NULL FOR UPDATE', [args.userId]);
    if (user.rowCount === 0) throw new AppError('ACCOUNT_NOT_FOUND');
    const live = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM app_keys WHERE user_id = $1 AND revoked_at IS NULL', [
      args.userId,
    ]);
    if (live.rows[0]!.n >= MAX_LIVE_APP_KEYS) throw new AppError('APP_KEY_LIMIT');
    const { rows } = await client.query<{ created_at: Date }>(
      'INSERT INTO app_keys (app_id, user_id, name, secret_hash) VALUES ($1, $2, $3, $4) RETURNING created_at',
      [appId, args.userId, name, hashSecret(secret)],
    );
    if (args.actor)
      await recordAction(client, args.actor, { action: 'app_key.create', targetType: 'app_key', targetId: appId, after: { name } });
    return { app_id: appId, app_secret: secret, api_key: apiKeyOf(appId, secret), name, created_at: rows[0]!.created_at.toISOString() };
  });
}

/** `%...%` with LIKE's own characters escaped, so a `_` or `%` typed matches itself. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Keys newest first, revoked ones included. `userId`: that user's own; `siteId`: the keys of that
 * site's users (a manager's view); neither: every key (the platform administrator's). `keyword`
 * matches the key's name or app id, or the owner's account or name.
 */
export async function listAppKeys(
  db: Db,
  args: { userId?: number; siteId?: number; keyword?: string; page: number; page_size: number },
): Promise<AppKeyList> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (args.userId !== undefined) add((p) => `k.user_id = ${p}`, args.userId);
  if (args.siteId !== undefined) add((p) => `u.site_id = ${p}`, args.siteId);
  const keyword = args.keyword?.trim();
  if (keyword)
    add((p) => `(k.name ILIKE ${p} OR k.app_id::text ILIKE ${p} OR u.account ILIKE ${p} OR u.username ILIKE ${p})`, containing(keyword));
  const from = `FROM app_keys k JOIN users u ON u.user_id = k.user_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params)).rows[0]!.n;
  const { rows } = await db.query<
    Omit<AppKeyRow, 'created_at' | 'last_used_at' | 'revoked_at'> & Record<'created_at' | 'last_used_at' | 'revoked_at', Date | null>
  >(
    `SELECT k.app_id, k.name, k.user_id, u.account, u.username, u.site_id,
            (SELECT s.site_name FROM sites s WHERE s.site_id = u.site_id) AS site_name, k.created_at, k.last_used_at, k.revoked_at
     ${from} ORDER BY k.created_at DESC, k.app_id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, args.page_size, (args.page - 1) * args.page_size],
  );
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    list: rows.map((r) => ({
      ...r,
      created_at: r.created_at!.toISOString(),
      last_used_at: iso(r.last_used_at),
      revoked_at: iso(r.revoked_at),
    })),
    total,
    pages: Math.ceil(total / args.page_size),
  };
}

/** A key by its app id (any case), revoked ones too; null when there is none. */
export async function findAppKey(
  q: Pick<Db, 'query'>,
  appId: string,
): Promise<{ app_id: string; name: string; user_id: number; revoked: boolean } | null> {
  if (!isAppId(appId)) return null;
  const { rows } = await q.query<{ app_id: string; name: string; user_id: number; revoked: boolean }>(
    'SELECT app_id::text, name, user_id, revoked_at IS NOT NULL AS revoked FROM app_keys WHERE app_id = $1',
    [appId.toLowerCase()],
  );
  return rows[0] ?? null;
}

/**
 * Revokes a key: it and its token stop working (this process at once, other replicas within the
 * credential memory's 2 s). `userId`: only that user's own key; `siteId`: only a key of that
 * site's users; anything else answers 44052 as if the key did not exist. Revoking twice is fine
 * (the second changes nothing and logs nothing).
 */
export async function revokeAppKey(
  db: Db,
  args: { appId: string; userId?: number; siteId?: number; actor?: LogActor },
): Promise<{ revoked: 1 }> {
  if (!isAppId(args.appId)) throw new AppError('APP_KEY_NOT_FOUND');
  const appId = args.appId.toLowerCase();
  await inTransaction(db, async (client) => {
    const { rows } = await client.query<{ user_id: number; site_id: number; name: string; revoked: boolean }>(
      `SELECT k.user_id, u.site_id, k.name, k.revoked_at IS NOT NULL AS revoked
       FROM app_keys k JOIN users u ON u.user_id = k.user_id WHERE k.app_id = $1 FOR UPDATE OF k`,
      [appId],
    );
    const key = rows[0];
    if (!key || (args.userId !== undefined && key.user_id !== args.userId) || (args.siteId !== undefined && key.site_id !== args.siteId))
      throw new AppError('APP_KEY_NOT_FOUND');
    if (key.revoked) return;
    await client.query('UPDATE app_keys SET revoked_at = now(), token_hash = NULL, token_expires_at = NULL WHERE app_id = $1', [appId]);
    if (args.actor)
      await recordAction(client, args.actor, {
        action: 'app_key.revoke',
        targetType: 'app_key',
        targetId: appId,
        before: { name: key.name, user_id: key.user_id },
        siteId: key.site_id,
      });
  });
  forgetApp(db, appId);
  return { revoked: 1 };
}
