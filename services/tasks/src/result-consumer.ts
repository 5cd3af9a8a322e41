/**
 * The tasks service's side of the work queues: stores segment results (once per task, however
 * often a result arrives) and settles the ledger; turns dead jobs into failed, refunded tasks.
 */
import { BUS, checkBusMessage, poolSubject, SegmentResult, type SegmentJob } from '@mtp/proto';
import { deadLetterQueue, UnrecoverableJobError, type Bus, type DeadJob, type Db, type JobConsumer } from '@mtp/platform';
import type { QuotaPort } from './ports';
import { failTask } from './text-jobs';
import { failDocFile, storeDocChunk, withdrawChunks } from './documents/doc-state';

export type ResultConsumers = { stop(): Promise<void> };

export async function storeSegmentResult(db: Db, quota: QuotaPort, result: SegmentResult, bus?: Bus): Promise<void> {
  // A text task is one job (chunk 0): a later chunk can only be a document's.
  if (result.chunk_index > 0) {
    if (bus) await storeDocChunk(db, bus, result);
    return;
  }
  const { rows } = await db.query<{ chars: number }>(
    `UPDATE text_tasks
       SET results_received = results_received + 1,
           translated = CASE WHEN status = 'queued' THEN $2 ELSE translated END,
           engine = CASE WHEN status = 'queued' THEN $3 ELSE engine END,
           finished_at = CASE WHEN status = 'queued' THEN now() ELSE finished_at END,
           status = CASE WHEN status = 'queued' THEN 'done' ELSE status END
     WHERE task_id = $1
     RETURNING chars`,
    [result.task_id, result.translations.join('\n'), result.engine],
  );
  if (!rows[0]) {
    // Not a text task: a chunk of a document file (its task id is the file's project id).
    if (bus) await storeDocChunk(db, bus, result);
    return;
  }
  // Settling is idempotent per task, so a repeated result charges nothing more.
  await quota.settle(result.task_id, rows[0].chars);
}

export async function startResultConsumers(db: Db, bus: Bus, quota: QuotaPort, pool: string): Promise<ResultConsumers> {
  const results: JobConsumer = await bus.consume<unknown>(
    BUS.segmentResults.queue,
    async (job) => {
      if (!checkBusMessage(SegmentResult, job.payload)) throw new UnrecoverableJobError('invalid segment result');
      await storeSegmentResult(db, quota, job.payload, bus);
    },
    { ackWaitMs: BUS.segmentResults.ackWaitMs, maxDeliver: BUS.segmentResults.maxDeliver, retryDelaysMs: BUS.segmentResults.retryDelaysMs },
  );
  const dead: JobConsumer = await bus.consume<DeadJob<SegmentJob>>(
    deadLetterQueue(poolSubject(BUS.translateSegments.queue, pool)),
    async (job) => {
      const taskId = job.payload.payload?.task_id;
      if (!taskId) return;
      if (await failTask(db, taskId, job.payload.error)) await quota.refund(taskId);
      // A document chunk that kept failing fails its file (its other chunks are withdrawn); the
      // batch's other files go on.
      else if (await failDocFile({ db, quota }, taskId, job.payload.error)) await withdrawChunks(bus, [taskId]);
    },
    { ackWaitMs: BUS.segmentResults.ackWaitMs, maxDeliver: BUS.segmentResults.maxDeliver },
  );
  return {
    stop: async () => {
      await results.stop();
      await dead.stop();
    },
  };
}
