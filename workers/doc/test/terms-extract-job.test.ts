/**
 * `terms.extract` through the real document worker on an in-process bus: a real Chinese docx
 * is read from storage, its candidates written to `out_key` and `terms.extracted` answered on
 * `terms.results`; a job delivered twice answers once (job id `terms:<task_id>`); an encrypted
 * file is answered `terms.failed` with its code, not retried.
 */
import { consumeJobsOf, createStorage, MemoryBroker, MemoryBus, publishJobTo, type ObjectStorage } from '@mtp/platform';
import { BUS, type ExtractedTerm, type TermExtractionDone, type TermExtractionJob } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocWorker } from '../src/worker/doc-worker';

const REAL = new URL('../../../../shared/fixtures/real/docx/', import.meta.url);

let storageDir = '';
let storage: ObjectStorage;
beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-terms-job-'));
  storage = createStorage({ storageDir });
});
afterAll(async () => {
  await rm(storageDir, { recursive: true, force: true });
});

async function storedJob(fileName: string, srcLang: TermExtractionJob['src_lang']): Promise<TermExtractionJob> {
  const taskId = randomUUID();
  const sourceKey = `terms/${taskId}/source.${fileName.split('.').pop()}`;
  await storage.put(sourceKey, await readFile(new URL(fileName, REAL)));
  return {
    kind: 'terms.extract',
    task_id: taskId,
    file_name: fileName,
    ext: fileName.split('.').pop()!,
    source_key: sourceKey,
    src_lang: srcLang,
    out_key: `terms/${taskId}/candidates.json`,
  };
}

describe('the terms.extract job', () => {
  it('writes the candidates of a real document and answers once, however often it is delivered', async () => {
    const broker = new MemoryBroker();
    const bus = new MemoryBus(broker);
    const results: TermExtractionDone[] = [];
    await consumeJobsOf(bus, BUS.termExtractionResults, (job) => void results.push(job.payload));
    const worker = await startDocWorker({ bus, storage, concurrency: 1 });

    const job = await storedJob('stress009_zh.docx', 'zh-cn');
    await publishJobTo(bus, BUS.termExtractions, job);
    await expect.poll(() => results.length, { timeout: 30_000 }).toBe(1);
    const terms = JSON.parse((await storage.getBuffer(job.out_key)).toString()) as ExtractedTerm[];
    expect(results[0]).toEqual({ kind: 'terms.extracted', task_id: job.task_id, count: terms.length });
    expect(terms.length).toBeGreaterThan(20);
    expect(terms.map((t) => t.term)).toContain('固态硬盘');
    const drive = terms.find((t) => t.term === '固态硬盘')!;
    expect(drive.frequency).toBeGreaterThan(2);
    expect(drive.example).toContain('固态硬盘');
    // Best first.
    expect(terms.map((t) => t.score)).toEqual([...terms.map((t) => t.score)].sort((a, b) => b - a));

    // The same job again (as a redelivery after a lost ack): handled, but its answer is the same message.
    await publishJobTo(bus, BUS.termExtractions, job, { jobId: 'redelivered' });
    await expect.poll(() => broker.queue(BUS.termExtractions.queue).pending(), { timeout: 30_000 }).toBe(0);
    expect(results).toHaveLength(1);

    await worker.stop(1_000);
    await bus.close({ deadlineMs: 100 });
  });

  it('answers a refused file with its code at once', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    const results: TermExtractionDone[] = [];
    await consumeJobsOf(bus, BUS.termExtractionResults, (job) => void results.push(job.payload));
    const worker = await startDocWorker({ bus, storage, concurrency: 1 });

    const job = await storedJob('encrypted-pw-pass_bug53475.docx', 'en-us');
    await publishJobTo(bus, BUS.termExtractions, job);
    await expect.poll(() => results.length, { timeout: 30_000 }).toBe(1);
    expect(results[0]).toMatchObject({ kind: 'terms.failed', task_id: job.task_id, code: 'FILE_ENCRYPTED' });
    await expect(storage.getBuffer(job.out_key)).rejects.toThrow();

    await worker.stop(1_000);
    await bus.close({ deadlineMs: 100 });
  });
});
