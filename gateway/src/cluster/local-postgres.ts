/**
 * The cluster launcher's PostgreSQL: Debian's server (what a cluster's managed database is
 * closest to, and what FACTS.md measured), not the embedded npm one the single machine uses,
 * because the launcher plays the cluster's external database: one server that every process
 * reaches over TCP, started before them and stopped after them. Initialised once under
 * DATA_DIR/cluster-pg (UTF-8, C.UTF-8: pg_trgm scores CJK text only then) with a password made
 * then and kept in that folder; as root it runs as the `postgres` user (PostgreSQL refuses root).
 * Loopback TCP only, no unix socket (its default folder may not exist or be ours).
 * `scripts/lib.sh` (ensure_cluster_pg) installs it with apt when it is missing.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createPool, ensureDatabase, withDatabase } from '@mtp/platform';
import { SupervisedProcess } from './supervised-process';

/** `started`: null when a server of this folder was already running (a launcher killed before it stopped it). */
export type LocalPostgres = { databaseUrl: string; started: SupervisedProcess | null };

const PASSWORD_FILE = 'mtp-password';

/** The newest Debian server (/usr/lib/postgresql/<major>/bin), else one on the PATH. */
function serverBinDir(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin/postgres'))) : [];
  majors.sort((a, b) => Number(b) - Number(a));
  if (majors[0]) return path.join(root, majors[0], 'bin');
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error('PostgreSQL is not installed: run `sudo apt-get install postgresql`, or set DATABASE_URL');
  return path.dirname(found);
}

/** As root: the `postgres` user Debian's package made; otherwise: run as ourselves. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error("PostgreSQL must not run as root and there is no `postgres` user: install Debian's postgresql package");
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function initialise(bin: string, dir: string, user: { uid: number; gid: number } | undefined): void {
  const password = randomBytes(24).toString('base64url');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pwfile = `${dir}.pwfile`;
  writeFileSync(pwfile, password, { mode: 0o600 });
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chownSync(pwfile, user.uid, user.gid);
  }
  const args = ['-D', dir, '-U', 'postgres', '--encoding=UTF8', '--locale=C.UTF-8', '--auth=scram-sha-256', `--pwfile=${pwfile}`];
  const r = spawnSync(path.join(bin, 'initdb'), args, { encoding: 'utf8', ...user });
  if (r.status !== 0) {
    rmSync(pwfile, { force: true });
    throw new Error(`initdb failed in ${dir} (the server's user must be able to enter every folder above it):\n${r.stderr || r.stdout}`);
  }
  // Kept beside the data (owned by the server's user, mode 0600): the launcher reads it at each start.
  renameSync(pwfile, path.join(dir, PASSWORD_FILE));
}

async function answers(url: string): Promise<boolean> {
  const pool = createPool(url, 1);
  try {
    await pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await pool.end().catch(() => {});
  }
}

export async function startLocalPostgres(port: number, dataDir: string, log: (line: string) => void): Promise<LocalPostgres> {
  const dir = path.join(dataDir, 'cluster-pg');
  const bin = serverBinDir();
  const user = serverUser();
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`PostgreSQL: initialising ${dir}`);
    initialise(bin, dir, user);
  }
  const password = readFileSync(path.join(dir, PASSWORD_FILE), 'utf8').trim();
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  if (await answers(adminUrl)) {
    log(`PostgreSQL: using the server of ${dir} already running on port ${port}`);
    await ensureDatabase(adminUrl, 'mtp');
    return { databaseUrl: withDatabase(adminUrl, 'mtp'), started: null };
  }
  const logPath = path.join(dataDir, 'cluster-pg.log');
  const logFd = openSync(logPath, 'a');
  const server = new SupervisedProcess(
    {
      name: 'postgres',
      command: path.join(bin, 'postgres'),
      args: ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      options: { stdio: ['ignore', logFd, logFd], ...user },
      // A fast shutdown: sessions end, open transactions roll back (the processes using it stopped first).
      stopSignal: 'SIGINT',
      waitReady: async (child) => {
        for (let i = 0; i < 300 && child.exitCode === null; i++) {
          if (await answers(adminUrl)) return adminUrl;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`PostgreSQL did not start on port ${port}: see ${logPath}`);
      },
    },
    log,
  );
  await server.start();
  await ensureDatabase(adminUrl, 'mtp');
  return { databaseUrl: withDatabase(adminUrl, 'mtp'), started: server };
}
