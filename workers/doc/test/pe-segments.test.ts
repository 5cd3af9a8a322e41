/**
 * `doc.pe.segments` on a real in-process bus with a real document worker: the sentences of a
 * real Word file come back cut exactly as `doc.prepare` cuts them for translation (same order,
 * same count), each with its plan paragraph in document order; an encrypted file is refused
 * with its code and nothing is written.
 */
import { requestOf } from '@mtp/platform';
import { BUS, type PrepareDocumentJob } from '@mtp/proto';
import { publishJobTo } from '@mtp/platform';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { PeSourceSegment } from '../src/post-edit/segments';
import { workerHarness } from './worker-harness';

const harness = workerHarness('mtp-pe-segments-');

async function stored(fixture: string) {
  const taskId = randomUUID();
  const projectId = randomUUID();
  const key = `docs/${taskId}/${projectId}/source.docx`;
  await harness.storage.put(key, await readFile(new URL(`../fixtures/ooxml/${fixture}`, import.meta.url)));
  return { taskId, projectId, key };
}

describe('post-editing segments', () => {
  it('answers the sentences of a real docx as translation cut them, with their paragraphs', async () => {
    const { bus, results, worker } = await harness.start();
    try {
      const file = await stored('testWORD_various.docx');
      const outKey = `docs/${file.taskId}/${file.projectId}/pe/segments.json`;
      const reply = await requestOf(bus, BUS.postEditSegments, {
        file_name: 'various.docx',
        ext: 'docx',
        source_key: file.key,
        src_lang: 'en-us',
        out_key: outKey,
      });
      expect(reply.outcome).toBe('ok');
      const segments = JSON.parse((await harness.storage.getBuffer(outKey)).toString()) as PeSourceSegment[];
      if (reply.outcome !== 'ok') return;
      expect(reply.segments).toBe(segments.length);
      expect(segments.length).toBeGreaterThan(5);

      // The same file prepared for translation: the same sentences, in the same order.
      const sentencesKey = `docs/${file.taskId}/${file.projectId}/work/sentences.json`;
      const prepare: PrepareDocumentJob = {
        kind: 'doc.prepare',
        task_id: file.taskId,
        project_id: file.projectId,
        file_name: 'various.docx',
        ext: 'docx',
        source_key: file.key,
        sentences_key: sentencesKey,
        src_lang: 'en-us',
        translate_pictures: false,
      };
      await publishJobTo(bus, BUS.prepareDocuments, prepare);
      await expect.poll(() => results.length).toBe(1);
      const sentences = JSON.parse((await harness.storage.getBuffer(sentencesKey)).toString()) as string[];
      expect(segments.map((s) => s.text)).toEqual(sentences);

      // Paragraphs are plan indices in document order: never decreasing, inside the plan.
      const paragraphs = segments.map((s) => s.paragraph);
      expect(paragraphs).toEqual([...paragraphs].sort((a, b) => a - b));
      expect(Math.max(...paragraphs)).toBeLessThan(reply.paragraphs);
    } finally {
      await worker.stop(1_000);
      await bus.close();
    }
  });

  it('refuses an encrypted file with its code and writes nothing', async () => {
    const { bus, worker } = await harness.start();
    try {
      const file = await stored('encrypted-pw-pass_bug53475.docx');
      const outKey = `docs/${file.taskId}/${file.projectId}/pe/segments.json`;
      const reply = await requestOf(bus, BUS.postEditSegments, {
        file_name: 's.docx',
        ext: 'docx',
        source_key: file.key,
        src_lang: 'en-us',
        out_key: outKey,
      });
      expect(reply).toEqual({ outcome: 'refused', code: 'FILE_ENCRYPTED' });
      await expect(harness.storage.getBuffer(outKey)).rejects.toThrow();
    } finally {
      await worker.stop(1_000);
      await bus.close();
    }
  });
});
