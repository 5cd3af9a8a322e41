/**
 * Versioned migrations: each service ships numbered `.sql` files in its `migrations/` folder and
 * the platform applies the ones not yet recorded, in order, each in its own transaction. An
 * advisory lock lets several processes start at once without applying a file twice.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './database';

export type Migration = { id: string; sql: string };

const LOCK_KEY = 7_413_001;

/** Reads `<dir>/*.sql` sorted by name as migrations named `<service>/<file>`. */
export async function loadMigrations(service: string, dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(files.map(async (f) => ({ id: `${service}/${f}`, sql: await readFile(path.join(dir, f), 'utf8') })));
}

/** Applies pending migrations and answers the ids it applied. */
export async function runMigrations(db: Db, migrations: Migration[]): Promise<string[]> {
  const client = await db.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await client.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      try {
        await client.query('BEGIN');
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
        await client.query('COMMIT');
        applied.push(m.id);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.id} failed: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    client.release();
  }
  return applied;
}
