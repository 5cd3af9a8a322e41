/**
 * The bus contract, part 3: the request id (request-context.ts) travels with what is published
 * under it, to jobs, requests and events; each handler runs under its message's id, so what it
 * publishes in turn (a result) carries the id back; work published outside a request has none.
 */
import { describe, it } from 'vitest';
import { currentRequestId, withRequestId } from '../src/request-context';
import { ACK_WAIT_MS, waitFor, type SuiteContext } from './bus-contract-support';

type Seen = { jobCtx?: string; jobCurrent?: string; result?: string; dead?: string };

export function registerRequestIdContract({ name, connector }: SuiteContext): void {
  describe('request id', () => {
    it("a job/request carries the publisher's request id", async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const gateway = await connect();
      const worker = await connect();
      const [jobs, results, subject, events] = [name('q'), name('q'), name('rpc'), name('events')];
      const seen = new Map<number, Seen>();
      const at = (n: number) => seen.get(n) ?? (seen.set(n, {}), seen.get(n)!);
      await worker.consume<{ n: number }>(
        jobs,
        async (job) => {
          Object.assign(at(job.payload.n), { jobCtx: job.requestId, jobCurrent: currentRequestId() });
          // The worker's result names no id: it goes out under the job's.
          await worker.publishJob(results, { n: job.payload.n });
        },
        { ackWaitMs: ACK_WAIT_MS * 4, maxDeliver: 2 },
      );
      await gateway.consume<{ n: number }>(results, (job) => void (at(job.payload.n).result = job.requestId), {
        ackWaitMs: ACK_WAIT_MS * 4,
        maxDeliver: 2,
      });
      await worker.serve(subject, (_payload, ctx) => ({ ctx: ctx.requestId, current: currentRequestId() }));
      const events_: (string | undefined)[] = [];
      await worker.subscribe(events, (_payload, ctx) => void events_.push(ctx.requestId ?? 'none'));

      await withRequestId('req-abc.1_X', async () => {
        await gateway.publishJob(jobs, { n: 1 });
        await expect(gateway.request(subject, {}, { timeoutMs: 2_000 })).resolves.toEqual({ ctx: 'req-abc.1_X', current: 'req-abc.1_X' });
        await gateway.publish(events, {});
      });
      // Outside any request, right after: nothing leaks from the previous publisher.
      await gateway.publishJob(jobs, { n: 2 });
      await expect(gateway.request(subject, {}, { timeoutMs: 2_000 })).resolves.toEqual({});
      await gateway.publish(events, {});

      const resultsIn = () => [1, 2].every((n) => seen.get(n) && 'result' in seen.get(n)!);
      await waitFor(() => resultsIn() && events_.length === 2, 5_000, 'both results and both events');
      expect(seen.get(1)).toEqual({ jobCtx: 'req-abc.1_X', jobCurrent: 'req-abc.1_X', result: 'req-abc.1_X' });
      expect(seen.get(2)).toEqual({ jobCtx: undefined, jobCurrent: undefined, result: undefined });
      expect(events_).toEqual(['req-abc.1_X', 'none']);
    });

    it('a dead letter carries the request id of the job that died', async ({ expect, onTestFinished }) => {
      const connect = connector(onTestFinished);
      const gateway = await connect();
      const worker = await connect();
      const queue = name('q');
      const dead: (string | undefined)[] = [];
      await worker.consume(
        queue,
        () => {
          throw new Error('poison');
        },
        { ackWaitMs: ACK_WAIT_MS * 4, maxDeliver: 2 },
      );
      await gateway.consume(`dead.${queue}`, (job) => void dead.push(job.requestId), { ackWaitMs: ACK_WAIT_MS * 4, maxDeliver: 2 });
      await withRequestId('req-dead', () => gateway.publishJob(queue, { n: 1 }));
      await waitFor(() => dead.length === 1);
      expect(dead).toEqual(['req-dead']);
    });
  });
}
