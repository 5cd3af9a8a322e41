/**
 * The database part of a restore. `prepareSchema` brings the target to exactly the backup's
 * migrations (an empty database gets them all; a live one must already have them), then a
 * `TableLoader` replaces every table's rows in ONE transaction: truncate all, insert the
 * archive's rows in foreign-key order, set the sequences, check every count and checksum, and
 * commit. Until the commit nothing changes; a failure rolls back to the rows as they were.
 */
import { runMigrations, type Db, type Migration } from '@mtp/platform';
import { createHash } from 'node:crypto';
import { MIGRATIONS_TABLE, type BackupHeader, type BackupManifest } from './backup-manifest';
import type { DbClient } from './backup-store';
import { tableColumns, tablesInForeignKeyOrder, useCanonicalTextForms } from './db-dump';

/** A restore that must not go ahead; its message says why in words an operator can act on. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** Parameters per INSERT stay well under PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;
const MAX_ROWS = 500;

export async function isEmptyDatabase(db: Pick<Db, 'query'>): Promise<boolean> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
  );
  return Number(rows[0]!.n) === 0;
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ t: string | null }>(`SELECT to_regclass('public.${MIGRATIONS_TABLE}')::text AS t`);
  if (!rows[0]!.t) return [];
  return (await db.query<{ id: string }>(`SELECT id FROM ${MIGRATIONS_TABLE}`)).rows.map((r) => r.id);
}

/**
 * Applies the backup's migrations that the target lacks, from this code's copies. Refuses a
 * backup made by newer code (a migration this code does not have) and a target whose schema is
 * past the backup's (its rows would not fit; restore into an empty database instead, which
 * moves them forward with the newer migrations after the load).
 */
export async function prepareSchema(db: Db, header: BackupHeader, code: Migration[]): Promise<void> {
  const known = new Set(code.map((m) => m.id));
  const unknown = header.migrations.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new RestoreRefusedError(
      `the backup was made by a newer version of the platform (migrations ${unknown.join(', ')}); upgrade first`,
    );
  }
  const wanted = new Set(header.migrations);
  const ahead = (await appliedMigrations(db)).filter((id) => !wanted.has(id));
  if (ahead.length > 0) {
    throw new RestoreRefusedError(
      `the database has migrations the backup lacks (${ahead.join(', ')}); restore into an empty database instead`,
    );
  }
  await runMigrations(
    db,
    code.filter((m) => wanted.has(m.id)),
  );
}

export class TableLoader {
  private readonly loaded = new Map<string, { rows: number; sha256: string }>();

  private constructor(private readonly client: DbClient) {}

  /** Opens the transaction and empties every table the archive replaces. */
  static async begin(db: Db, header: BackupHeader): Promise<TableLoader> {
    const client = await db.connect();
    try {
      await useCanonicalTextForms(client);
      await client.query('BEGIN');
      // A live platform's transactions hold row locks; waiting long for all tables would stall it.
      await client.query(`SET LOCAL lock_timeout = '60s'`);
      if (header.fkCycle) await client.query(`SET LOCAL session_replication_role = replica`);
      const { order } = await tablesInForeignKeyOrder(client);
      if (order.length > 0) await client.query(`TRUNCATE ${order.map((t) => client.escapeIdentifier(t)).join(', ')}`);
      return new TableLoader(client);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      client.release();
      throw err;
    }
  }

  /** Inserts one table's rows from its archive entry (JSON lines of column texts). */
  async table(name: string, columns: string[], body: AsyncIterable<Buffer>): Promise<void> {
    const types = new Map((await tableColumns(this.client, name)).map((c) => [c.name, c.type]));
    if (types.size === 0) throw new RestoreRefusedError(`table ${name} of the backup does not exist in the database`);
    const missing = columns.filter((c) => !types.has(c));
    if (missing.length > 0) throw new RestoreRefusedError(`table ${name} has no column ${missing.join(', ')}`);
    const perInsert = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / Math.max(1, columns.length))));
    const hash = createHash('sha256');
    let rows = 0;
    let batch: unknown[][] = [];
    let rest = '';
    const flush = async () => {
      if (batch.length > 0) await this.insert(name, columns, types, batch);
      rows += batch.length;
      batch = [];
    };
    for await (const chunk of body) {
      hash.update(chunk);
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        batch.push(JSON.parse(line) as unknown[]);
        if (batch.length >= perInsert) await flush();
      }
    }
    if (rest !== '') throw new Error(`table ${name}: the archive entry ends inside a row`);
    await flush();
    this.loaded.set(name, { rows, sha256: hash.digest('hex') });
  }

  private async insert(table: string, columns: string[], types: Map<string, string>, rows: unknown[][]): Promise<void> {
    const q = this.client;
    const params: unknown[] = [];
    const values = rows.map((row) => {
      const cells = columns.map((c, i) => {
        params.push(row[i] ?? null);
        return `$${params.length}::${types.get(c)!}`;
      });
      return `(${cells.join(', ')})`;
    });
    const cols = columns.map((c) => q.escapeIdentifier(c)).join(', ');
    const target = columns.length > 0 ? `(${cols}) OVERRIDING SYSTEM VALUE VALUES ${values.join(', ')}` : 'DEFAULT VALUES';
    await q.query(`INSERT INTO ${q.escapeIdentifier(table)} ${target}`, params);
  }

  /** Checks what was loaded against the manifest, sets the sequences and commits. */
  async commit(manifest: BackupManifest): Promise<void> {
    for (const t of manifest.tables) {
      const got = this.loaded.get(t.name);
      if (!got) throw new Error(`the archive holds no rows for table ${t.name}`);
      if (got.rows !== t.rows || got.sha256 !== t.sha256) throw new Error(`table ${t.name} does not match the manifest (archive damaged)`);
    }
    for (const s of manifest.sequences) {
      await this.client.query('SELECT setval(quote_ident($1)::regclass, $2::bigint, $3)', [s.name, s.value, s.called]);
    }
    await this.client.query('COMMIT');
    this.client.release();
  }

  async abort(): Promise<void> {
    await this.client.query('ROLLBACK').catch(() => {});
    this.client.release();
  }
}
