/**
 * What both adapters do with a delivered job: run the handler, then ack, nak with the retry
 * delay, or (out of deliveries, or unrecoverable) dead-letter and ack. Also the shutdown rule:
 * wait for running jobs until a deadline, then hand the rest back.
 */
import { withRequestId } from '../request-context';
import { errorMessage, retryDelay, UnrecoverableJobError, type ConsumeOptions, type DeadJob, type JobHandler } from './port';

/** One delivery of a job, as an adapter presents it. */
export type Delivery = {
  jobId: string;
  deliveryCount: number;
  /** The publisher's request id, carried with the message. */
  requestId?: string;
  /** The decoded payload, or the reason it could not be decoded (such a job is dead at once). */
  payload: { ok: true; value: unknown } | { ok: false; raw: string; error: string };
  ack(): Promise<void>;
  nak(delayMs: number): void;
  working(): void;
};

type Running = {
  delivery: Delivery;
  controller: AbortController;
  handedBack: boolean;
  released: Promise<void>;
  release: () => void;
};

export type ReportDead = (dead: DeadJob) => Promise<void>;

export class JobRunner {
  private readonly running = new Set<Running>();

  constructor(
    private readonly queue: string,
    private readonly handler: JobHandler<unknown>,
    private readonly opts: ConsumeOptions<unknown>,
    private readonly reportDead: ReportDead,
  ) {}

  get active(): number {
    return this.running.size;
  }

  /** Resolves when the job is settled, or at once when it is handed back or abandoned. */
  run(delivery: Delivery): Promise<void> {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const entry: Running = { delivery, controller: new AbortController(), handedBack: false, released, release };
    this.running.add(entry);
    // Under the message's own id (or none): never the id of whatever scheduled the delivery.
    withRequestId(delivery.requestId, () => this.settle(entry))
      .catch((err) => console.error(`bus: settling a job of ${this.queue} failed:`, err))
      .finally(() => {
        this.running.delete(entry);
        release();
      });
    return released;
  }

  private async settle(entry: Running): Promise<void> {
    const d = entry.delivery;
    let failure: unknown;
    try {
      if (!d.payload.ok) throw new UnrecoverableJobError(`undecodable payload: ${d.payload.error}`);
      await this.handler({
        payload: d.payload.value,
        jobId: d.jobId,
        queue: this.queue,
        deliveryCount: d.deliveryCount,
        requestId: d.requestId,
        progress: () => {
          if (!entry.handedBack) d.working();
        },
        signal: entry.controller.signal,
      });
    } catch (err) {
      failure = err ?? new Error('job failed');
    }
    if (entry.handedBack) return;
    if (failure === undefined) return d.ack();
    if (failure instanceof UnrecoverableJobError || d.deliveryCount >= this.opts.maxDeliver) {
      await this.reportDead({
        queue: this.queue,
        job_id: d.jobId,
        payload: d.payload.ok ? d.payload.value : d.payload.raw,
        delivery_count: d.deliveryCount,
        error: errorMessage(failure),
        dead_at: new Date().toISOString(),
      });
      return d.ack();
    }
    d.nak(retryDelay(this.opts.retryDelaysMs, d.deliveryCount));
  }

  /** Waits for running jobs; past the deadline hands them back (redelivered at once). */
  async drain(deadlineMs?: number): Promise<void> {
    const all = Promise.all([...this.running].map((r) => r.released));
    if (deadlineMs === undefined) return void (await all);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), deadlineMs)));
    const outcome = await Promise.race([all, expired]);
    clearTimeout(timer);
    if (outcome === 'expired') this.giveUp(true);
  }

  /** Leaves running jobs unsettled; with `handBack` naks them so they are redelivered at once. */
  giveUp(handBack: boolean): void {
    for (const r of [...this.running]) {
      r.handedBack = true;
      if (handBack) r.delivery.nak(0);
      r.controller.abort(new Error('job handed back: the bus is closing'));
      this.running.delete(r);
      r.release();
    }
  }
}
