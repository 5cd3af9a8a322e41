/**
 * The embedded server's settings beyond PostgreSQL's defaults, which are sized for a machine of
 * twenty years ago (shared_buffers 128 MB, max_wal_size 1 GB). Translation memories of millions
 * of entries showed why they matter (services/language/README.md, "Lookups at scale"):
 * - shared_buffers: lookups read index and heap pages all over a large memory; a quarter of the
 *   machine's memory (PostgreSQL's own advice), at least the default and at most 8 GB, so the
 *   workers keep three quarters. Not 2 GB as before: the OS cache cannot be relied on to do the
 *   rest (some VMs page it out within a minute: a 10M-unit memory's fuzzy lookups were then
 *   disk-bound, and 4x faster with its pages in buffers; ~15% faster on a day the cache held).
 *   EMBEDDED_PG_SHARED_BUFFERS_MB sets it (128 MB up to half the machine), for a box given to
 *   the database or one short of memory.
 * - max_wal_size / checkpoint_timeout: a large import writes gigabytes of WAL; with 1 GB between
 *   checkpoints every checkpoint makes the next change to each page log the whole page again.
 *   Checkpoints every 4 GB or 15 minutes; recovery after a crash replays at most that.
 * An operator's own server (DATABASE_URL) keeps its operator's settings.
 */
import os from 'node:os';

const MB = 1024 * 1024;
const MIN_SHARED_BUFFERS_MB = 128;
const MAX_SHARED_BUFFERS_MB = 8192;
const SHARED_BUFFERS_VAR = 'EMBEDDED_PG_SHARED_BUFFERS_MB';

/** The memory this process may use: the machine's, or its container's limit when lower. */
export function availableMemoryBytes(): number {
  const total = os.totalmem();
  const constrained = process.constrainedMemory?.() ?? 0;
  return constrained > 0 && constrained < total ? constrained : total;
}

/** `-c name=value` flags for the embedded server on a machine with `memoryBytes` of memory. */
export type EmbeddedPostgresSettings = { shared_buffers: string; max_wal_size: string; checkpoint_timeout: string };

export function embeddedPostgresSettings(
  memoryBytes = availableMemoryBytes(),
  env: NodeJS.ProcessEnv = process.env,
): EmbeddedPostgresSettings {
  return {
    shared_buffers: `${sharedBuffersMb(memoryBytes, env[SHARED_BUFFERS_VAR])}MB`,
    max_wal_size: '4GB',
    checkpoint_timeout: '15min',
  };
}

/**
 * The operator's size, or a quarter of memory within bounds. More than half the machine is
 * refused at start-up with the variable's name: PostgreSQL would start and the machine would
 * swap or kill processes later, far from the cause.
 */
function sharedBuffersMb(memoryBytes: number, raw: string | undefined): number {
  const halfMb = Math.floor(memoryBytes / 2 / MB);
  if (raw === undefined || raw === '') {
    return Math.min(MAX_SHARED_BUFFERS_MB, Math.max(MIN_SHARED_BUFFERS_MB, Math.floor(memoryBytes / 4 / MB)));
  }
  const n = Number(raw);
  const max = Math.max(MIN_SHARED_BUFFERS_MB, halfMb);
  if (!/^\d+$/.test(raw) || n < MIN_SHARED_BUFFERS_MB || n > max) {
    throw new Error(
      `${SHARED_BUFFERS_VAR} must be a whole number of MB from ${MIN_SHARED_BUFFERS_MB} to ${max} (half of this machine's memory), got ${JSON.stringify(raw)}`,
    );
  }
  return n;
}

export function settingsFlags(settings: Readonly<Record<string, string>>): string[] {
  return Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}
