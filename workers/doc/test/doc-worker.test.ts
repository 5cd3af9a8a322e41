/**
 * The document worker on a real in-process bus and a local storage folder: it prepares a file
 * (sentences to storage, itself as the holder) or refuses it with its code; as the holder it
 * takes a file to write and writes the result; stopping, it hands every
 * file it had taken and not written to the shared queue, so none is lost.
 */
import { consumeJobsOf, publishEventTo, publishJobTo, requestOf } from '@mtp/platform';
import { BUS, type AssembleDocumentJob } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { workerHarness } from './worker-harness';

const harness = workerHarness('mtp-doc-worker-');
const setup = () => harness.start();

async function stored(name: string, bytes: Buffer) {
  const taskId = randomUUID();
  const projectId = randomUUID();
  const key = `docs/${taskId}/${projectId}/source.${name.split('.').pop()}`;
  await harness.storage.put(key, bytes);
  return { taskId, projectId, key };
}

const assembleJob = (file: { taskId: string; projectId: string; key: string }, segments: number): AssembleDocumentJob => ({
  kind: 'doc.assemble',
  task_id: file.taskId,
  project_id: file.projectId,
  file_name: 'n.txt',
  ext: 'txt',
  source_key: file.key,
  translations_key: `docs/${file.taskId}/${file.projectId}/work/translations.json`,
  result_key: `docs/${file.taskId}/${file.projectId}/result.txt`,
  src_lang: 'en-us',
  tgt_lang: 'zh-cn',
  mode: 0,
  domain: 'general',
  translate_pictures: false,
  segments_total: segments,
  pool: 'default',
});

describe('the document worker', () => {
  it('prepares a file as its holder, refuses a bad one with its code, and writes what it holds', async () => {
    const { bus, results, worker } = await setup();
    const good = await stored('n.txt', Buffer.from('twenty one\nthirty eight'));
    const encrypted = await stored('s.docx', await readFile(new URL('../fixtures/ooxml/encrypted-pw-pass_bug53475.docx', import.meta.url)));
    const prepare = (file: typeof good, name: string) => ({
      kind: 'doc.prepare' as const,
      task_id: file.taskId,
      project_id: file.projectId,
      file_name: name,
      ext: name.split('.').pop()!,
      source_key: file.key,
      sentences_key: `docs/${file.taskId}/${file.projectId}/work/sentences.json`,
      src_lang: 'en-us' as const,
      translate_pictures: false,
    });
    await publishJobTo(bus, BUS.prepareDocuments, prepare(good, 'n.txt'));
    await publishJobTo(bus, BUS.prepareDocuments, prepare(encrypted, 's.docx'));
    await expect.poll(() => results.length).toBe(2);
    expect(results).toContainEqual({
      kind: 'doc.prepared',
      project_id: good.projectId,
      holder: worker.deviceId,
      segments_total: 2,
      chars: 22,
    });
    expect(results).toContainEqual(
      expect.objectContaining({ kind: 'doc.failed', project_id: encrypted.projectId, stage: 'prepare', code: 'FILE_ENCRYPTED' }),
    );
    expect(worker.keptFiles()).toBe(1);
    expect(JSON.parse((await harness.storage.getBuffer(`docs/${good.taskId}/${good.projectId}/work/sentences.json`)).toString())).toEqual([
      'twenty one',
      'thirty eight',
    ]);

    // Every translation is in storage (a txt keeps nothing to lay in early).
    await harness.storage.put(`docs/${good.taskId}/${good.projectId}/work/translations.json`, Buffer.from('["二十一", "三十八"]'));
    expect(await requestOf(bus, BUS.assembleOnHolder, assembleJob(good, 2), { worker: worker.deviceId })).toEqual({ accepted: true });
    await expect.poll(() => results.length).toBe(3);
    expect(results[2]).toMatchObject({
      kind: 'doc.assembled',
      project_id: good.projectId,
      holder: worker.deviceId,
      picture_reservations: [],
    });
    expect((await harness.storage.getBuffer(`docs/${good.taskId}/${good.projectId}/result.txt`)).toString().split(/\r?\n/)).toEqual([
      '二十一',
      '三十八',
    ]);
    expect(worker.keptFiles()).toBe(0);
    await worker.stop(1_000);
    await bus.close({ deadlineMs: 100 });
  });

  it('forgets a kept document whose file was interrupted or failed elsewhere', async () => {
    const { bus, results, worker } = await setup();
    const file = await stored('n.txt', Buffer.from('twenty one'));
    await publishJobTo(bus, BUS.prepareDocuments, {
      kind: 'doc.prepare',
      task_id: file.taskId,
      project_id: file.projectId,
      file_name: 'n.txt',
      ext: 'txt',
      source_key: file.key,
      sentences_key: `docs/${file.taskId}/${file.projectId}/work/sentences.json`,
      src_lang: 'en-us',
      translate_pictures: false,
    });
    await expect.poll(() => results.length).toBe(1);
    expect(worker.keptFiles()).toBe(1);
    await publishEventTo(bus, BUS.jobsWithdrawn, { task_ids: [file.projectId] });
    await expect.poll(() => worker.keptFiles()).toBe(0);
    await worker.stop(1_000);
    await bus.close({ deadlineMs: 100 });
  });

  it('hands the files it took and did not write to the shared queue when it stops: none is lost', async () => {
    const { bus, results, worker } = await setup();
    const files = await Promise.all(Array.from({ length: 8 }, () => stored('n.txt', Buffer.from('twenty one'))));
    // Translations the files will be written with (any worker reads them from storage).
    for (const file of files)
      await harness.storage.put(`docs/${file.taskId}/${file.projectId}/work/translations.json`, Buffer.from('["二十一"]'));
    for (const file of files)
      expect(await requestOf(bus, BUS.assembleOnHolder, assembleJob(file, 1), { worker: worker.deviceId })).toEqual({ accepted: true });
    await worker.stop(0);
    // A stopped holder takes nothing more.
    await expect(requestOf(bus, BUS.assembleOnHolder, assembleJob(files[0]!, 1), { worker: worker.deviceId })).rejects.toMatchObject({
      code: 'no_responders',
    });
    const handed: string[] = [];
    await consumeJobsOf(bus, BUS.assembleDocuments, (job) => void handed.push(job.payload.project_id));
    // Each file was either written before the stop or handed over (concurrency 1: not all eight written).
    const accounted = () => files.filter((f) => handed.includes(f.projectId) || results.some((r) => r.project_id === f.projectId)).length;
    await expect.poll(accounted).toBe(files.length);
    expect(handed.length).toBeGreaterThan(0);
    await bus.close({ deadlineMs: 100 });
  });
});
