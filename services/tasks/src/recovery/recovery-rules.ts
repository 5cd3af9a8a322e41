/**
 * When the sweeper takes work as lost and sends it again. PostgreSQL is the truth: a row says
 * what should be happening and since when; the bus may have lost it (a publish that failed, a
 * process that died between the row and the publish, an in-process bus that restarted empty, a
 * holder that died holding a file).
 */
import type { Bus } from '@mtp/platform';

/** Whether a queue holds nothing: asked of the bus once per queue and sweep. */
export function queueIdleness(bus: Bus): (queue: string) => Promise<boolean> {
  const idle = new Map<string, Promise<boolean>>();
  return (queue) => {
    if (!idle.has(queue))
      idle.set(
        queue,
        bus.pendingJobs(queue).then((n) => n === 0),
      );
    return idle.get(queue)!;
  };
}

export type RecoveryRules = {
  /** Everything unfinished goes out again now: the process just started on an in-process bus, which kept nothing. */
  resumeAll: boolean;
  /** Work whose publish never happened, this long after its row was written. */
  unpublishedAfterMs: number;
  /** Work with no sign of life this long, whose queue holds nothing any more (else it may be behind). */
  stalledAfterMs: number;
  /** A file being written by its holder, this long without a result, though the holder still reports. */
  holderStalledAfterMs: number;
};

/** Why 30 s: a publish right after the row takes milliseconds; past this it failed or its process died. */
export const UNPUBLISHED_AFTER_MS = 30_000;
/**
 * Why 10 minutes: a chunk's job lives at most about 8 minutes once taken (5 deliveries of a
 * 60 s ack wait plus the retry delays), and the queue must be idle besides, so only a lost job
 * waits this long.
 */
export const STALLED_AFTER_MS = 10 * 60_000;
/** Why 30 minutes: writing a 1,000-page file with pictures waits on MT for each picture. */
export const HOLDER_STALLED_AFTER_MS = 30 * 60_000;

export const DEFAULT_RULES: RecoveryRules = {
  resumeAll: false,
  unpublishedAfterMs: UNPUBLISHED_AFTER_MS,
  stalledAfterMs: STALLED_AFTER_MS,
  holderStalledAfterMs: HOLDER_STALLED_AFTER_MS,
};
