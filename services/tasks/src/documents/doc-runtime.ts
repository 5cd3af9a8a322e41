/**
 * The tasks service's document consumers in this process: writing finished files (`doc.assemble`;
 * a file whose writing keeps failing fails with its error and is refunded) and the retention
 * sweeper. Chunk results and dead chunks arrive through the shared result consumers.
 */
import { AppError, BUS, checkBusMessage, AssembleDocumentJob, type CodeName } from '@mtp/proto';
import { UnrecoverableJobError, type JobConsumer } from '@mtp/platform';
import { assembleDocument } from './doc-assemble';
import type { DocDeps } from './doc-deps';
import { sweepExpiredDocuments } from './doc-retention';
import { finishFile } from './doc-state';

export type DocumentRuntime = { stop(): Promise<void> };

/** How often expired documents are looked for. */
export const RETENTION_SWEEP_MS = 10 * 60_000;

export async function startDocumentRuntime(deps: DocDeps, opts: { log?: (line: string) => void } = {}): Promise<DocumentRuntime> {
  const log = opts.log ?? (() => {});
  const assemble: JobConsumer = await deps.bus.consume<unknown>(
    BUS.assembleDocuments.queue,
    async (job) => {
      if (!checkBusMessage(AssembleDocumentJob, job.payload)) throw new UnrecoverableJobError('invalid assemble job');
      const projectId = job.payload.project_id;
      try {
        await assembleDocument(deps, projectId, () => job.progress());
      } catch (err) {
        // A bad file will not get better: fail it now with its own code.
        if (err instanceof AppError) {
          await finishFile(deps, projectId, { status: 'failed', code: err.codeName as CodeName, message: err.detail ?? err.message });
          return;
        }
        throw err;
      }
    },
    {
      ackWaitMs: BUS.assembleDocuments.ackWaitMs,
      maxDeliver: BUS.assembleDocuments.maxDeliver,
      retryDelaysMs: BUS.assembleDocuments.retryDelaysMs,
      onDead: async (dead) => {
        const projectId = (dead.payload as { project_id?: string } | undefined)?.project_id;
        if (projectId) await finishFile(deps, projectId, { status: 'failed', code: 'FILE_TRANSLATION_FAILED', message: dead.error });
      },
    },
  );
  const sweep = async () => {
    try {
      const swept = await sweepExpiredDocuments(deps);
      if (swept > 0) log(`deleted ${swept} expired document task(s)`);
    } catch (err) {
      log(`document retention sweep failed: ${(err as Error).message}`);
    }
  };
  const timer = setInterval(() => void sweep(), RETENTION_SWEEP_MS);
  timer.unref();
  void sweep();
  return {
    stop: async () => {
      clearInterval(timer);
      await assemble.stop();
    },
  };
}
