/**
 * The PostgreSQL store: an external server when DATABASE_URL is set, otherwise the embedded one.
 * Either way the application database is created with a UTF-8 ctype if it does not exist.
 */
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';

export type Db = pg.Pool;

export type OpenedDatabase = {
  db: Db;
  url: string;
  embedded: boolean;
  close: () => Promise<void>;
};

/** Creates `name` on the server behind `adminUrl` unless it exists; C.UTF-8 so CJK trigrams work. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8'`);
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function createPool(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's error (server restart) must not crash the process; the next query retries.
  pool.on('error', () => {});
  return pool;
}

/**
 * A one-connection pool to the same database, for short autocommit work done while a caller may
 * hold a connection of `db` in a transaction (waiting for a second one from the same pool could
 * deadlock when every connection is held that way). Idle, it lets the process exit.
 */
export function sidePool(db: Db): Db {
  const pool = new pg.Pool({ ...db.options, max: 1, idleTimeoutMillis: 1000, allowExitOnIdle: true });
  pool.on('error', () => {});
  return pool;
}

export type OpenDatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  log?: (line: string) => void;
};

export async function openDatabase(opts: OpenDatabaseOptions): Promise<OpenedDatabase> {
  if (opts.databaseUrl) {
    const db = createPool(opts.databaseUrl);
    return { db, url: opts.databaseUrl, embedded: false, close: () => db.end() };
  }
  const server = await startEmbeddedPostgres(`${opts.dataDir}/pg`, opts.log);
  await ensureDatabase(server.adminUrl, 'mtp');
  const url = withDatabase(server.adminUrl, 'mtp');
  const db = createPool(url);
  return {
    db,
    url,
    embedded: true,
    close: async () => {
      await db.end();
      await server.stop();
    },
  };
}

/** Runs `fn` in one transaction; rolls back on any error. */
export async function inTransaction<T>(db: Db, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
