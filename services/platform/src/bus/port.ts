/**
 * The bus port: work queues (durable jobs with ack, redelivery and dead letters), request-reply
 * (interactive text, shared by a queue group of servers) and pub/sub (progress events, device
 * heartbeats). Two adapters implement it with the same semantics, checked by one contract
 * suite: NATS JetStream for a cluster and an in-process broker for the single machine.
 *
 * Subjects and queues come from the catalog in @mtp/proto (`BUS`); payloads are JSON values.
 */

export type Bus = {
  readonly kind: 'memory' | 'nats';
  /** Queues a job durably. A job id seen within DEDUPE_WINDOW_MS is dropped (`duplicate`). */
  publishJob<T>(queue: string, payload: T, opts?: PublishJobOptions): Promise<PublishedJob>;
  /**
   * Jobs a queue still holds: waiting, in flight or waiting for a retry (0 for a queue never
   * used). A sweeper asks it before it republishes work that looks lost: a queue that still holds
   * jobs may just be behind.
   */
  pendingJobs(queue: string): Promise<number>;
  /** Takes jobs from a queue; every consumer of a queue shares its jobs. */
  consume<T>(queue: string, handler: JobHandler<T>, opts: ConsumeOptions<T>): Promise<JobConsumer>;
  /** Asks one server of the subject (per queue group) and waits for its answer. */
  request<Req, Res>(subject: string, payload: Req, opts: RequestOptions): Promise<Res>;
  serve<Req, Res>(subject: string, handler: RequestHandler<Req, Res>, opts?: ServeOptions): Promise<BusSubscription>;
  /** Fire-and-forget event to every current subscriber; nobody listening means it is gone. */
  publish<T>(subject: string, payload: T): Promise<void>;
  /** `*` matches one subject token, a final `>` one or more. */
  subscribe<T>(subject: string, handler: EventHandler<T>): Promise<BusSubscription>;
  /**
   * Stops taking jobs and requests, lets in-flight handlers finish until the deadline, hands
   * back the jobs still running then (they are redelivered at once, their `signal` aborts),
   * and closes the connection.
   */
  close(opts?: CloseOptions): Promise<void>;
};

export type PublishJobOptions = {
  /** Dedupe key; a chunk's id (`segmentJobId`) so republishing it is harmless. Default: random. */
  jobId?: string;
};
export type PublishedJob = { jobId: string; duplicate: boolean };

export type JobContext<T> = {
  payload: T;
  jobId: string;
  queue: string;
  /** 1 on the first delivery. */
  deliveryCount: number;
  /**
   * The request id the publisher worked under (request-context.ts); the handler also runs under
   * it, so what it publishes and logs carries it on. Undefined for work no request started.
   */
  requestId: string | undefined;
  /** Still working: restarts the ack wait. Call it between batches of a long job. */
  progress(): void;
  /** Aborts when the job was handed back (the bus closed past its deadline). */
  signal: AbortSignal;
};

/** Resolving acks the job; throwing naks it (retried after a delay until maxDeliver). */
export type JobHandler<T> = (job: JobContext<T>) => Promise<void> | void;

export type ConsumeOptions<T> = {
  /** Jobs this consumer runs at once. Default 1. */
  concurrency?: number;
  /** A delivery not acked within this (or since its last progress()) is redelivered. */
  ackWaitMs: number;
  /** Deliveries before a job is dead. */
  maxDeliver: number;
  /** Delay before retry n (by delivery count, the last one repeats). Default: no delay. */
  retryDelaysMs?: readonly number[];
  /**
   * Called once for each dead job of this queue, by one of its live consumers. Dead jobs are
   * also always queued on `deadLetterQueue(queue)`, so none is lost when nobody listens.
   */
  onDead?: (dead: DeadJob<T>) => Promise<void> | void;
};

export type JobConsumer = {
  /** Stops taking jobs and waits for the running ones (no deadline: see Bus.close). */
  stop(): Promise<void>;
};

/** What lands on the dead-letter queue of a job that ran out of deliveries. */
export type DeadJob<T = unknown> = {
  queue: string;
  job_id: string;
  payload: T;
  delivery_count: number;
  error: string;
  dead_at: string;
};

export type RequestOptions = { timeoutMs: number };
export type RequestContext = { subject: string; requestId?: string };
export type RequestHandler<Req, Res> = (payload: Req, ctx: RequestContext) => Promise<Res> | Res;
export type ServeOptions = {
  /** Servers in one group share requests (each goes to one of them). Default: DEFAULT_QUEUE_GROUP. */
  queueGroup?: string;
};

export type EventContext = { subject: string; requestId?: string };
export type EventHandler<T> = (payload: T, ctx: EventContext) => Promise<void> | void;
export type BusSubscription = { unsubscribe(): Promise<void> };

export type CloseOptions = { deadlineMs?: number };

/** A handler's way to say a job can never succeed: it is dead at once, without retries. */
export class UnrecoverableJobError extends Error {
  override name = 'UnrecoverableJobError';
}

export type BusErrorCode = 'timeout' | 'no_responders' | 'remote' | 'closed' | 'invalid';

export class BusError extends Error {
  override name = 'BusError';
  constructor(
    readonly code: BusErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const DEFAULT_QUEUE_GROUP = 'workers';
/** Why 2 minutes: JetStream's default duplicate window; a retried publish comes within seconds. */
export const DEDUPE_WINDOW_MS = 120_000;
/**
 * Why 20 s: Kubernetes sends SIGKILL 30 s after SIGTERM by default; this leaves time to hand
 * back the unfinished jobs and drain the connection before that.
 */
export const CLOSE_DEADLINE_MS = 20_000;

export function deadLetterQueue(queue: string): string {
  return `dead.${queue}`;
}

/** Queues: lower-case ASCII tokens joined by dots (they name JetStream streams too). */
const QUEUE_RE = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;
const SUBJECT_RE = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;
const PATTERN_RE = /^([A-Za-z0-9_-]+|\*)(\.([A-Za-z0-9_-]+|\*))*(\.>)?$|^>$/;

export function assertQueueName(queue: string): void {
  if (!QUEUE_RE.test(queue)) throw new BusError('invalid', `Invalid queue name: ${JSON.stringify(queue)}`);
}
export function assertSubject(subject: string): void {
  if (!SUBJECT_RE.test(subject)) throw new BusError('invalid', `Invalid subject: ${JSON.stringify(subject)}`);
}
export function assertSubjectPattern(pattern: string): void {
  if (!PATTERN_RE.test(pattern)) throw new BusError('invalid', `Invalid subject pattern: ${JSON.stringify(pattern)}`);
}

/** NATS subject matching: `*` is one token, a final `>` one or more. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}

export function retryDelay(delays: readonly number[] | undefined, deliveryCount: number): number {
  if (!delays || delays.length === 0) return 0;
  return delays[Math.min(deliveryCount, delays.length) - 1] ?? 0;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
