/**
 * The bus catalog: every subject and work queue the services and workers talk over, with the
 * schema of its messages and its timings. Code names a subject only through this catalog, so a
 * rename or a timing change happens here once. Subjects and queues are ASCII (the NATS client
 * base64-mangles anything else).
 *
 * Routing to dedicated enterprise devices: entries marked `pooled` get a pool suffix
 * (`mt.translate.<pool>`, `mt.jobs.<pool>`); shared devices serve the pool `default`.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { DomainCode, LanguageCode } from './translation';

export const DEFAULT_POOL = 'default';
/** Pool names double as NATS subject tokens and stream-name parts: lower-case ASCII, no dots. */
export const POOL_PATTERN = '^[a-z0-9][a-z0-9-]{0,31}$';
const POOL_RE = new RegExp(POOL_PATTERN);

export function isPoolName(pool: string): boolean {
  return POOL_RE.test(pool);
}

/** The subject or queue of a pooled entry for one device pool: `mt.translate.<pool>`. */
export function poolSubject(base: string, pool: string = DEFAULT_POOL): string {
  if (!isPoolName(pool)) throw new Error(`Invalid device pool name: ${JSON.stringify(pool)}`);
  return `${base}.${pool}`;
}

export const GlossaryEntry = Type.Object({ source: Type.String({ minLength: 1 }), target: Type.String() });
export type GlossaryEntry = Static<typeof GlossaryEntry>;

/** mt.translate: interactive text, answered while the user waits. */
export const TranslateTextRequest = Type.Object({
  texts: Type.Array(Type.String(), { minItems: 1 }),
  /** Resolved languages: detection (`auto`) happens before a message is sent. */
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  domain: Type.Optional(DomainCode),
  /** Termbase entries the output must contain. */
  glossary: Type.Optional(Type.Array(GlossaryEntry)),
});
export type TranslateTextRequest = Static<typeof TranslateTextRequest>;

export const TranslateTextReply = Type.Object({
  /** One per input text, in order. */
  translations: Type.Array(Type.String()),
  engine: Type.String(),
  model_version: Type.String(),
});
export type TranslateTextReply = Static<typeof TranslateTextReply>;

/** mt.jobs: one chunk of a document or async task, a batch of segments in document order. */
export const SegmentJob = Type.Object({
  task_id: Type.String({ minLength: 1 }),
  chunk_index: Type.Integer({ minimum: 0 }),
  segments: Type.Array(Type.String()),
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  domain: Type.Optional(DomainCode),
  glossary: Type.Optional(Type.Array(GlossaryEntry)),
});
export type SegmentJob = Static<typeof SegmentJob>;

/** The job id of a chunk: republishing the same chunk (a sweeper, a retried upload) dedupes. */
export function segmentJobId(job: Pick<SegmentJob, 'task_id' | 'chunk_index'>): string {
  return `${job.task_id}:${job.chunk_index}`;
}

/**
 * mt.results: a translated chunk, on its way to the tasks service. A work queue, not an event:
 * the worker acks its job only once the result is durably queued, so a result cannot be lost
 * between a worker that finished and a tasks service that was down. Its job id is the chunk's
 * (`segmentJobId`), and the tasks service stores results idempotently per task and chunk.
 */
export const SegmentResult = Type.Object({
  task_id: Type.String({ minLength: 1 }),
  chunk_index: Type.Integer({ minimum: 0 }),
  translations: Type.Array(Type.String()),
  engine: Type.String(),
  model_version: Type.String(),
  device_id: Type.String(),
  /** Source characters translated, for settling the quota ledger. */
  chars: Type.Integer({ minimum: 0 }),
});
export type SegmentResult = Static<typeof SegmentResult>;

/** mt.progress: best-effort progress of a chunk in flight, for live views; losing one is harmless. */
export const JobProgress = Type.Object({
  task_id: Type.String(),
  chunk_index: Type.Integer({ minimum: 0 }),
  done_segments: Type.Integer({ minimum: 0 }),
  total_segments: Type.Integer({ minimum: 0 }),
  device_id: Type.String(),
});
export type JobProgress = Static<typeof JobProgress>;

/**
 * mt.withdrawn: tasks whose queued chunks are no longer wanted (a document interrupted by its
 * user, a file failed): workers skip their jobs instead of translating them. Best effort: a
 * worker that missed it translates the chunks, and their results are ignored.
 */
export const JobsWithdrawn = Type.Object({ task_ids: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }) });
export type JobsWithdrawn = Static<typeof JobsWithdrawn>;

/** doc.assemble: every chunk of a document file is translated; write the translated file. */
export const AssembleDocumentJob = Type.Object({ project_id: Type.String({ minLength: 1 }) });
export type AssembleDocumentJob = Static<typeof AssembleDocumentJob>;

export const GpuInfo = Type.Object({ name: Type.String(), memory_bytes: Type.Integer({ minimum: 0 }) });
export type GpuInfo = Static<typeof GpuInfo>;

export const EXECUTION_PROVIDERS = ['cpu', 'cuda'] as const;
export type ExecutionProvider = (typeof EXECUTION_PROVIDERS)[number];

/** devices.heartbeat: what a worker process says about itself (admin device management). */
export const DeviceRecord = Type.Object({
  /** Stable per process: host and pid, or a pod name. */
  device_id: Type.String({ minLength: 1 }),
  host: Type.String(),
  pid: Type.Integer(),
  pool: Type.String({ pattern: POOL_PATTERN }),
  cpu_model: Type.String(),
  cpu_count: Type.Integer({ minimum: 0 }),
  total_mem_bytes: Type.Integer({ minimum: 0 }),
  gpu: Type.Union([GpuInfo, Type.Null()]),
  execution_provider: Type.Union([Type.Literal('cpu'), Type.Literal('cuda')]),
  /** Language pairs with a model loaded, as `src_tgt` (`en-us_zh-cn`). */
  loaded_pairs: Type.Array(Type.String()),
  /** The model version of each loaded pair (`src_tgt` → version): translation caches key on it. */
  model_versions: Type.Optional(Type.Record(Type.String(), Type.String())),
  in_flight: Type.Integer({ minimum: 0 }),
  jobs_done: Type.Integer({ minimum: 0 }),
  /** `offline` is the last record a worker sends when it stops cleanly. */
  status: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
  /** The device's own heartbeat interval, so a registry knows when it has gone quiet. */
  heartbeat_ms: Type.Integer({ minimum: 1 }),
  started_at: Type.String({ format: 'date-time' }),
  reported_at: Type.String({ format: 'date-time' }),
});
export type DeviceRecord = Static<typeof DeviceRecord>;

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
  assembleDocuments: {
    queue: 'doc.assemble',
    pooled: false,
    schema: AssembleDocumentJob,
    // Why: writing a 1,000-page document back takes tens of seconds on CPU; the handler calls
    // progress() between steps, so only a dead process lets this lapse.
    ackWaitMs: 120_000,
    // Why: writing is deterministic; a file that failed 3 times will fail again, and its user
    // should hear so (file failed, characters refunded) rather than wait.
    maxDeliver: 3,
    retryDelaysMs: [2_000, 10_000],
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
} as const;

export type BusCatalog = typeof BUS;

/**
 * Checks a message that came over the bus against its catalog schema. Receivers call it at the
 * edge: a malformed job is unrecoverable (dead at once), a malformed event is dropped.
 */
export function checkBusMessage<S extends TSchema>(schema: S, value: unknown): value is Static<S> {
  return Value.Check(schema, value);
}

/** The first few schema violations of a message, for the log line or dead letter. */
export function busMessageErrors(schema: TSchema, value: unknown): string[] {
  return [...Value.Errors(schema, value)].slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
}
