/**
 * Segment jobs from the durable work queue (document chunks, async text, pictures): translated
 * in slices with progress between them (which also keeps the job's ack wait from lapsing), then
 * the result is queued durably before the job is acked, so a crash at any point loses nothing:
 * before the result is queued the job is redelivered; after, the result is already safe. A
 * `picture` job's answer goes straight to the document worker that asked (its `reply_to`), and
 * so does the news that it died.
 */
import { BUS, segmentJobId, type JobProgress, type LanguageCode, type SegmentJob } from '@mtp/proto';
import {
  consumeJobsOf,
  publishEventTo,
  publishJobTo,
  replyEventTo,
  UnrecoverableJobError,
  type Bus,
  type JobConsumer,
} from '@mtp/platform';
import type { PairTranslators } from './pair-translators';
import type { WithdrawnTasks } from './withdrawn-tasks';
import type { WorkerStats } from './worker-stats';

/**
 * Segments per engine call, progress reported after each. The engine sorts a call's sentences by
 * length before batching them, so a call of two batches pads less than two calls of one: 64 a
 * call translated a document chunk about 20% faster than 32 (tiny model, 2 cores).
 */
const SLICE = 64;

export type SegmentJobOptions = {
  pool: string;
  deviceId: string;
  ackWaitMs?: number;
  /** Tasks whose jobs are acked untranslated (interrupted documents, failed files). */
  withdrawn?: WithdrawnTasks;
  /** One line per finished job (under the job's request id); never the text itself. */
  log?: (line: string) => void;
};

export async function consumeSegmentJobs(
  bus: Bus,
  translators: PairTranslators,
  stats: WorkerStats,
  opts: SegmentJobOptions,
): Promise<JobConsumer> {
  const deliver = async (job: SegmentJob, translations: string[], engine: string, modelVersion: string) => {
    if (job.kind === 'picture') {
      if (!job.reply_to) throw new UnrecoverableJobError('a picture job without reply_to');
      await replyEventTo(BUS.pictureTexts, bus, job.reply_to, { task_id: job.task_id, translations });
      return;
    }
    await publishJobTo(
      bus,
      BUS.segmentResults,
      {
        kind: job.kind,
        task_id: job.task_id,
        chunk_index: job.chunk_index,
        translations,
        engine,
        model_version: modelVersion,
        device_id: opts.deviceId,
        chars: job.segments.reduce((n, s) => n + [...s].length, 0),
      },
      { jobId: segmentJobId(job) },
    );
  };

  return consumeJobsOf(
    bus,
    BUS.translateSegments,
    async (job) => {
      const payload = job.payload;
      // Nobody wants it any more: acked untranslated, no result (the file is already settled).
      if (opts.withdrawn?.has(payload.task_id)) return;
      const src = payload.src_lang as LanguageCode;
      const tgt = payload.tgt_lang as LanguageCode;
      const route = await translators.describe(src, tgt);
      if (!route) throw new UnrecoverableJobError(`no model for ${src} → ${tgt} on this device`);
      await stats.track(
        async () => {
          const translations: string[] = [];
          for (let i = 0; i < payload.segments.length; i += SLICE) {
            if (job.signal.aborted) throw new Error('job handed back');
            if (opts.withdrawn?.has(payload.task_id)) return;
            const slice = payload.segments.slice(i, i + SLICE);
            translations.push(...(await translators.translate(src, tgt, slice, payload.glossary)));
            job.progress();
            const progress: JobProgress = {
              task_id: payload.task_id,
              chunk_index: payload.chunk_index,
              done_segments: translations.length,
              total_segments: payload.segments.length,
              device_id: opts.deviceId,
            };
            await publishEventTo(bus, BUS.jobProgress, progress).catch(() => {});
          }
          await deliver(payload, translations, route.engine, route.modelVersion);
          opts.log?.(
            `${payload.kind} job ${payload.task_id}#${payload.chunk_index} translated: ${translations.length} segments, ${route.engine}, delivery ${job.deliveryCount}`,
          );
        },
        payload.segments.reduce((n, seg) => n + [...seg].length, 0),
      );
    },
    {
      pool: opts.pool,
      ackWaitMs: opts.ackWaitMs,
      // Jobs in flight at once: the engine queues their calls, so it always has the next slice
      // while a finished job stores its result and the next one is fetched. With two, the engine
      // sat idle in about one gap in five between chunks (measured on a 100-page document).
      concurrency: 3,
      // A dead picture job: its writer stops waiting and leaves the picture as it was.
      onDead: async (dead) => {
        const job = dead.payload as Partial<SegmentJob> | undefined;
        if (job?.kind !== 'picture' || typeof job.reply_to !== 'string' || typeof job.task_id !== 'string') return;
        await replyEventTo(BUS.pictureTexts, bus, job.reply_to, { task_id: job.task_id, translations: [], error: dead.error });
      },
    },
  );
}
