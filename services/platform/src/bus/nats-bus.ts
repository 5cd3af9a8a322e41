/**
 * The bus on NATS: JetStream work queues (nats-jobs.ts), core NATS request-reply with queue
 * groups for interactive text, core pub/sub for events. JSON on the wire. A request's answer is
 * `{ok: true, data}` or `{ok: false, error}`, so a server's failure reaches the caller as such
 * instead of as a timeout.
 */
import { randomUUID } from 'node:crypto';
import { connect, ErrorCode, JSONCodec, NatsError, type JetStreamManager, type NatsConnection, type Subscription } from 'nats';
import { withRequestId } from '../request-context';
import { requestIdHeaders, requestIdOf } from './nats-headers';
import { InFlight } from './in-flight';
import { ensureStream, NatsJobConsumer, streamName } from './nats-jobs';
import {
  assertQueueName,
  assertSubject,
  assertSubjectPattern,
  BusError,
  CLOSE_DEADLINE_MS,
  deadLetterQueue,
  DEFAULT_QUEUE_GROUP,
  errorMessage,
  type Bus,
  type BusSubscription,
  type CloseOptions,
  type ConsumeOptions,
  type DeadJob,
  type EventHandler,
  type JobConsumer,
  type JobHandler,
  type PublishedJob,
  type PublishJobOptions,
  type RequestHandler,
  type RequestOptions,
  type ServeOptions,
} from './port';

type Answer = { ok: true; data: unknown } | { ok: false; error: string };

const jc = JSONCodec();

export type NatsBusOptions = {
  url: string;
  /** Shown in the server's connection list (`nats server report connections`). */
  name?: string;
  /** JetStream replicas of the streams this bus creates: 1 on one server, 3 in a cluster. */
  replicas?: number;
};

export async function connectNatsBus(opts: NatsBusOptions): Promise<NatsBus> {
  // maxReconnectAttempts -1: a worker outlives a NATS restart instead of dying with it.
  const nc = await connect({ servers: opts.url, name: opts.name, maxReconnectAttempts: -1 });
  return new NatsBus(nc, await nc.jetstreamManager(), opts.replicas ?? 1);
}

export class NatsBus implements Bus {
  readonly kind = 'nats' as const;
  private closing = false;
  private readonly streams = new Map<string, Promise<string>>();
  private readonly consumers = new Set<NatsJobConsumer>();
  private readonly subs = new Set<Subscription>();
  private readonly serving = new InFlight();

  constructor(
    readonly connection: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly replicas: number,
  ) {}

  private assertOpen(): void {
    if (this.closing) throw new BusError('closed', 'The bus is closed');
  }

  private stream(queue: string): Promise<string> {
    let s = this.streams.get(queue);
    if (!s) {
      s = ensureStream(this.jsm, queue, this.replicas);
      s.catch(() => this.streams.delete(queue));
      this.streams.set(queue, s);
    }
    return s;
  }

  async publishJob<T>(queue: string, payload: T, opts: PublishJobOptions = {}): Promise<PublishedJob> {
    this.assertOpen();
    assertQueueName(queue);
    await this.stream(queue);
    const jobId = opts.jobId ?? randomUUID();
    const ack = await this.connection.jetstream().publish(queue, jc.encode(payload), { msgID: jobId, headers: requestIdHeaders() });
    return { jobId, duplicate: ack.duplicate };
  }

  async pendingJobs(queue: string): Promise<number> {
    assertQueueName(queue);
    try {
      // WorkQueue retention: the stream holds exactly the jobs not acked yet.
      return (await this.jsm.streams.info(streamName(queue))).state.messages;
    } catch (err) {
      if (/stream not found/i.test(errorMessage(err))) return 0;
      throw err;
    }
  }

  async consume<T>(queue: string, handler: JobHandler<T>, opts: ConsumeOptions<T>): Promise<JobConsumer> {
    this.assertOpen();
    assertQueueName(queue);
    const ctx = {
      nc: this.connection,
      jsm: this.jsm,
      publishDead: async (dead: DeadJob) => {
        await this.publishJob(deadLetterQueue(queue), dead, { jobId: dead.job_id });
      },
    };
    const consumer = await NatsJobConsumer.start(
      ctx,
      queue,
      handler as JobHandler<unknown>,
      opts as ConsumeOptions<unknown>,
      this.replicas,
    );
    this.consumers.add(consumer);
    return {
      stop: async () => {
        this.consumers.delete(consumer);
        await consumer.stop();
      },
    };
  }

  async request<Req, Res>(subject: string, payload: Req, opts: RequestOptions): Promise<Res> {
    this.assertOpen();
    assertSubject(subject);
    let answer: Answer;
    try {
      const msg = await this.connection.request(subject, jc.encode(payload), { timeout: opts.timeoutMs, headers: requestIdHeaders() });
      answer = jc.decode(msg.data) as Answer;
    } catch (err) {
      if (err instanceof NatsError && err.code === ErrorCode.NoResponders) throw new BusError('no_responders', `No server for ${subject}`);
      if (err instanceof NatsError && err.code === ErrorCode.Timeout)
        throw new BusError('timeout', `Request to ${subject} timed out after ${opts.timeoutMs} ms`);
      throw err;
    }
    if (!answer.ok) throw new BusError('remote', answer.error);
    return answer.data as Res;
  }

  async serve<Req, Res>(subject: string, handler: RequestHandler<Req, Res>, opts: ServeOptions = {}): Promise<BusSubscription> {
    this.assertOpen();
    assertSubjectPattern(subject);
    const sub = this.connection.subscribe(subject, {
      queue: opts.queueGroup ?? DEFAULT_QUEUE_GROUP,
      callback: (err, msg) => {
        if (err) return;
        const requestId = requestIdOf(msg.headers);
        const work = withRequestId(requestId, async (): Promise<Answer> => {
          try {
            return { ok: true, data: (await handler(jc.decode(msg.data) as Req, { subject: msg.subject, requestId })) ?? null };
          } catch (e) {
            return { ok: false, error: errorMessage(e) };
          }
        }).then((answer) => {
          if (!this.connection.isClosed()) msg.respond(jc.encode(answer));
        });
        this.serving.track(work);
      },
    });
    return this.registered(sub);
  }

  async publish<T>(subject: string, payload: T): Promise<void> {
    this.assertOpen();
    assertSubject(subject);
    this.connection.publish(subject, jc.encode(payload), { headers: requestIdHeaders() });
  }

  async subscribe<T>(subject: string, handler: EventHandler<T>): Promise<BusSubscription> {
    this.assertOpen();
    assertSubjectPattern(subject);
    const sub = this.connection.subscribe(subject, {
      callback: (err, msg) => {
        if (err) return;
        const requestId = requestIdOf(msg.headers);
        const work = withRequestId(requestId, async () => handler(jc.decode(msg.data) as T, { subject: msg.subject, requestId }));
        work.catch((e) => console.error(`bus: event handler for ${msg.subject} failed:`, e));
        this.serving.track(work);
      },
    });
    return this.registered(sub);
  }

  async close(opts: CloseOptions = {}): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const deadline = opts.deadlineMs ?? CLOSE_DEADLINE_MS;
    for (const c of this.consumers) c.detach();
    await Promise.all([...this.subs].map((s) => s.drain().catch(() => undefined)));
    await Promise.all([...[...this.consumers].map((c) => c.runner.drain(deadline)), this.serving.wait(deadline)]);
    // Drain flushes the acks and naks just sent before the connection closes.
    if (!this.connection.isClosed()) await this.connection.drain();
  }

  /** Test hook: the process "dies": the connection drops, nothing is acked or handed back. */
  async simulateCrash(): Promise<void> {
    this.closing = true;
    for (const c of this.consumers) c.runner.giveUp(false);
    await this.connection.close();
  }

  /** Returns once the server has the subscription, so a publish right after reaches it. */
  private async registered(sub: Subscription): Promise<BusSubscription> {
    this.subs.add(sub);
    await this.connection.flush();
    return {
      unsubscribe: async () => {
        this.subs.delete(sub);
        if (!this.connection.isClosed()) await sub.drain();
      },
    };
  }
}
