/**
 * Who a public-API request is: the native API's token (`issueAppToken`, `authenticateAppToken`)
 * or the API key DeepL and LibreTranslate clients send (`authenticateApiKey`). PostgreSQL is the
 * truth across replicas (api-caller-cache.ts remembers a checked credential for 2 s at most).
 *
 * The order of checks decides the code a caller sees: the credential (10003 for a key or app
 * secret, 10007 for a token: unknown, replaced or its key revoked), then the token's expiry
 * (10006), then the owner (10004 deactivated) and their enterprise site (41007 disabled).
 */
import type { Db } from '@mtp/platform';
import { AppError, type CodeName } from '@mtp/proto';
import { isSiteDisabled } from '../sites';
import { forgetApp, recall, remember, type ApiCaller } from './api-caller-cache';
import { hashSecret, isAppId, newSecret, parseApiKey, secretMatches } from './app-key-secrets';

export type { ApiCaller } from './api-caller-cache';

/** last_used_at is written at most this often per key and process (not once per request). */
const LAST_USED_EVERY_MS = 60_000;
/** Compared against when the app id is unknown, so both failures cost one hash comparison. */
const NO_SECRET_HASH = hashSecret('no such app key');

type KeyRow = {
  app_id: string;
  user_id: number;
  secret_hash: string;
  revoked: boolean;
  /** Milliseconds the token has left by the database's clock (the same on every replica); null: none. */
  token_ms_left: number | null;
  role: number;
  site_id: number;
  activated: boolean;
  deleted: boolean;
  account_status: number;
  expires_at: Date | null;
  parent_status: number | null;
  parent_expires_at: Date | null;
};

async function findKey(db: Db, where: 'k.app_id = $1' | 'k.token_hash = $1', value: string): Promise<KeyRow | null> {
  const { rows } = await db.query<KeyRow>(
    `SELECT k.app_id, k.user_id, k.secret_hash, k.revoked_at IS NOT NULL AS revoked,
       (extract(epoch FROM k.token_expires_at - now()) * 1000)::float8 AS token_ms_left,
       u.role, u.site_id, u.activated, u.deleted_at IS NOT NULL AS deleted,
       st.account_status, st.expires_at, p.account_status AS parent_status, p.expires_at AS parent_expires_at
     FROM app_keys k JOIN users u ON u.user_id = k.user_id JOIN sites st ON st.site_id = u.site_id
       LEFT JOIN sites p ON p.site_id = st.parent_site_id
     WHERE ${where}`,
    [value],
  );
  return rows[0] ?? null;
}

/** The owner may use the API now: active, and their enterprise site not disabled. */
function assertOwnerUsable(row: KeyRow): void {
  if (!row.activated) throw new AppError('API_ACCOUNT_NOT_ACTIVATED');
  if (isSiteDisabled(row)) throw new AppError('SITE_DISABLED');
}

const callerOf = (row: KeyRow): ApiCaller => ({ userId: row.user_id, siteId: row.site_id, role: row.role, appId: row.app_id });

const lastTouched = new WeakMap<Db, Map<string, number>>();

/** Marks the key used, at most once a minute per key in this process (and in the database). */
async function touch(db: Db, appId: string, now = Date.now()): Promise<void> {
  let touched = lastTouched.get(db);
  if (!touched) lastTouched.set(db, (touched = new Map()));
  const last = touched.get(appId);
  if (last !== undefined && now - last < LAST_USED_EVERY_MS) return;
  if (touched.size >= 10_000) touched.clear();
  touched.set(appId, now);
  await db.query(
    `UPDATE app_keys SET last_used_at = now() WHERE app_id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [appId],
  );
}

/** The key of `appId` when `appSecret` is its secret and it is not revoked, else 10003. */
async function keyWithSecret(db: Db, appId: string, appSecret: string): Promise<KeyRow> {
  const row = isAppId(appId) ? await findKey(db, 'k.app_id = $1', appId.toLowerCase()) : null;
  const matches = secretMatches(appSecret, row?.secret_hash ?? NO_SECRET_HASH);
  if (!row || !matches || row.revoked || row.deleted) throw new AppError('API_APP_CREDENTIALS');
  return row;
}

/**
 * A new token for the app (`POST open/token`): it replaces the app's previous one on every
 * replica, since the one token hash lives on the key's row.
 */
export async function issueAppToken(
  db: Db,
  args: { appId: string; appSecret: string; ttlSeconds: number },
): Promise<{ token: string; expires_in: number }> {
  const row = await keyWithSecret(db, args.appId, args.appSecret);
  assertOwnerUsable(row);
  const token = newSecret();
  const { rowCount } = await db.query(
    `UPDATE app_keys SET token_hash = $2, token_expires_at = now() + make_interval(secs => $3), last_used_at = now()
     WHERE app_id = $1 AND revoked_at IS NULL`,
    [row.app_id, hashSecret(token), args.ttlSeconds],
  );
  // Revoked between the read and the write.
  if (rowCount === 0) throw new AppError('API_APP_CREDENTIALS');
  forgetApp(db, row.app_id);
  return { token, expires_in: args.ttlSeconds };
}

async function fromMemoryOrDb(db: Db, credentialHash: string, load: () => Promise<KeyRow>, expired?: CodeName): Promise<ApiCaller> {
  const now = Date.now();
  const known = recall(db, credentialHash, now);
  if (known) {
    if (expired && known.tokenExpiresAt !== null && known.tokenExpiresAt <= now) throw new AppError(expired);
    await touch(db, known.caller.appId, now);
    return known.caller;
  }
  const row = await load();
  const caller = callerOf(row);
  const expiresAt = expired && row.token_ms_left !== null ? new Date(now + row.token_ms_left) : null;
  remember(db, credentialHash, caller, expiresAt, now);
  await touch(db, caller.appId, now);
  return caller;
}

/** The caller of a native-API request (`Authorization: Bearer <token>`). */
export async function authenticateAppToken(db: Db, token: string): Promise<ApiCaller> {
  if (!token) throw new AppError('API_TOKEN_ERROR');
  const hash = hashSecret(token);
  return fromMemoryOrDb(
    db,
    `token:${hash}`,
    async () => {
      const row = await findKey(db, 'k.token_hash = $1', hash);
      if (!row || row.revoked || row.deleted) throw new AppError('API_TOKEN_ERROR');
      if (row.token_ms_left === null || row.token_ms_left <= 0) throw new AppError('API_TOKEN_EXPIRED');
      assertOwnerUsable(row);
      return row;
    },
    'API_TOKEN_EXPIRED',
  );
}

/** The caller of a DeepL- or LibreTranslate-style request (the API key `<app_id>:<app_secret>`). */
export async function authenticateApiKey(db: Db, apiKey: string): Promise<ApiCaller> {
  const parsed = parseApiKey(apiKey);
  if (!parsed) throw new AppError('API_APP_CREDENTIALS');
  return fromMemoryOrDb(db, `key:${hashSecret(apiKey)}`, async () => {
    const row = await keyWithSecret(db, parsed.appId, parsed.appSecret);
    assertOwnerUsable(row);
    return row;
  });
}
