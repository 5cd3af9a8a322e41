/**
 * A poison job: an async text task's segment job that a worker fails on at every delivery. The
 * task row and its reservation are real (as `text/translate_async` leaves them), the job goes
 * through the platform's bus, and a consumer on the pool's queue throws each time, as a worker
 * whose engine crashes on that input would, until the catalog's max-deliver makes it a dead letter.
 */
import { ledgerPort } from '@mtp/billing';
import type { Bus, Db, JobConsumer } from '@mtp/platform';
import { BUS, segmentJobId, type SegmentJob } from '@mtp/proto';
import { randomUUID } from 'node:crypto';

export const POISON_ERROR = 'engine crashed on this input';

export type PoisonJob = { taskId: string; deliveries: () => number; stop: () => Promise<void> };

export async function publishPoisonJob(opts: { bus: Bus; db: Db; pool: string; userId: number }): Promise<PoisonJob> {
  const taskId = randomUUID();
  await opts.db.query(
    `INSERT INTO text_tasks (task_id, user_id, src_lang, tgt_lang, domain, segments, truncated, chars, status, pool, published_at)
     VALUES ($1, $2, 'en-us', 'zh-cn', 'general', '["one two"]', false, 7, 'queued', $3, now())`,
    [taskId, opts.userId, opts.pool],
  );
  await ledgerPort(opts.db).reserve({ userId: opts.userId }, taskId, 7);
  let deliveries = 0;
  // The catalog's max-deliver, with short retry delays: the test need not wait minutes.
  const consumer: JobConsumer = await opts.bus.consume<SegmentJob>(
    `${BUS.translateSegments.queue}.${opts.pool}`,
    (job) => {
      if (job.payload.task_id !== taskId) return;
      deliveries += 1;
      throw new Error(POISON_ERROR);
    },
    { ackWaitMs: 10_000, maxDeliver: BUS.translateSegments.maxDeliver, retryDelaysMs: [100] },
  );
  const job: SegmentJob = { kind: 'text', task_id: taskId, chunk_index: 0, segments: ['one two'], src_lang: 'en-us', tgt_lang: 'zh-cn' };
  await opts.bus.publishJob(`${BUS.translateSegments.queue}.${opts.pool}`, job, { jobId: segmentJobId(job) });
  return { taskId, deliveries: () => deliveries, stop: () => consumer.stop() };
}
