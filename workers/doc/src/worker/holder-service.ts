/**
 * The holder side of a document worker: the files it prepared stay with it. Translated chunks
 * arrive as lay-in events (`doc.holder.<id>.layin`) and go into the kept documents; when a file
 * is complete the tasks service asks this worker to write it (`doc.holder.<id>.assemble`). The
 * request only hands the work over (answered at once); the writing runs here, a few files at a
 * time, and is reported on `doc.results`. What cannot be finished here (an unexpected error, or
 * a shutdown past its deadline) is handed to the shared `doc.assemble` queue, where any worker
 * opens the stored source again; a holder that dies is noticed by the tasks service's sweeper.
 */
import { publishJobTo, serveRequestsOf, subscribeTo, type BusSubscription } from '@mtp/platform';
import { BUS, type AssembleDocumentJob } from '@mtp/proto';
import { assembleDocument } from './assemble-document';
import type { DocWorkerContext } from './doc-worker-context';

export type HolderService = {
  /** Files being written or waiting to be. */
  readonly busy: number;
  /** Stops taking work; what is not written by the deadline goes to the shared queue. */
  stop(deadlineMs: number): Promise<void>;
};

/** The job id a file's hand-over to the shared queue uses: one per writer, so a second is not dropped as a duplicate. */
export function handOverJobId(job: AssembleDocumentJob, from: string): string {
  return `assemble:${job.project_id}:${from}`;
}

export async function startHolderService(ctx: DocWorkerContext, concurrency: number): Promise<HolderService> {
  const waiting: AssembleDocumentJob[] = [];
  const running = new Map<string, { job: AssembleDocumentJob; done: Promise<void> }>();
  let stopping = false;

  const handOver = async (job: AssembleDocumentJob) => {
    try {
      await publishJobTo(ctx.bus, BUS.assembleDocuments, job, { jobId: handOverJobId(job, ctx.workerId) });
    } catch (err) {
      // The tasks service's sweeper finds the file waiting on a holder that is gone and queues it.
      ctx.log(`doc worker ${ctx.workerId}: hand-over of ${job.project_id} failed: ${(err as Error).message}`);
    }
  };

  const write = async (job: AssembleDocumentJob) => {
    try {
      await ctx.publishResult(await assembleDocument(ctx, job, () => {}));
    } catch (err) {
      ctx.log(`doc worker ${ctx.workerId}: writing ${job.project_id} failed here, handed to the queue: ${(err as Error).message}`);
      await handOver(job);
    }
  };

  const pump = () => {
    while (!stopping && running.size < concurrency && waiting.length > 0) {
      const job = waiting.shift()!;
      const done = write(job).finally(() => {
        running.delete(job.project_id);
        pump();
      });
      running.set(job.project_id, { job, done });
    }
  };

  const requests: BusSubscription = await serveRequestsOf(
    ctx.bus,
    BUS.assembleOnHolder,
    (job) => {
      if (stopping) return { accepted: false };
      if (!running.has(job.project_id) && !waiting.some((w) => w.project_id === job.project_id)) {
        waiting.push(job);
        ctx.report(job.project_id, 'assemble', 'accepted');
        setImmediate(pump);
      }
      return { accepted: true };
    },
    { worker: ctx.workerId },
  );
  const layIns: BusSubscription = await subscribeTo(
    ctx.bus,
    BUS.layInOnHolder,
    (event) => {
      const { start } = event;
      if (start) {
        const mtIndices = start.mt_indices;
        ctx.kept.startLayIn(event.project_id, {
          mode: start.mode,
          tgtLang: start.tgt_lang,
          mtIndices,
          chunkSentences: start.chunk_sentences,
        });
      }
      if (event.indices?.length) ctx.kept.layIn(event.project_id, event.indices, event.translations);
      if (event.chunk_index !== undefined) ctx.kept.layInChunk(event.project_id, event.chunk_index, event.translations);
    },
    { worker: ctx.workerId },
  );

  // A file interrupted or failed elsewhere is never written here: its kept document goes now,
  // not when the memory bound evicts it.
  const withdrawals: BusSubscription = await subscribeTo(ctx.bus, BUS.jobsWithdrawn, (event) => {
    for (const projectId of event.task_ids) ctx.kept.drop(projectId);
  });

  return {
    get busy() {
      return running.size + waiting.length;
    },
    stop: async (deadlineMs) => {
      stopping = true;
      await requests.unsubscribe();
      await layIns.unsubscribe();
      await withdrawals.unsubscribe();
      for (const job of waiting.splice(0)) await handOver(job);
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), deadlineMs)));
      const outcome = await Promise.race([Promise.all([...running.values()].map((r) => r.done)), expired]);
      clearTimeout(timer);
      // Past the deadline the process is about to go: another worker writes these files again.
      if (outcome === 'expired') for (const { job } of running.values()) await handOver(job);
    },
  };
}
