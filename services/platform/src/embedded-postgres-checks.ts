/**
 * Why an embedded PostgreSQL would not start, told before it is tried (or after it failed) in
 * words a person can act on. The library itself rejects with nothing, or hangs, in these cases.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The pid in a data folder's `postmaster.pid` when that process still runs. */
function runningPostmaster(databaseDir: string): number | null {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * As root the server runs as the `postgres` user, which must be able to pass through every
 * folder above its data: a private one (`mktemp -d` makes them 0700) stops it, and the library
 * then waits forever.
 */
function closedAncestor(databaseDir: string): string | null {
  if (process.getuid?.() !== 0) return null;
  for (let dir = path.dirname(databaseDir); ; dir = path.dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

/** Throws a clear error when the server cannot start here. */
export function checkEmbeddedPostgresCanStart(databaseDir: string): void {
  const pid = runningPostmaster(databaseDir);
  if (pid !== null) {
    throw new Error(
      `The embedded database under ${databaseDir} is in use by another process (PostgreSQL pid ${pid}): ` +
        'stop the platform already running there, or give this one its own DATA_DIR.',
    );
  }
  const closed = closedAncestor(databaseDir);
  if (closed) {
    throw new Error(
      `PostgreSQL runs as the postgres user and cannot enter ${closed} (no access for others): ` +
        `run \`chmod o+x ${closed}\`, or choose a DATA_DIR under a folder others can pass through.`,
    );
  }
}

/** The error for a start that failed anyway, with what the server said last. */
export function startFailure(databaseDir: string, cause: unknown, lastLines: readonly string[]): Error {
  const said = lastLines.length > 0 ? `: ${lastLines.slice(-3).join(' | ')}` : '';
  const reason = cause instanceof Error ? cause.message : '';
  return new Error(`The embedded PostgreSQL under ${databaseDir} did not start${reason ? ` (${reason})` : ''}${said}`);
}
