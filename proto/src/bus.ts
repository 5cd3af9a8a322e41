/**
 * The bus catalog: every subject and work queue the services and workers talk over, with the
 * schema of its messages and its timings. Code names a subject only through this catalog (and
 * the typed helpers of @mtp/platform, which check every message against the entry's schema), so
 * a rename or a timing change happens here once. Subjects and queues are ASCII (the NATS client
 * base64-mangles anything else).
 *
 * Routing to dedicated enterprise devices: entries marked `pooled` get a pool suffix
 * (`mt.translate.<pool>`, `mt.jobs.<pool>`); shared devices serve the pool `default`. Entries
 * marked `directed` go to one worker (`doc.holder.<worker>.assemble`): the one that holds a file.
 */
import { type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import {
  AssembleAccepted,
  AssembleDocumentJob,
  DocLayIn,
  DocProgress,
  DocResult,
  EstimateDocumentReply,
  EstimateDocumentRequest,
  PictureChargeReply,
  PictureChargeRequest,
  PrepareDocumentJob,
  ReencodePictureReply,
  ReencodePictureRequest,
} from './bus-doc';
import { DeviceControl, DeviceRecord, DeviceSettingsRequest, POOL_PATTERN } from './bus-devices';
import { JobProgress, JobsWithdrawn, PictureTexts, SegmentJob, SegmentResult, TranslateTextReply, TranslateTextRequest } from './bus-mt';
import { BackupJob } from './ops-backups';
import { PeExportJob, PeExportResult, PeSegmentsReply, PeSegmentsRequest, TermExtractionDone, TermExtractionJob } from './bus-editing';
import { WebChargeReply, WebChargeRequest, WebTranslateDone, WebTranslateJob } from './web-translation';
import { ReadPictureReply, ReadPictureRequest, RenderPictureReply, RenderPictureRequest } from './picture-translation';

export * from './bus-mt';
export * from './bus-doc';
export * from './bus-devices';
export * from './bus-editing';

export const DEFAULT_POOL = 'default';
const POOL_RE = new RegExp(POOL_PATTERN);
/** A worker's token in directed subjects: its device id, lower-case ASCII and dashes. */
const WORKER_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function isPoolName(pool: string): boolean {
  return POOL_RE.test(pool);
}

export function isWorkerToken(id: string): boolean {
  return WORKER_RE.test(id);
}

/** The subject or queue of a pooled entry for one device pool: `mt.translate.<pool>`. */
export function poolSubject(base: string, pool: string = DEFAULT_POOL): string {
  if (!isPoolName(pool)) throw new Error(`Invalid device pool name: ${JSON.stringify(pool)}`);
  return `${base}.${pool}`;
}

/** The subject of a directed entry for one worker: `doc.holder.<worker>.assemble`. */
export function workerSubject(entry: { subject: string; directed: true }, workerId: string): string {
  if (!isWorkerToken(workerId)) throw new Error(`Invalid worker id: ${JSON.stringify(workerId)}`);
  const [prefix, what] = [entry.subject.slice(0, entry.subject.lastIndexOf('.')), entry.subject.slice(entry.subject.lastIndexOf('.') + 1)];
  return `${prefix}.${workerId}.${what}`;
}

export const BUS = {
  translateText: {
    subject: 'mt.translate',
    pooled: true,
    schema: TranslateTextRequest,
    replySchema: TranslateTextReply,
    // Why: the user is waiting on the text box. A 5,000-character request runs in a few seconds
    // on CPU; past 30 s the device is overloaded or gone and the gateway should answer an error
    // rather than hold the connection.
    timeoutMs: 30_000,
  },
  translateSegments: {
    queue: 'mt.jobs',
    pooled: true,
    schema: SegmentJob,
    // Why: a chunk is sized to finish well inside this on CPU, and workers call progress()
    // between batches, so only a dead or wedged worker lets it lapse; 60 s bounds how long a
    // killed worker's chunk waits before another device picks it up.
    ackWaitMs: 60_000,
    // Why: a chunk that failed 5 times (about 3 minutes with the delays below) is broken, not
    // unlucky; it goes to the dead-letter queue and the tasks service fails and refunds it.
    maxDeliver: 5,
    // Why: the first retry is quick for a transient hiccup (a model reload), later ones give a
    // restarting device or a full GPU time to recover.
    retryDelaysMs: [1_000, 10_000, 60_000, 120_000],
  },
  segmentResults: {
    queue: 'mt.results',
    pooled: false,
    schema: SegmentResult,
    // Why: storing a result is one short transaction; 30 s only lapses if the tasks service died.
    ackWaitMs: 30_000,
    // Why: a result is paid-for work, so it is retried for longer (a database failover takes
    // minutes) before it is declared dead.
    maxDeliver: 20,
    retryDelaysMs: [1_000, 5_000, 30_000, 60_000],
  },
  pictureTexts: {
    subject: 'doc.holder.pictures',
    directed: true,
    schema: PictureTexts,
  },
  jobProgress: {
    subject: 'mt.progress',
    pooled: false,
    schema: JobProgress,
  },
  jobsWithdrawn: {
    subject: 'mt.withdrawn',
    pooled: false,
    schema: JobsWithdrawn,
    // Why: a queue of chunks can wait hours behind a large backlog, and the documents themselves
    // are kept 24 h; a worker remembers a withdrawn task that long (ids are small).
    rememberMs: 24 * 60 * 60_000,
    // Why: 100,000 ids are a few MB; past that the oldest are forgotten (their chunks are then
    // translated and ignored, as if the event had been missed).
    rememberMax: 100_000,
  },
  prepareDocuments: {
    queue: 'doc.prepare',
    pooled: false,
    schema: PrepareDocumentJob,
    // Why: opening a 200 MB file (LibreOffice, a 1,000-page PDF) takes tens of seconds; the
    // handler calls progress() between steps, so only a dead worker lets 2 minutes lapse.
    ackWaitMs: 120_000,
    // Why: opening is deterministic: a file that failed 3 times for reasons other than being
    // bad (those answer doc.failed at once) is failed and its user told, rather than kept waiting.
    maxDeliver: 3,
    retryDelaysMs: [2_000, 15_000],
  },
  assembleDocuments: {
    queue: 'doc.assemble',
    pooled: false,
    schema: AssembleDocumentJob,
    // Why: writing a 1,000-page document back takes tens of seconds on CPU, and pictures wait for
    // MT; the handler calls progress() between steps, so only a dead process lets this lapse.
    ackWaitMs: 120_000,
    // Why: writing is deterministic; a file that failed 3 times will fail again, and its user
    // should hear so (file failed, characters refunded) rather than wait.
    maxDeliver: 3,
    retryDelaysMs: [2_000, 10_000],
  },
  assembleOnHolder: {
    subject: 'doc.holder.assemble',
    directed: true,
    schema: AssembleDocumentJob,
    replySchema: AssembleAccepted,
    // Why: the holder only says it took the work (the writing is reported on doc.results); a
    // live worker answers in milliseconds, so 5 s means it is gone or wedged: the queue takes over.
    timeoutMs: 5_000,
  },
  layInOnHolder: {
    subject: 'doc.holder.layin',
    directed: true,
    schema: DocLayIn,
  },
  documentResults: {
    queue: 'doc.results',
    pooled: false,
    schema: DocResult,
    // Why: as mt.results: short transactions, retried for minutes before a result is dead.
    ackWaitMs: 30_000,
    maxDeliver: 20,
    retryDelaysMs: [1_000, 5_000, 30_000, 60_000],
  },
  pictureCharge: {
    subject: 'doc.charge',
    pooled: false,
    schema: PictureChargeRequest,
    replySchema: PictureChargeReply,
    // Why: one ledger transaction; 10 s means the tasks service is down, and the picture is
    // then left as it was rather than translated without being paid for.
    timeoutMs: 10_000,
  },
  reencodePicture: {
    subject: 'doc.picture.reencode',
    pooled: false,
    schema: ReencodePictureRequest,
    replySchema: ReencodePictureReply,
    // Why: a super administrator waits on the upload. Redrawing a 4096x4096 logo takes about a
    // second on CPU; 20 s covers a worker busy opening documents on a loaded machine, and past
    // that the upload fails (nothing saved) rather than hang. No worker at all fails at once.
    timeoutMs: 20_000,
  },
  estimateDocument: {
    subject: 'doc.estimate',
    pooled: false,
    schema: EstimateDocumentRequest,
    replySchema: EstimateDocumentReply,
    // Why: the user waits on the cost before starting, but opening a 20 MB file (LibreOffice for
    // a legacy format, a long PDF) takes tens of seconds on a busy CPU worker; past 60 s the
    // page says the cost is counted once the files are opened, as it would without an estimate.
    timeoutMs: 60_000,
  },
  readPicture: {
    subject: 'doc.picture.read',
    pooled: false,
    schema: ReadPictureRequest,
    replySchema: ReadPictureReply,
    // Why: the user waits (picture translation is request-reply). Re-encoding a 4096x4096 picture
    // takes about a second and OCR a few more on a loaded CPU worker; past 60 s the page says so.
    timeoutMs: 60_000,
  },
  renderPicture: {
    subject: 'doc.picture.render',
    pooled: false,
    schema: RenderPictureRequest,
    replySchema: RenderPictureReply,
    // Why: drawing the lines back is about a second for the largest picture; 30 s covers a busy worker.
    timeoutMs: 30_000,
  },
  docProgress: {
    subject: 'doc.progress',
    pooled: false,
    schema: DocProgress,
  },
  deviceHeartbeat: {
    subject: 'devices.heartbeat',
    pooled: false,
    schema: DeviceRecord,
    // Why: the admin device screen should show a new or lost device within seconds, and a
    // record of ~500 bytes every 5 s per device is nothing even for hundreds of devices.
    intervalMs: 5_000,
    // Why: one lost or delayed heartbeat (a GC pause, a busy event loop during model load) must
    // not flap a device offline; three in a row means it is gone.
    offlineAfterIntervals: 3,
  },
  deviceControl: {
    subject: 'devices.control',
    directed: true,
    schema: DeviceControl,
    // Why no retry of its own: every gateway replica compares each heartbeat with the settings
    // and sends this again while they differ, so a lost message costs one heartbeat interval.
    resendAfterMs: 2_000,
  },
  deviceSettings: {
    subject: 'devices.settings',
    pooled: false,
    schema: DeviceSettingsRequest,
    replySchema: DeviceControl,
    // Why: a starting worker asks once; a gateway answers from one indexed row in milliseconds.
    // Past 5 s (no gateway up yet) the worker starts with its own settings and is corrected by
    // the first heartbeat a gateway compares.
    timeoutMs: 5_000,
  },
  opsBackup: {
    queue: 'ops.backup',
    pooled: false,
    schema: BackupJob,
    // Why: a backup or restore runs for minutes to hours, but its runner calls progress() with
    // every progress write (at least every few seconds while bytes move); 2 minutes without one
    // means the process died, and the job goes to another replica, which starts it afresh.
    ackWaitMs: 120_000,
    // Why: a job fails on its own errors (marked failed, acked); only a dead runner redelivers,
    // and three dead runners in a row mean the job itself kills them.
    maxDeliver: 3,
    retryDelaysMs: [5_000, 30_000],
  },
  postEditSegments: {
    subject: 'doc.pe.segments',
    pooled: false,
    schema: PeSegmentsRequest,
    replySchema: PeSegmentsReply,
    // Why: the translator waits on the first open of a document; opening is what doc.estimate
    // does (tens of seconds for a large legacy file on a busy worker), so the same 60 s apply.
    timeoutMs: 60_000,
  },
  postEditExports: {
    queue: 'doc.pe.export',
    pooled: false,
    schema: PeExportJob,
    // Why: as doc.assemble: writing a long document takes tens of seconds, and the handler calls
    // progress() between steps; only a dead worker lets 2 minutes lapse.
    ackWaitMs: 120_000,
    // Why: writing is deterministic; three failures will not turn into a success.
    maxDeliver: 3,
    retryDelaysMs: [2_000, 10_000],
  },
  postEditExportResults: {
    queue: 'doc.pe.results',
    pooled: false,
    schema: PeExportResult,
    // Why: as doc.results: one short update per result, retried for minutes.
    ackWaitMs: 30_000,
    maxDeliver: 20,
    retryDelaysMs: [1_000, 5_000, 30_000, 60_000],
  },
  termExtractions: {
    queue: 'terms.extract',
    pooled: false,
    schema: TermExtractionJob,
    // Why: opening the document plus tokenizing it (jieba, kuromoji, a POS tagger) takes seconds
    // to a minute for a long file; the handler calls progress() between steps.
    ackWaitMs: 120_000,
    maxDeliver: 3,
    retryDelaysMs: [2_000, 10_000],
  },
  termExtractionResults: {
    queue: 'terms.results',
    pooled: false,
    schema: TermExtractionDone,
    // Why: storing up to 500 candidates and looking up their translations is a few queries.
    ackWaitMs: 30_000,
    maxDeliver: 20,
    retryDelaysMs: [1_000, 5_000, 30_000, 60_000],
  },
  // Web page translation (issue 22, proto/src/web-translation.ts).
  webTranslations: {
    queue: 'web.translate',
    pooled: false,
    schema: WebTranslateJob,
    // Why: fetching is bounded at 15 s, and the handler calls progress() while MT works; only a
    // dead worker lets 2 minutes lapse.
    ackWaitMs: 120_000,
    // Why: refusals (bad address, too large) answer web.failed at once; only crashes redeliver.
    maxDeliver: 3,
    retryDelaysMs: [2_000, 10_000],
  },
  webResults: {
    queue: 'web.results',
    pooled: false,
    schema: WebTranslateDone,
    // Why: as terms.results: one short ledger transaction and update, retried for minutes.
    ackWaitMs: 30_000,
    maxDeliver: 20,
    retryDelaysMs: [1_000, 5_000, 30_000, 60_000],
  },
  webCharge: {
    subject: 'web.charge',
    pooled: false,
    schema: WebChargeRequest,
    replySchema: WebChargeReply,
    // Why: as doc.charge: one ledger transaction; 10 s means the tasks service is down.
    timeoutMs: 10_000,
  },
  webTexts: {
    subject: 'doc.holder.webtexts',
    directed: true,
    schema: PictureTexts,
  },
} as const;

export type BusCatalog = typeof BUS;

/**
 * Checks a message that came over the bus against its catalog schema. Receivers call it at the
 * edge (the typed helpers of @mtp/platform do): a malformed job is unrecoverable (dead at once),
 * a malformed event is dropped.
 */
export function checkBusMessage<S extends TSchema>(schema: S, value: unknown): value is Static<S> {
  return Value.Check(schema, value);
}

/** The first few schema violations of a message, for the log line or dead letter. */
export function busMessageErrors(schema: TSchema, value: unknown): string[] {
  return [...Value.Errors(schema, value)].slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
}
