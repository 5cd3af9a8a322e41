/**
 * Withdrawn tasks (`mt.withdrawn`): the worker's memory of them (time and size bounded) and the
 * segment-job consumer acking their chunks untranslated, with no result, while other tasks'
 * chunks are translated as usual (real bus adapter in memory, real tiny model).
 */
import path from 'node:path';
import { MemoryBroker, MemoryBus } from '@mtp/platform';
import { BUS, poolSubject, type SegmentJob, type SegmentResult } from '@mtp/proto';
import { describe, expect, it } from 'vitest';
import { ModelRegistry } from '../src/models/model-registry';
import { PairTranslators } from '../src/worker/pair-translators';
import { consumeSegmentJobs } from '../src/worker/segment-jobs';
import { WithdrawnTasks } from '../src/worker/withdrawn-tasks';
import { WorkerStats } from '../src/worker/worker-stats';
import { testModelDir } from './support/model-folders';

describe('WithdrawnTasks', () => {
  it('remembers ids for its time, forgets the oldest past its size, and renews an id withdrawn again', () => {
    let now = 1_000;
    const tasks = new WithdrawnTasks(60_000, 3, () => now);
    tasks.add(['a', 'b']);
    expect([tasks.has('a'), tasks.has('b'), tasks.has('c')]).toEqual([true, true, false]);
    tasks.add(['c', 'a']); // a is renewed, so b is now the oldest
    tasks.add(['d']);
    expect(['a', 'b', 'c', 'd'].map((id) => tasks.has(id))).toEqual([true, false, true, true]);
    now += 60_001;
    expect(['a', 'c', 'd'].map((id) => tasks.has(id))).toEqual([false, false, false]);
  });

  it('learns withdrawals from the bus and ignores malformed events', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    const tasks = new WithdrawnTasks();
    const subscription = await tasks.listen(bus);
    await bus.publish(BUS.jobsWithdrawn.subject, { task_ids: 'not-a-list' });
    await bus.publish(BUS.jobsWithdrawn.subject, { task_ids: ['p1', 'p2'] });
    await expect.poll(() => tasks.has('p2'), { timeout: 10_000 }).toBe(true);
    expect(tasks.has('not-a-list')).toBe(false);
    await subscription.unsubscribe();
    await bus.close({ deadlineMs: 100 });
  });
});

describe('segment jobs of a withdrawn task', () => {
  it('are acked without translating or a result; other tasks are translated', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    const registry = new ModelRegistry(path.dirname(testModelDir('en-us_zh-cn')), { threads: 1 });
    const translators = new PairTranslators(registry);
    const withdrawn = new WithdrawnTasks();
    withdrawn.add(['stopped']);
    let translatedCalls = 0;
    const counting = Object.assign(Object.create(translators) as PairTranslators, {
      translate: (...args: Parameters<PairTranslators['translate']>) => {
        translatedCalls += 1;
        return translators.translate(...args);
      },
    });
    const results: SegmentResult[] = [];
    await bus.consume<SegmentResult>(BUS.segmentResults.queue, async (job) => void results.push(job.payload), {
      ackWaitMs: 5_000,
      maxDeliver: 1,
    });
    const jobs = await consumeSegmentJobs(bus, counting, new WorkerStats(), { pool: 'default', deviceId: 'd1', withdrawn });
    const queue = poolSubject(BUS.translateSegments.queue, 'default');
    const job = (taskId: string, chunk: number): SegmentJob => ({
      kind: 'doc',
      task_id: taskId,
      chunk_index: chunk,
      segments: ['twenty one', 'thirty eight'],
      src_lang: 'en-us',
      tgt_lang: 'zh-cn',
    });
    for (const j of [job('stopped', 0), job('going', 0), job('stopped', 1)])
      await bus.publishJob(queue, j, { jobId: `${j.task_id}:${j.chunk_index}` });
    await expect.poll(() => results.length, { timeout: 10_000 }).toBe(1);
    // Give the withdrawn chunks their turn: they finish without a result.
    await new Promise((r) => setTimeout(r, 100));
    expect(results.map((r) => [r.task_id, r.chunk_index])).toEqual([['going', 0]]);
    expect(results[0]!.translations).toEqual(['二十一', '三十八']);
    expect(translatedCalls).toBe(1);
    await jobs.stop();
    await registry.close();
    await bus.close({ deadlineMs: 100 });
  });
});
