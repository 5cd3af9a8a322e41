/**
 * The tasks service's consumers in this process (every gateway replica runs them; the bus shares
 * the work): results of MT jobs, what the document workers report and the picture charges they
 * ask for, dead letters of every queue, document retention and the recovery sweeper.
 */
import { consumeDeadLettersOf, type JobConsumer } from '@mtp/platform';
import { BUS } from '@mtp/proto';
import { consumeDeadLetters, onDeadJob } from './dead-letters';
import type { DocDeps } from './documents/doc-deps';
import { startDocumentRuntime, type DocumentRuntime } from './documents/doc-runtime';
import { startSweeper, type Sweeper } from './recovery/sweeper';
import { consumeSegmentResults } from './result-consumer';
import type { TextJobDeps } from './text-jobs';
import { consumeScanResults } from './term-extraction/scan-results';
import { scanDepsOf } from './term-extraction/scan-deps';
import { startWebPageRuntime } from './web-pages/web-results';

export type TasksRuntimeDeps = TextJobDeps & { log: (line: string) => void; docs: DocDeps | null };

export type TasksRuntime = {
  sweeper: Sweeper;
  /** Handles the dead letters of another pool's segment jobs too (an enterprise pool that appeared). */
  watchPool(pool: string): Promise<void>;
  stop(): Promise<void>;
};

export async function startTasksRuntime(
  deps: TasksRuntimeDeps,
  opts: { resumeAtStart: boolean; sweepEveryMs?: number; orphanUploadAgeMs?: number },
): Promise<TasksRuntime> {
  const consumers: JobConsumer[] = [await consumeSegmentResults(deps), ...(await consumeDeadLetters(deps))];
  const documents: DocumentRuntime | null = deps.docs ? await startDocumentRuntime(deps.docs) : null;
  // Document scan's results (issue 21): where a lookup port is wired, the scans are served.
  const scans = scanDepsOf(deps.docs);
  if (scans) consumers.push(await consumeScanResults(scans));
  // Web pages (issue 22): the workers' charges and results, wherever documents are served.
  const webPages = deps.docs ? await startWebPageRuntime(deps.docs) : null;
  const sweeper = startSweeper(deps, {
    resumeAtStart: opts.resumeAtStart,
    everyMs: opts.sweepEveryMs,
    orphanAgeMs: opts.orphanUploadAgeMs,
  });
  const watched = new Map<string, Promise<void>>([[deps.pool, Promise.resolve()]]);
  return {
    sweeper,
    watchPool: (pool) => {
      if (!watched.has(pool)) {
        const started = consumeDeadLettersOf(deps.bus, BUS.translateSegments, (dead) => onDeadJob(deps, dead), { pool }).then((c) => {
          consumers.push(c);
        });
        // A failed start is tried again the next time the pool is seen.
        watched.set(
          pool,
          started.catch(() => void watched.delete(pool)),
        );
      }
      return watched.get(pool)!;
    },
    stop: async () => {
      await sweeper.stop();
      await documents?.stop();
      await webPages?.stop();
      for (const consumer of consumers) await consumer.stop();
    },
  };
}
