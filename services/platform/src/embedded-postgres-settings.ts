/**
 * The embedded server's settings beyond PostgreSQL's defaults, which are sized for a machine of
 * twenty years ago (shared_buffers 128 MB, max_wal_size 1 GB). Translation memories of millions
 * of entries showed why they matter (services/language/README.md, "Lookups at scale"):
 * - shared_buffers: lookups read index and heap pages all over a large memory; a quarter of the
 *   machine's memory (PostgreSQL's own advice), at least the default and at most 2 GB, so a small
 *   self-hosted box keeps room for the workers and the OS cache does the rest.
 * - max_wal_size / checkpoint_timeout: a large import writes gigabytes of WAL; with 1 GB between
 *   checkpoints every checkpoint makes the next change to each page log the whole page again.
 *   Checkpoints every 4 GB or 15 minutes; recovery after a crash replays at most that.
 * An operator's own server (DATABASE_URL) keeps its operator's settings.
 */
import os from 'node:os';

const MB = 1024 * 1024;
const MIN_SHARED_BUFFERS_MB = 128;
const MAX_SHARED_BUFFERS_MB = 2048;

/** The memory this process may use: the machine's, or its container's limit when lower. */
export function availableMemoryBytes(): number {
  const total = os.totalmem();
  const constrained = process.constrainedMemory?.() ?? 0;
  return constrained > 0 && constrained < total ? constrained : total;
}

/** `-c name=value` flags for the embedded server on a machine with `memoryBytes` of memory. */
export type EmbeddedPostgresSettings = { shared_buffers: string; max_wal_size: string; checkpoint_timeout: string };

export function embeddedPostgresSettings(memoryBytes = availableMemoryBytes()): EmbeddedPostgresSettings {
  const quarterMb = Math.floor(memoryBytes / 4 / MB);
  const sharedBuffersMb = Math.min(MAX_SHARED_BUFFERS_MB, Math.max(MIN_SHARED_BUFFERS_MB, quarterMb));
  return {
    shared_buffers: `${sharedBuffersMb}MB`,
    max_wal_size: '4GB',
    checkpoint_timeout: '15min',
  };
}

export function settingsFlags(settings: Readonly<Record<string, string>>): string[] {
  return Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}
