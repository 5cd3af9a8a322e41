/**
 * The translation-memory bench's world: what it runs on (so a reader knows the configuration
 * behind the figures) and who owns which memory. Units are spread over several banks: system
 * memories (read by everyone), memories of the querying user, and memories of other users, which
 * the querying user must not see: they cost the lookups nothing but space.
 */
import type { Db } from '@mtp/platform';
import { ROLES } from '@mtp/proto';
import { statfs } from 'node:fs/promises';
import os from 'node:os';

export type BankKind = 'system' | 'own' | 'other';
export type BenchBank = { bankId: number; kind: BankKind; ownerId: number | null; units: number };
export type BenchUsers = { siteId: number; reader: number; others: [number, number] };

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;

/** Free space of the file system holding `dir` (the generated files and, embedded, the database). */
export async function freeDisk(dir: string): Promise<string> {
  const fs = await statfs(dir);
  return gib(fs.bavail * fs.bsize);
}

/** The 1, 5 and 15 minute load averages: other work on the machine skews every figure. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/** Settings that decide how imports and lookups of a large memory go (the embedded server sets some). */
const SETTINGS = ['shared_buffers', 'max_wal_size', 'checkpoint_timeout', 'work_mem', 'data_checksums'];

/** Lines naming the machine and the PostgreSQL server the figures come from. */
export async function describeSetup(db: Db, dir: string): Promise<string[]> {
  const version = await db.query<{ version: string }>('SELECT version()');
  const settings = await db.query<{ name: string; value: string }>(
    'SELECT name, current_setting(name) AS value FROM unnest($1::text[]) AS name',
    [SETTINGS],
  );
  // startTestServer uses TEST_PG_ADMIN_URL when it is set, else starts its own server.
  const where = process.env.TEST_PG_ADMIN_URL ? 'external (TEST_PG_ADMIN_URL)' : 'embedded (startTestServer)';
  return [
    `machine: ${os.cpus().length} cores, ${gib(os.totalmem())} RAM, ${await freeDisk(dir)} free disk, load ${loadAverage()}; node ${process.version} ${process.execArgv.join(' ')}`,
    `postgres: ${where}: ${version.rows[0]!.version.split(' on ')[0]}`,
    `postgres settings: ${settings.rows.map((r) => `${r.name}=${r.value}`).join(' ')}`,
  ];
}

/** One site, the querying user and two other users. */
export async function createUsers(db: Db): Promise<BenchUsers> {
  const site = await db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ('main', 'Main', '{}', true) RETURNING site_id`,
  );
  const siteId = site.rows[0]!.site_id;
  // Managers: plans cap an individual memory at 100,000 entries (enterprise), staff have no
  // cap, and a 10M-unit run puts a million in each bank.
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO users (account, username, site_id, role)
     SELECT 'tm-bench-' || g || '@example.com', 'tm bench ' || g, $1, $2 FROM generate_series(1, 3) g ORDER BY g RETURNING user_id`,
    [siteId, ROLES.MANAGER],
  );
  const [reader, a, b] = rows.map((r) => r.user_id) as [number, number, number];
  return { siteId, reader, others: [a, b] };
}

/** The kinds of `count` banks, interleaved so that no kind is always imported into the smallest table. */
export function bankKinds(count: number): BankKind[] {
  const own = Math.round(count * 0.3);
  const other = Math.round(count * 0.3);
  const system = count - own - other;
  const left: Record<BankKind, number> = { system, own, other };
  const kinds: BankKind[] = [];
  while (kinds.length < count) {
    for (const kind of ['system', 'own', 'other'] as const) {
      if (left[kind] > 0 && kinds.length < count) {
        kinds.push(kind);
        left[kind] -= 1;
      }
    }
  }
  return kinds;
}

/** Creates an en-us -> zh-cn memory of the kind; other users' banks alternate between the two others. */
export async function createBenchBank(db: Db, users: BenchUsers, kind: BankKind, index: number, units: number): Promise<BenchBank> {
  const ownerId = kind === 'system' ? null : kind === 'own' ? users.reader : users.others[index % 2]!;
  const { rows } = await db.query<{ bank_id: number }>(
    `INSERT INTO tm_banks (flag, system_or_individual, user_id, name, src_lang, tgt_lang) VALUES (0, $1, $2, $3, 'en-us', 'zh-cn') RETURNING bank_id`,
    [ownerId === null ? 0 : 1, ownerId, `bench ${kind} ${index}`],
  );
  return { bankId: rows[0]!.bank_id, kind, ownerId, units };
}
