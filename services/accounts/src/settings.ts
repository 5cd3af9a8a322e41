/**
 * Secrets the platform makes itself on first start and keeps in the `settings` table, so a
 * restart keeps every issued token and the login page's public key valid.
 */
import type { Db } from '@mtp/platform';

async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const { rows } = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]);
  return rows[0]?.value;
}

/** Answers the stored value of `key`, creating it with `make()` the first time (race-safe). */
export async function getOrCreateSetting(db: Db, key: string, make: () => string): Promise<string> {
  const existing = await readSetting(db, key);
  if (existing !== undefined) return existing;
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, make()]);
  return (await readSetting(db, key))!;
}
