/**
 * Versions of the user terms. The spec's rule "terms are agreed before login" holds per
 * version: a user agrees once (at registration, or at the first login after a new version is
 * published) and is not asked again until the terms change. Each version keeps its text
 * (migration 007; read and edited through content/terms-text.ts).
 */
import type { Db } from '@mtp/platform';
import type pg from 'pg';

type Queryable = Db | pg.PoolClient;

/** The newest published version (1 when the table is somehow empty, as the migration seeds it). */
export async function currentTermsVersion(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ version: number | null }>('SELECT max(version) AS version FROM user_terms');
  return rows[0]?.version ?? 1;
}

/**
 * Publishes a new version: everyone is asked to agree again at their next login. `text` (already
 * sanitized) is its text; without it the new version keeps the current one's.
 */
export async function publishTermsVersion(db: Queryable, text?: { zh: string; en: string }): Promise<number> {
  const { rows } = await db.query<{ version: number }>(
    `INSERT INTO user_terms (version, body_zh, body_en)
     SELECT COALESCE(max(t.version), 0) + 1,
            COALESCE($1, (SELECT body_zh FROM user_terms ORDER BY version DESC LIMIT 1), ''),
            COALESCE($2, (SELECT body_en FROM user_terms ORDER BY version DESC LIMIT 1), '')
     FROM user_terms t RETURNING version`,
    [text?.zh ?? null, text?.en ?? null],
  );
  return rows[0]!.version;
}

/** Records that the user agreed the current version; never lowers what they agreed before. */
export async function recordTermsAgreed(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE users SET terms_version = GREATEST(terms_version, (SELECT max(version) FROM user_terms)) WHERE user_id = $1', [
    userId,
  ]);
}

/** Whether the user must agree (again) before a login is let through. */
export async function mustAgreeTerms(db: Queryable, agreedVersion: number): Promise<boolean> {
  return agreedVersion < (await currentTermsVersion(db));
}
