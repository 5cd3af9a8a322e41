/**
 * The document worker: prepares uploaded files (`doc.prepare`), keeps what it opened, lays
 * translated chunks into it and writes the files it holds (the holder service), writes any file
 * whose holder is gone (`doc.assemble`), redraws uploaded pictures as fresh PNGs
 * (`doc.picture.reencode`), answers what an upload would cost (`doc.estimate`), and reports itself as a device. It shares only storage
 * and the bus with the rest of the platform, never the database. The same code runs as its own
 * process (`npm run worker -- doc`, `main.ts`) and inside the single-machine process.
 */
import {
  consumeJobsOf,
  describeHost,
  publishEventTo,
  publishJobTo,
  startControlledServing,
  startDeviceReporter,
  WorkMeter,
  type Bus,
  type JobConsumer,
  type ObjectStorage,
} from '@mtp/platform';
import { BUS, DEFAULT_POOL, type DocResult } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { assembleDocument } from './assemble-document';
import type { DocWorkerContext } from './doc-worker-context';
import { serveEstimates } from './estimate-document';
import { servePostEditSegments } from '../post-edit/segments';
import { startHolderService } from './holder-service';
import { KeptDocuments } from './kept-documents';
import { PictureTranslator } from './picture-texts';
import { servePictureReencoding } from './picture-reencoding';
import { servePictureTranslation } from '../picture-translate/serve-picture-translation';
import { consumeTermExtractions } from '../terms/extract-job';
import { prepareDocument } from './prepare-document';
import { exportPostEdited } from '../post-edit/export-document';
import { PageTranslator } from '../web-pages/page-mt';
import type { FetchOptions } from '../web-pages/fetch-page';
import { consumeWebTranslations } from '../web-pages/web-job';

export type DocWorkerOptions = {
  bus: Bus;
  storage: ObjectStorage;
  /** The device pool this worker reports in (and the default MT pool of its pictures). */
  pool?: string;
  /** Its device id (DEVICE_ID); default: `docWorkerId`. */
  deviceId?: string;
  /** Files prepared at once, and files written at once (each). Default 2: parsing is CPU-bound. */
  concurrency?: number;
  /** Overrides the catalog's ack waits (fault tests shorten them). */
  jobAckWaitMs?: number;
  heartbeatMs?: number;
  /** How long a picture's translation may take (tests shorten it). */
  pictureWaitMs?: number;
  /** Web page fetching (allow-list, limits); default: WEB_FETCH_ALLOW_HOSTS and the proto limits. */
  webFetch?: FetchOptions;
  log?: (line: string) => void;
};

export type DocWorker = {
  deviceId: string;
  /** Opened documents kept for their writing. */
  keptFiles(): number;
  /** Stops taking work, finishes or hands back what it has (by the deadline), reports offline. */
  stop(deadlineMs?: number): Promise<void>;
};

/** Why 20 s: as the bus's close deadline, inside Kubernetes' 30 s between SIGTERM and SIGKILL. */
const STOP_DEADLINE_MS = 20_000;

/** A device id that is also a subject token: lower-case ASCII and dashes, unique per process. */
export function docWorkerId(host: string, pid: number): string {
  const safeHost =
    host
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24) || 'host';
  return `doc-${safeHost}-${pid}-${randomUUID().slice(0, 8)}`;
}

export async function startDocWorker(opts: DocWorkerOptions): Promise<DocWorker> {
  const host = describeHost();
  const workerId = opts.deviceId ?? docWorkerId(host.host, host.pid);
  const pool = opts.pool ?? DEFAULT_POOL;
  const meter = new WorkMeter();
  const concurrency = opts.concurrency ?? 2;
  const pictures = await PictureTranslator.start(opts.bus, workerId, { waitMs: opts.pictureWaitMs });
  const pages = await PageTranslator.start(opts.bus, workerId);
  const ctx: DocWorkerContext = {
    bus: opts.bus,
    storage: opts.storage,
    workerId,
    kept: new KeptDocuments(),
    pictures,
    log: opts.log ?? (() => {}),
    report: (projectId, stage, step) => {
      publishEventTo(opts.bus, BUS.docProgress, { project_id: projectId, holder: workerId, stage, step }).catch(() => {});
    },
    publishResult: async (result: DocResult) => {
      await publishJobTo(opts.bus, BUS.documentResults, result, { jobId: `${result.kind}:${result.project_id}:${workerId}` });
    },
  };

  // The holder listens before any file is prepared here, so no lay-in event can come too early.
  const holder = await startHolderService(ctx, concurrency);
  // New work (files to open or write, estimates, logo redraws) as the administrator's settings
  // say: stopped on a drain or disable (files held here are still written: they are in flight).
  const serving = await startControlledServing({
    bus: opts.bus,
    deviceId: workerId,
    role: 'doc',
    pool,
    log: ctx.log,
    start: async () => {
      const reencoding = await servePictureReencoding(ctx);
      const estimates = await serveEstimates(ctx);
      const peSegments = await servePostEditSegments(ctx);
      // Picture translation (issue 22): read (re-encode + OCR) and render, request-reply.
      const pictures = await servePictureTranslation(ctx);
      const prepare: JobConsumer = await consumeJobsOf(
        opts.bus,
        BUS.prepareDocuments,
        (job) =>
          meter.track(async () => {
            ctx.report(job.payload.project_id, 'prepare', 'started');
            await ctx.publishResult(await prepareDocument(ctx, job.payload, () => job.progress()));
          }),
        { concurrency, ackWaitMs: opts.jobAckWaitMs },
      );
      const assemble: JobConsumer = await consumeJobsOf(
        opts.bus,
        BUS.assembleDocuments,
        (job) =>
          meter.track(async () => {
            ctx.report(job.payload.project_id, 'assemble', 'started');
            await ctx.publishResult(await assembleDocument(ctx, job.payload, () => job.progress()));
          }),
        { concurrency, ackWaitMs: opts.jobAckWaitMs },
      );
      // Post-editing exports (issue 21): the edited document written in a format, like an assembly.
      const peExports: JobConsumer = await consumeJobsOf(
        opts.bus,
        BUS.postEditExports,
        (job) =>
          meter.track(async () => {
            const result = await exportPostEdited(ctx.storage, job.payload, () => job.progress());
            await publishJobTo(opts.bus, BUS.postEditExportResults, result, { jobId: `${result.kind}:${result.export_id}` });
          }),
        { concurrency, ackWaitMs: opts.jobAckWaitMs },
      );
      // Document scans (issue 21): candidate terms of an upload, answered on terms.results.
      const terms = await consumeTermExtractions(ctx, { concurrency, ackWaitMs: opts.jobAckWaitMs, track: (work) => meter.track(work) });
      // Web pages (issue 22): fetched here (SSRF-filtered), translated, answered on web.results.
      const webPages = await consumeWebTranslations(
        { ...ctx, pages, fetch: opts.webFetch },
        { concurrency, ackWaitMs: opts.jobAckWaitMs, track: (work) => meter.track(work) },
      );
      return {
        stop: async () => {
          await reencoding.unsubscribe();
          await estimates.unsubscribe();
          await peSegments.unsubscribe();
          for (const sub of pictures) await sub.unsubscribe();
          await prepare.stop();
          await assemble.stop();
          await terms.stop();
          await webPages.stop();
          await peExports.stop();
        },
      };
    },
  });
  const reporter = await startDeviceReporter(
    opts.bus,
    () => ({
      ...host,
      device_id: workerId,
      role: 'doc' as const,
      pool: serving.pool(),
      state: serving.state(),
      gpu: null,
      execution_provider: 'cpu' as const,
      loaded_pairs: [],
      in_flight: meter.inFlight + holder.busy,
      jobs_done: meter.jobsDone,
      ...meter.rates(),
    }),
    { subject: BUS.deviceHeartbeat.subject, intervalMs: opts.heartbeatMs ?? BUS.deviceHeartbeat.intervalMs },
  );
  serving.onChange(() => void reporter.reportNow());
  ctx.log(`doc worker ${workerId} ready (${concurrency} files at a time)`);

  return {
    deviceId: workerId,
    keptFiles: () => ctx.kept.size,
    stop: async (deadlineMs = STOP_DEADLINE_MS) => {
      // As before: the held files are finished or handed back by the deadline, then the consumers stop.
      await holder.stop(deadlineMs);
      await serving.stop();
      await pictures.stop();
      await pages.stop();
      await reporter.stop();
    },
  };
}
