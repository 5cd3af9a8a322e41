/**
 * A small schema with everything a dump must carry faithfully: foreign keys (loaded parents
 * first), an identity column the rows choose (GENERATED ALWAYS), a generated column, bytea,
 * jsonb, arrays, timestamps, NULLs, text with tabs, newlines, quotes and CJK, a sequence, and the
 * ops migrations (the backups tables themselves, which a backup leaves out).
 */
import { createStorage, runMigrations, type Db, type Migration, type ObjectStorage } from '@mtp/platform';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { opsMigrations } from '../../src';

export const FIXTURE_MIGRATIONS: Migration[] = [
  {
    id: 'fixture/001_people.sql',
    sql: `CREATE TABLE people (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL, tags text[] NOT NULL DEFAULT '{}',
            born timestamptz, photo bytea, extra jsonb, name_len integer GENERATED ALWAYS AS (length(name)) STORED);
          CREATE TABLE notes (note_id bigserial PRIMARY KEY, person_id integer NOT NULL REFERENCES people(id), body text NOT NULL,
            amount numeric(12, 4), at interval);
          CREATE SEQUENCE invoice_numbers START 1000;`,
  },
];

export async function allFixtureMigrations(): Promise<Migration[]> {
  return [...FIXTURE_MIGRATIONS, ...(await opsMigrations())];
}

/** Rows of every kind; `n` varies them so two calls differ. */
export async function seedRows(db: Db, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO people (name, tags, born, photo, extra) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [
        `名字 ${i}\t"quoted"\nline\\back`,
        [`a${i}`, 'b c', '{x}'],
        i % 3 ? new Date(Date.UTC(2020, 0, 1 + i, 12, 30, 15, 123)) : null,
        i % 2 ? Buffer.from([0, 1, 2, 255, i]) : null,
        { i, nested: { ok: true, text: '中文' } },
      ],
    );
    await db.query(`INSERT INTO notes (person_id, body, amount, at) VALUES ($1, $2, $3, $4)`, [
      rows[0]!.id,
      `note ${i}`,
      '12.3456',
      '1 day 02:03:04',
    ]);
  }
  await db.query(`SELECT nextval('invoice_numbers')`);
}

/** Every row of every fixture table as text, and the sequences' positions: equal means restored. */
export async function snapshotOf(db: Db): Promise<Record<string, unknown>> {
  const people = await db.query(
    `SELECT id, name, tags::text, born::text, encode(photo, 'hex') AS photo, extra::text, name_len FROM people ORDER BY id`,
  );
  const notes = await db.query(`SELECT note_id, person_id, body, amount::text, at::text FROM notes ORDER BY note_id`);
  const seq = await db.query(`SELECT last_value::text, is_called FROM invoice_numbers`);
  const next = await db.query(`SELECT last_value::text FROM notes_note_id_seq`);
  return { people: people.rows, notes: notes.rows, seq: seq.rows, notesSeq: next.rows };
}

export type Site = { tdb: TestDatabase; storage: ObjectStorage; dir: string; close: () => Promise<void> };

/** A migrated database (or an empty one) and a storage folder of its own. */
export async function openSite(opts: { migrate: boolean }): Promise<Site> {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  if (opts.migrate) await runMigrations(tdb.db, await allFixtureMigrations());
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-backup-test-'));
  const storage = createStorage({ storageDir: dir });
  return {
    tdb,
    storage,
    dir,
    close: async () => {
      await storage.close();
      await tdb.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** key -> sha256 of every stored object outside `backups/`. */
export async function storedChecksums(storage: ObjectStorage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const entry of storage.list('')) {
    if (entry.key.startsWith('backups/')) continue;
    out[entry.key] = createHash('sha256')
      .update(await storage.getBuffer(entry.key))
      .digest('hex');
  }
  return out;
}
