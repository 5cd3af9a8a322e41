/** The bus contract, part 2: request-reply, pub/sub and close(). */
import { describe, it } from 'vitest';
import { BusError } from '../src/bus';
import { ACK_WAIT_MS, sleep, waitFor, type SuiteContext } from './bus-contract-support';

export function registerMessagingContract({ name, connector }: SuiteContext): void {
  describe('request-reply', () => {
    it('answers a request, reports a server error, a timeout and a missing server', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const server = await connect();
      const client = await connect();
      const subject = name('rpc');
      await server.serve<{ texts: string[] }, { translations: string[] }>(subject, async ({ texts }) => {
        if (texts[0] === 'boom') throw new Error('model not loaded');
        if (texts[0] === 'slow') await sleep(1_000);
        return { translations: texts.map((t) => t.toUpperCase()) };
      });
      await expect(client.request(subject, { texts: ['hello', '世界'] }, { timeoutMs: 2_000 })).resolves.toEqual({
        translations: ['HELLO', '世界'],
      });
      await expect(client.request(subject, { texts: ['boom'] }, { timeoutMs: 2_000 })).rejects.toMatchObject({
        code: 'remote',
        message: 'model not loaded',
      });
      const t0 = Date.now();
      const slow = await client.request(subject, { texts: ['slow'] }, { timeoutMs: 200 }).catch((e: unknown) => e);
      expect(slow).toBeInstanceOf(BusError);
      expect(slow).toMatchObject({ code: 'timeout' });
      expect(Date.now() - t0).toBeLessThan(900);
      await expect(client.request(name('nobody'), {}, { timeoutMs: 2_000 })).rejects.toMatchObject({ code: 'no_responders' });
    });

    it('shares requests between the servers of a queue group', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const s1 = await connect();
      const s2 = await connect();
      const client = await connect();
      const subject = name('rpc');
      const served = { s1: 0, s2: 0 };
      await s1.serve(subject, () => ({ by: 's1', n: ++served.s1 }), { queueGroup: 'mt' });
      await s2.serve(subject, () => ({ by: 's2', n: ++served.s2 }), { queueGroup: 'mt' });
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => client.request<object, { by: string }>(subject, {}, { timeoutMs: 2_000 })),
      );
      expect(answers).toHaveLength(30);
      expect(served.s1 + served.s2).toBe(30);
      expect(served.s1).toBeGreaterThan(0);
      expect(served.s2).toBeGreaterThan(0);
    });
  });

  describe('pub/sub', () => {
    it('fans an event out to every subscriber, wildcards included, and stops after unsubscribe', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const publisher = await connect();
      const a = await connect();
      const b = await connect();
      const subject = name('events');
      const got = { a: [] as unknown[], b: [] as { subject: string; payload: unknown }[] };
      const subA = await a.subscribe(`${subject}.heartbeat`, (payload) => void got.a.push(payload));
      await b.subscribe(`${subject}.*`, (payload, ctx) => void got.b.push({ subject: ctx.subject, payload }));
      for (let i = 0; i < 3; i++) await publisher.publish(`${subject}.heartbeat`, { i });
      await waitFor(() => got.a.length === 3 && got.b.length === 3);
      expect(got.a).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }]);
      expect(got.b[0]).toEqual({ subject: `${subject}.heartbeat`, payload: { i: 0 } });
      await subA.unsubscribe();
      await publisher.publish(`${subject}.heartbeat`, { i: 3 });
      await waitFor(() => got.b.length === 4);
      await sleep(100);
      expect(got.a).toHaveLength(3);
    });
  });

  describe('close()', () => {
    it('lets a running job finish and acks it before closing', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const worker = await connect();
      const queue = name('q');
      let finished = 0;
      let started = 0;
      await worker.consume(
        queue,
        async () => {
          started += 1;
          await sleep(300);
          finished += 1;
        },
        { ackWaitMs: ACK_WAIT_MS, maxDeliver: 3 },
      );
      await worker.publishJob(queue, {});
      await waitFor(() => started === 1);
      await worker.close({ deadlineMs: 5_000 });
      expect(finished).toBe(1);
      const next = await connect();
      const again: unknown[] = [];
      await next.consume(queue, (job) => void again.push(job.payload), { ackWaitMs: ACK_WAIT_MS, maxDeliver: 3 });
      await sleep(ACK_WAIT_MS * 1.2);
      expect(again).toEqual([]);
    });

    it('hands back a job still running at the deadline: another consumer gets it at once', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const worker = await connect();
      const other = await connect();
      const queue = name('q');
      let signal: AbortSignal | undefined;
      await worker.consume(
        queue,
        (job) => {
          signal = job.signal;
          return new Promise<void>(() => {});
        },
        { ackWaitMs: ACK_WAIT_MS * 10, maxDeliver: 3 },
      );
      await worker.publishJob(queue, { big: true });
      await waitFor(() => signal !== undefined);
      const redelivered: number[] = [];
      await other.consume(queue, (job) => void redelivered.push(job.deliveryCount), { ackWaitMs: ACK_WAIT_MS * 10, maxDeliver: 3 });
      const t0 = Date.now();
      await worker.close({ deadlineMs: 100 });
      expect(signal?.aborted).toBe(true);
      await waitFor(() => redelivered.length === 1, 2_000, 'the handed-back job');
      expect(Date.now() - t0).toBeLessThan(ACK_WAIT_MS * 4);
      expect(redelivered).toEqual([2]);
    });

    it('answers the requests in flight, then refuses new calls', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const server = await connect();
      const client = await connect();
      const subject = name('rpc');
      await server.serve(subject, async () => {
        await sleep(200);
        return 'done';
      });
      const pending = client.request(subject, {}, { timeoutMs: 2_000 });
      await sleep(50);
      await server.close({ deadlineMs: 2_000 });
      await expect(pending).resolves.toBe('done');
      await expect(server.publish(subject, {})).rejects.toMatchObject({ code: 'closed' });
    });
  });
}
