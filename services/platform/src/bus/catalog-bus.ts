/**
 * The bus through the catalog of @mtp/proto: every call takes a catalog entry, its messages are
 * typed from the entry's schema, and what arrives is checked against that schema at the edge
 * (a malformed job is dead at once, a malformed event is dropped with a warning, a malformed
 * request or reply fails the call). Handlers never see `unknown` and never check by hand.
 */
import { busMessageErrors, checkBusMessage, poolSubject, workerSubject } from '@mtp/proto';
import type { Static, TSchema } from 'typebox';
import {
  BusError,
  deadLetterQueue,
  UnrecoverableJobError,
  type Bus,
  type BusSubscription,
  type DeadJob,
  type JobConsumer,
  type JobContext,
  type PublishedJob,
} from './port';

export type QueueEntry<S extends TSchema = TSchema> = {
  readonly queue: string;
  readonly pooled: boolean;
  readonly schema: S;
  readonly ackWaitMs: number;
  readonly maxDeliver: number;
  readonly retryDelaysMs?: readonly number[];
};
export type RequestEntry<S extends TSchema = TSchema, R extends TSchema = TSchema> = {
  readonly subject: string;
  readonly schema: S;
  readonly replySchema: R;
  readonly timeoutMs: number;
  readonly pooled?: boolean;
  readonly directed?: boolean;
};
export type EventEntry<S extends TSchema = TSchema> = { readonly subject: string; readonly schema: S; readonly directed?: boolean };

/** Where a message goes: a device pool for pooled entries, one worker for directed ones. */
export type Route = { pool?: string; worker?: string };

function addressOf(entry: { subject?: string; queue?: string; pooled?: boolean; directed?: boolean }, route: Route = {}): string {
  const base = entry.queue ?? entry.subject!;
  if (entry.directed) {
    if (!route.worker) throw new BusError('invalid', `${base} is directed: name the worker`);
    return workerSubject({ subject: base, directed: true }, route.worker);
  }
  return entry.pooled ? poolSubject(base, route.pool) : base;
}

/** The queue name a pooled or plain queue entry resolves to (for dead-letter queues and metrics). */
export function queueOf(entry: QueueEntry, pool?: string): string {
  return addressOf(entry, { pool });
}

export function publishJobTo<S extends TSchema>(
  bus: Bus,
  entry: QueueEntry<S>,
  payload: Static<S>,
  opts: { pool?: string; jobId?: string } = {},
): Promise<PublishedJob> {
  return bus.publishJob(addressOf(entry, opts), payload, { jobId: opts.jobId });
}

export type CatalogConsumeOptions = {
  pool?: string;
  concurrency?: number;
  /** Overrides the entry's ack wait (fault tests shorten it). */
  ackWaitMs?: number;
  onDead?: (dead: DeadJob) => Promise<void> | void;
};

export function consumeJobsOf<S extends TSchema>(
  bus: Bus,
  entry: QueueEntry<S>,
  handler: (job: JobContext<Static<S>>) => Promise<void> | void,
  opts: CatalogConsumeOptions = {},
): Promise<JobConsumer> {
  const queue = addressOf(entry, opts);
  return bus.consume<unknown>(
    queue,
    (job) => {
      if (!checkBusMessage(entry.schema, job.payload)) {
        throw new UnrecoverableJobError(`invalid ${queue} job: ${busMessageErrors(entry.schema, job.payload).join('; ')}`);
      }
      return handler(job as JobContext<Static<S>>);
    },
    {
      concurrency: opts.concurrency,
      ackWaitMs: opts.ackWaitMs ?? entry.ackWaitMs,
      maxDeliver: entry.maxDeliver,
      retryDelaysMs: entry.retryDelaysMs,
      onDead: opts.onDead,
    },
  );
}

/** Dead letters of a queue entry: the original payload is as it was (it may be what made it die). */
export function consumeDeadLettersOf(
  bus: Bus,
  entry: QueueEntry,
  handler: (dead: DeadJob) => Promise<void> | void,
  opts: { pool?: string } = {},
): Promise<JobConsumer> {
  return bus.consume<DeadJob>(deadLetterQueue(queueOf(entry, opts.pool)), (job) => handler(job.payload), {
    // Why: acting on a dead letter is a few short transactions; retried like a result.
    ackWaitMs: 30_000,
    maxDeliver: 20,
    retryDelaysMs: [1_000, 5_000, 30_000],
  });
}

export async function requestOf<S extends TSchema, R extends TSchema>(
  bus: Bus,
  entry: RequestEntry<S, R>,
  payload: Static<S>,
  opts: Route & { timeoutMs?: number } = {},
): Promise<Static<R>> {
  const reply = await bus.request<Static<S>, unknown>(addressOf(entry, opts), payload, { timeoutMs: opts.timeoutMs ?? entry.timeoutMs });
  if (!checkBusMessage(entry.replySchema, reply)) {
    throw new BusError('remote', `invalid reply on ${entry.subject}: ${busMessageErrors(entry.replySchema, reply).join('; ')}`);
  }
  return reply;
}

export function serveRequestsOf<S extends TSchema, R extends TSchema>(
  bus: Bus,
  entry: RequestEntry<S, R>,
  handler: (payload: Static<S>) => Promise<Static<R>> | Static<R>,
  opts: Route & { queueGroup?: string } = {},
): Promise<BusSubscription> {
  return bus.serve<unknown, Static<R>>(
    addressOf(entry, opts),
    (payload) => {
      if (!checkBusMessage(entry.schema, payload)) {
        throw new Error(`invalid ${entry.subject} request: ${busMessageErrors(entry.schema, payload).join('; ')}`);
      }
      return handler(payload);
    },
    { queueGroup: opts.queueGroup },
  );
}

export function publishEventTo<S extends TSchema>(bus: Bus, entry: EventEntry<S>, payload: Static<S>, route: Route = {}): Promise<void> {
  return bus.publish(addressOf(entry, route), payload);
}

/**
 * Publishes to a subject a message itself named (a job's `reply_to`); the entry types the payload,
 * and the receiver's `subscribeTo` checks it.
 */
export function replyEventTo<S extends TSchema>(_entry: EventEntry<S>, bus: Bus, subject: string, payload: Static<S>): Promise<void> {
  return bus.publish(subject, payload);
}

export function subscribeTo<S extends TSchema>(
  bus: Bus,
  entry: EventEntry<S>,
  handler: (payload: Static<S>, ctx: { subject: string }) => Promise<void> | void,
  route: Route & { subject?: string } = {},
): Promise<BusSubscription> {
  return bus.subscribe<unknown>(route.subject ?? addressOf(entry, route), (payload, ctx) => {
    if (!checkBusMessage(entry.schema, payload)) {
      console.warn(`bus: dropped a malformed ${entry.subject} event:`, busMessageErrors(entry.schema, payload).join('; '));
      return;
    }
    return handler(payload, ctx);
  });
}
