/** The bus contract, part 1: work queues (delivery, dedupe, retries, dead jobs, dead workers). */
import { describe, it } from 'vitest';
import { deadLetterQueue, UnrecoverableJobError, type DeadJob } from '../src/bus';
import { ACK_WAIT_MS, sleep, waitFor, type SuiteContext } from './bus-contract-support';

export function registerQueueContract({ name, connector }: SuiteContext): void {
  describe('work queues', () => {
    it('delivers a job once with its id and payload, and an acked job does not come back', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const bus = await connect();
      const queue = name('q');
      const seen: { payload: unknown; jobId: string; deliveryCount: number; queue: string }[] = [];
      await bus.consume<{ text: string }>(
        queue,
        ({ payload, jobId, deliveryCount, queue }) => void seen.push({ payload, jobId, deliveryCount, queue }),
        { ackWaitMs: ACK_WAIT_MS, maxDeliver: 3 },
      );
      const published = await bus.publishJob(queue, { text: '翻译' }, { jobId: 'task-1:0' });
      expect(published).toEqual({ jobId: 'task-1:0', duplicate: false });
      await waitFor(() => seen.length === 1);
      await sleep(ACK_WAIT_MS * 1.2);
      expect(seen).toEqual([{ payload: { text: '翻译' }, jobId: 'task-1:0', deliveryCount: 1, queue }]);
    });

    it('keeps a job published before anyone consumes, and drops a repeated job id', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const bus = await connect();
      const queue = name('q');
      expect((await bus.publishJob(queue, { i: 1 }, { jobId: 'same' })).duplicate).toBe(false);
      expect((await bus.publishJob(queue, { i: 2 }, { jobId: 'same' })).duplicate).toBe(true);
      const other = await bus.publishJob(queue, { i: 3 });
      expect(other.jobId).toMatch(/\S/);
      const seen: unknown[] = [];
      await bus.consume(queue, (job) => void seen.push(job.payload), { ackWaitMs: ACK_WAIT_MS, maxDeliver: 3 });
      await waitFor(() => seen.length === 2);
      await sleep(200);
      expect(seen).toEqual([{ i: 1 }, { i: 3 }]);
    });

    it('counts the jobs a queue still holds: waiting, in flight, waiting for a retry; none once acked', async ({
      expect,
      onTestFinished,
    }) => {
      const connect = connector(onTestFinished);
      const bus = await connect();
      const queue = name('q');
      expect(await bus.pendingJobs(queue)).toBe(0);
      await bus.publishJob(queue, { i: 1 });
      await bus.publishJob(queue, { i: 2 });
      expect(await bus.pendingJobs(queue)).toBe(2);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const seen: number[] = [];
      await bus.consume<{ i: number }>(
        queue,
        async (job) => {
          seen.push(job.payload.i);
          // The first delivery of job 1 fails (waits for a retry); job 2 is held in flight.
          if (job.payload.i === 1 && job.deliveryCount === 1) throw new Error('retry later');
          if (job.payload.i === 2) await held;
        },
        { ackWaitMs: ACK_WAIT_MS * 4, maxDeliver: 3, retryDelaysMs: [400], concurrency: 2 },
      );
      await waitFor(() => seen.includes(1) && seen.includes(2));
      expect(await bus.pendingJobs(queue)).toBe(2);
      release();
      await waitFor(() => seen.filter((i) => i === 1).length === 2);
      await waitFor(async () => (await bus.pendingJobs(queue)) === 0);
    });

    it('naks a failed job and redelivers it after the retry delay with a growing count', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const bus = await connect();
      const queue = name('q');
      const attempts: { count: number; at: number }[] = [];
      await bus.consume(
        queue,
        (job) => {
          attempts.push({ count: job.deliveryCount, at: Date.now() });
          if (job.deliveryCount < 3) throw new Error('engine busy');
        },
        { ackWaitMs: ACK_WAIT_MS * 4, maxDeliver: 5, retryDelaysMs: [100, 200] },
      );
      await bus.publishJob(queue, { x: 1 });
      await waitFor(() => attempts.length === 3);
      await sleep(300);
      expect(attempts.map((a) => a.count)).toEqual([1, 2, 3]);
      // Retries follow the delays, not the (longer) ack wait.
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(90);
      expect(attempts[1]!.at - attempts[0]!.at).toBeLessThan(ACK_WAIT_MS * 4);
      expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(190);
    });

    it('declares a job dead after maxDeliver: onDead once and a dead letter on the dead-letter queue', async ({
      expect,
      onTestFinished,
    }) => {
      const connect = connector(onTestFinished);
      const bus = await connect();
      const queue = name('q');
      let calls = 0;
      const dead: DeadJob[] = [];
      await bus.consume(
        queue,
        () => {
          calls += 1;
          throw new Error(`bad input ${calls}`);
        },
        { ackWaitMs: ACK_WAIT_MS, maxDeliver: 3, onDead: (d) => void dead.push(d) },
      );
      await bus.publishJob(queue, { doc: 'a.docx' }, { jobId: 'task-9:2' });
      const letters: { payload: DeadJob; jobId: string }[] = [];
      await bus.consume<DeadJob>(deadLetterQueue(queue), (job) => void letters.push({ payload: job.payload, jobId: job.jobId }), {
        ackWaitMs: ACK_WAIT_MS,
        maxDeliver: 3,
      });
      await waitFor(() => letters.length === 1 && dead.length === 1);
      await sleep(ACK_WAIT_MS * 1.2);
      expect(calls).toBe(3);
      expect(dead).toHaveLength(1);
      expect(dead[0]).toMatchObject({ queue, job_id: 'task-9:2', payload: { doc: 'a.docx' }, delivery_count: 3, error: 'bad input 3' });
      expect(letters).toEqual([{ jobId: 'task-9:2', payload: dead[0] }]);
    });

    it('declares a job dead at once on UnrecoverableJobError', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const bus = await connect();
      const queue = name('q');
      let calls = 0;
      const dead: DeadJob[] = [];
      await bus.consume(
        queue,
        () => {
          calls += 1;
          throw new UnrecoverableJobError('unsupported language pair');
        },
        { ackWaitMs: ACK_WAIT_MS, maxDeliver: 5, onDead: (d) => void dead.push(d) },
      );
      await bus.publishJob(queue, {});
      await waitFor(() => dead.length === 1);
      await sleep(200);
      expect(calls).toBe(1);
      expect(dead[0]).toMatchObject({ delivery_count: 1, error: 'unsupported language pair' });
    });

    it('progress() keeps a job longer than its ack wait from being redelivered', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const bus = await connect();
      const other = await connect();
      const queue = name('q');
      const deliveries: number[] = [];
      let finished = 0;
      const handler = async (job: { deliveryCount: number; progress(): void }) => {
        deliveries.push(job.deliveryCount);
        for (let i = 0; i < 8; i++) {
          await sleep(ACK_WAIT_MS / 5);
          job.progress();
        }
        finished += 1;
      };
      await bus.consume(queue, handler, { ackWaitMs: ACK_WAIT_MS, maxDeliver: 3 });
      await other.consume(queue, handler, { ackWaitMs: ACK_WAIT_MS, maxDeliver: 3 });
      await bus.publishJob(queue, {});
      await waitFor(() => finished === 1, 5_000);
      await sleep(ACK_WAIT_MS + 100);
      expect(deliveries).toEqual([1]);
    });

    it('redelivers the job of a consumer that died without acking to another after the ack wait, and it completes once', async ({
      expect,
      onTestFinished,
    }) => {
      const connect = connector(onTestFinished);
      const doomed = await connect();
      const survivor = await connect();
      const queue = name('q');
      let started = 0;
      let startedAt = 0;
      await doomed.consume(
        queue,
        () => {
          started += 1;
          startedAt = Date.now();
          return new Promise<void>(() => {}); // hangs: the process is about to die
        },
        { ackWaitMs: ACK_WAIT_MS, maxDeliver: 3 },
      );
      await doomed.publishJob(queue, { chunk: 0 }, { jobId: 'task-3:0' });
      await waitFor(() => started === 1);
      await doomed.simulateCrash();
      const completed: { jobId: string; deliveryCount: number; after: number }[] = [];
      await survivor.consume(
        queue,
        (job) => void completed.push({ jobId: job.jobId, deliveryCount: job.deliveryCount, after: Date.now() - startedAt }),
        { ackWaitMs: ACK_WAIT_MS, maxDeliver: 3 },
      );
      await waitFor(() => completed.length === 1);
      await sleep(ACK_WAIT_MS * 1.2);
      expect(completed).toHaveLength(1);
      expect(completed[0]).toMatchObject({ jobId: 'task-3:0', deliveryCount: 2 });
      // Not at once: only when the dead consumer's ack wait ran out.
      expect(completed[0]!.after).toBeGreaterThanOrEqual(ACK_WAIT_MS * 0.6);
    });

    it('dead-letters a job whose final delivery died (nobody could report the failure)', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const doomed = await connect();
      const survivor = await connect();
      const queue = name('q');
      let started = 0;
      const hang = () => {
        started += 1;
        return new Promise<void>(() => {});
      };
      await doomed.consume(queue, hang, { ackWaitMs: ACK_WAIT_MS, maxDeliver: 1 });
      await doomed.publishJob(queue, { chunk: 7 }, { jobId: 'task-4:7' });
      await waitFor(() => started === 1);
      await doomed.simulateCrash();
      const dead: DeadJob[] = [];
      const ran: unknown[] = [];
      await survivor.consume(queue, (job) => void ran.push(job.payload), {
        ackWaitMs: ACK_WAIT_MS,
        maxDeliver: 1,
        onDead: (d) => void dead.push(d),
      });
      const letters: DeadJob[] = [];
      await survivor.consume<DeadJob>(deadLetterQueue(queue), (job) => void letters.push(job.payload), {
        ackWaitMs: ACK_WAIT_MS,
        maxDeliver: 3,
      });
      await waitFor(() => letters.length === 1 && dead.length === 1, 5_000, 'the dead letter');
      expect(ran).toEqual([]);
      expect(letters[0]).toMatchObject({ queue, job_id: 'task-4:7', payload: { chunk: 7 }, delivery_count: 1 });
      expect(dead).toEqual(letters);
    });

    it('runs up to `concurrency` jobs at once', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const bus = await connect();
      const queue = name('q');
      let running = 0;
      let peak = 0;
      let done = 0;
      await bus.consume(
        queue,
        async () => {
          peak = Math.max(peak, ++running);
          await sleep(150);
          running -= 1;
          done += 1;
        },
        { concurrency: 2, ackWaitMs: ACK_WAIT_MS * 4, maxDeliver: 3 },
      );
      for (let i = 0; i < 5; i++) await bus.publishJob(queue, { i });
      await waitFor(() => done === 5);
      expect(peak).toBe(2);
    });

    it('shares one queue between consumers on different clients, each job done once', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const a = await connect();
      const b = await connect();
      const queue = name('q');
      const byClient = { a: [] as number[], b: [] as number[] };
      const opts = { ackWaitMs: ACK_WAIT_MS * 4, maxDeliver: 3 };
      const record = (into: number[]) => async (job: { payload: { i: number } }) => {
        into.push(job.payload.i);
        await sleep(40);
      };
      await a.consume(queue, record(byClient.a), opts);
      await b.consume(queue, record(byClient.b), opts);
      for (let i = 0; i < 12; i++) await a.publishJob(queue, { i });
      await waitFor(() => byClient.a.length + byClient.b.length === 12);
      await sleep(200);
      expect(byClient.a.length).toBeGreaterThan(0);
      expect(byClient.b.length).toBeGreaterThan(0);
      expect([...byClient.a, ...byClient.b].sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    });
  });
}
