/**
 * The in-process bus for the single-machine mode: a broker shared by every bus client of the
 * process (gateway, services and workers each call createBus()), with the same semantics as
 * the NATS adapter. Every message crosses as JSON text, as it would over the wire.
 */
import { randomUUID } from 'node:crypto';
import { currentRequestId, withRequestId } from '../request-context';
import { InFlight } from './in-flight';
import { JobRunner } from './job-runner';
import { MemoryQueue, type QueueConsumer } from './memory-queue';
import {
  assertQueueName,
  assertSubject,
  assertSubjectPattern,
  BusError,
  CLOSE_DEADLINE_MS,
  deadLetterQueue,
  DEFAULT_QUEUE_GROUP,
  errorMessage,
  subjectMatches,
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

/** `requestId`: the publisher's, carried beside the JSON as NATS carries it in a header. */
type Server = { subject: string; group: string; handle: (subject: string, json: string, requestId?: string) => Promise<string> };
type Subscriber = { pattern: string; deliver: (subject: string, json: string, requestId?: string) => void };

export class MemoryBroker {
  private readonly queues = new Map<string, MemoryQueue>();
  private readonly servers = new Set<Server>();
  private readonly subscribers = new Set<Subscriber>();
  private readonly groupTurn = new Map<string, number>();

  queue(name: string): MemoryQueue {
    let q = this.queues.get(name);
    if (!q) {
      // Dead letters of an expired final delivery when no consumer is left to report them.
      q = new MemoryQueue(name, async (jobId, json, deliveries) => {
        this.queue(deadLetterQueue(name)).enqueue(jobId, JSON.stringify(expiredDeadJob(name, jobId, json, deliveries)), currentRequestId());
      });
      this.queues.set(name, q);
    }
    return q;
  }

  addServer(server: Server): () => void {
    this.servers.add(server);
    return () => this.servers.delete(server);
  }

  addSubscriber(sub: Subscriber): () => void {
    this.subscribers.add(sub);
    return () => this.subscribers.delete(sub);
  }

  publish(subject: string, json: string, requestId?: string): void {
    for (const sub of this.subscribers) if (subjectMatches(sub.pattern, subject)) setImmediate(() => sub.deliver(subject, json, requestId));
  }

  /** One server per queue group answers; the first answer wins, as with NATS. */
  request(subject: string, json: string, timeoutMs: number, requestId?: string): Promise<string> {
    const groups = new Map<string, Server[]>();
    for (const s of this.servers) {
      if (!subjectMatches(s.subject, subject)) continue;
      groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
    }
    if (groups.size === 0) return Promise.reject(new BusError('no_responders', `No server for ${subject}`));
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new BusError('timeout', `Request to ${subject} timed out after ${timeoutMs} ms`)), timeoutMs);
      const answer = (fn: () => void) => {
        clearTimeout(timer);
        fn();
      };
      for (const [group, members] of groups) {
        const key = `${subject}\u0000${group}`;
        const turn = this.groupTurn.get(key) ?? 0;
        this.groupTurn.set(key, turn + 1);
        const server = members[turn % members.length]!;
        setImmediate(() =>
          server.handle(subject, json, requestId).then(
            (reply) => answer(() => resolve(reply)),
            (err) => answer(() => reject(new BusError('remote', errorMessage(err)))),
          ),
        );
      }
    });
  }
}

function expiredDeadJob(queue: string, jobId: string, json: string, deliveries: number): DeadJob {
  let payload: unknown = json;
  try {
    payload = JSON.parse(json);
  } catch {
    // kept as text
  }
  return {
    queue,
    job_id: jobId,
    payload,
    delivery_count: deliveries,
    error: `ack wait expired on delivery ${deliveries}, the last allowed (the consumer died or hung)`,
    dead_at: new Date().toISOString(),
  };
}

/** The process-wide broker that createBus() connects to when there is no NATS_URL. */
export const processBroker = new MemoryBroker();

class MemoryConsumer implements QueueConsumer, JobConsumer {
  readonly ackWaitMs: number;
  readonly maxDeliver: number;
  readonly runner: JobRunner;
  private readonly concurrency: number;

  constructor(
    private readonly queue: MemoryQueue,
    handler: JobHandler<unknown>,
    private readonly opts: ConsumeOptions<unknown>,
    private readonly bus: MemoryBus,
  ) {
    this.ackWaitMs = opts.ackWaitMs;
    this.maxDeliver = opts.maxDeliver;
    this.concurrency = Math.max(1, opts.concurrency ?? 1);
    this.runner = new JobRunner(queue.name, handler, opts, (dead) => this.reportDead(dead));
  }

  freeSlots(): number {
    return this.concurrency - this.runner.active;
  }

  deliver(delivery: Parameters<QueueConsumer['deliver']>[0]): void {
    // A crashed client's acks never reach the broker, like a dead process's.
    const guarded = {
      ...delivery,
      ack: async () => (this.bus.crashed ? undefined : delivery.ack()),
      nak: (ms: number) => (this.bus.crashed ? undefined : delivery.nak(ms)),
      working: () => (this.bus.crashed ? undefined : delivery.working()),
    };
    void this.runner.run(guarded).then(() => this.queue.scheduleDispatch());
  }

  async reportExpired(jobId: string, json: string, deliveries: number): Promise<void> {
    await this.reportDead(expiredDeadJob(this.queue.name, jobId, json, deliveries));
  }

  private async reportDead(dead: DeadJob): Promise<void> {
    await this.bus.publishJob(deadLetterQueue(this.queue.name), dead, { jobId: dead.job_id });
    await this.opts.onDead?.(dead);
  }

  detach(): void {
    this.queue.removeConsumer(this);
  }

  async stop(): Promise<void> {
    this.detach();
    await this.runner.drain();
  }
}

export class MemoryBus implements Bus {
  readonly kind = 'memory' as const;
  crashed = false;
  private closing = false;
  private readonly consumers = new Set<MemoryConsumer>();
  private readonly detachers = new Set<() => void>();
  private readonly serving = new InFlight();

  constructor(private readonly broker: MemoryBroker = processBroker) {}

  private assertOpen(): void {
    if (this.closing) throw new BusError('closed', 'The bus is closed');
  }

  async publishJob<T>(queue: string, payload: T, opts: PublishJobOptions = {}): Promise<PublishedJob> {
    this.assertOpen();
    assertQueueName(queue);
    const jobId = opts.jobId ?? randomUUID();
    return { jobId, ...this.broker.queue(queue).enqueue(jobId, JSON.stringify(payload), currentRequestId()) };
  }

  async pendingJobs(queue: string): Promise<number> {
    assertQueueName(queue);
    return this.broker.queue(queue).pending();
  }

  async consume<T>(queue: string, handler: JobHandler<T>, opts: ConsumeOptions<T>): Promise<JobConsumer> {
    this.assertOpen();
    assertQueueName(queue);
    const q = this.broker.queue(queue);
    const consumer = new MemoryConsumer(q, handler as JobHandler<unknown>, opts as ConsumeOptions<unknown>, this);
    this.consumers.add(consumer);
    q.addConsumer(consumer);
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
    return JSON.parse(await this.broker.request(subject, JSON.stringify(payload), opts.timeoutMs, currentRequestId())) as Res;
  }

  async serve<Req, Res>(subject: string, handler: RequestHandler<Req, Res>, opts: ServeOptions = {}): Promise<BusSubscription> {
    this.assertOpen();
    assertSubjectPattern(subject);
    const remove = this.broker.addServer({
      subject,
      group: opts.queueGroup ?? DEFAULT_QUEUE_GROUP,
      handle: async (actual, json, requestId) => {
        const work = withRequestId(requestId, async () =>
          JSON.stringify((await handler(JSON.parse(json) as Req, { subject: actual, requestId })) ?? null),
        );
        this.serving.track(work);
        const reply = await work;
        // A crashed process sends no answer; the requester times out.
        return this.crashed ? new Promise<string>(() => {}) : reply;
      },
    });
    return this.registration(remove);
  }

  async publish<T>(subject: string, payload: T): Promise<void> {
    this.assertOpen();
    assertSubject(subject);
    this.broker.publish(subject, JSON.stringify(payload), currentRequestId());
  }

  async subscribe<T>(subject: string, handler: EventHandler<T>): Promise<BusSubscription> {
    this.assertOpen();
    assertSubjectPattern(subject);
    const remove = this.broker.addSubscriber({
      pattern: subject,
      deliver: (actual, json, requestId) => {
        if (!this.detachers.has(remove)) return;
        const work = withRequestId(requestId, async () => handler(JSON.parse(json) as T, { subject: actual, requestId }));
        work.catch((err) => console.error(`bus: event handler for ${actual} failed:`, err));
        this.serving.track(work);
      },
    });
    return this.registration(remove);
  }

  async close(opts: CloseOptions = {}): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const c of this.consumers) c.detach();
    for (const detach of this.detachers) detach();
    const deadline = opts.deadlineMs ?? CLOSE_DEADLINE_MS;
    await Promise.all([...[...this.consumers].map((c) => c.runner.drain(deadline)), this.serving.wait(deadline)]);
  }

  /** Test hook: the process "dies": nothing is acked or handed back, nothing more is received. */
  async simulateCrash(): Promise<void> {
    this.crashed = true;
    this.closing = true;
    for (const c of this.consumers) {
      c.detach();
      c.runner.giveUp(false);
    }
    for (const detach of this.detachers) detach();
  }

  private registration(remove: () => void): BusSubscription {
    this.detachers.add(remove);
    return {
      unsubscribe: async () => {
        remove();
        this.detachers.delete(remove);
      },
    };
  }
}
