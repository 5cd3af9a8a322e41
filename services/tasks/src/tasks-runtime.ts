/**
 * The tasks service's consumers in this process (every gateway replica runs them; the bus shares
 * the work): results of MT jobs, what the document workers report and the picture charges they
 * ask for, dead letters of every queue, document retention and the recovery sweeper.
 */
import type { JobConsumer } from '@mtp/platform';
import { consumeDeadLetters } from './dead-letters';
import type { DocDeps } from './documents/doc-deps';
import { startDocumentRuntime, type DocumentRuntime } from './documents/doc-runtime';
import { startSweeper, type Sweeper } from './recovery/sweeper';
import { consumeSegmentResults } from './result-consumer';
import type { TextJobDeps } from './text-jobs';

export type TasksRuntimeDeps = TextJobDeps & { log: (line: string) => void; docs: DocDeps | null };

export type TasksRuntime = { sweeper: Sweeper; stop(): Promise<void> };

export async function startTasksRuntime(
  deps: TasksRuntimeDeps,
  opts: { resumeAtStart: boolean; sweepEveryMs?: number },
): Promise<TasksRuntime> {
  const consumers: JobConsumer[] = [await consumeSegmentResults(deps), ...(await consumeDeadLetters(deps))];
  const documents: DocumentRuntime | null = deps.docs ? await startDocumentRuntime(deps.docs) : null;
  const sweeper = startSweeper(deps, { resumeAtStart: opts.resumeAtStart, everyMs: opts.sweepEveryMs });
  return {
    sweeper,
    stop: async () => {
      await sweeper.stop();
      await documents?.stop();
      for (const consumer of consumers) await consumer.stop();
    },
  };
}
