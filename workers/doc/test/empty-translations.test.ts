/**
 * An engine that answers nothing for a sentence must not blank the page: the sentence keeps its
 * source text, and the worker reports how many did (and their characters) with `doc.assembled`,
 * whether the file is written from the stored translations or from what was laid in early. A
 * file with no text at all is refused as "no text" (1211), not as a parse failure.
 */
import { publishJobTo, requestOf } from '@mtp/platform';
import { BUS, type AssembleDocumentJob } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openDocument } from '../src/pipeline/open-document';
import { planSentences } from '../src/pipeline/sentence-plan';
import { workerHarness } from './worker-harness';
import { KeptDocuments } from '../src/worker/kept-documents';

// mammoth.js test data (BSD-2-Clause, see fixtures/ooxml/SOURCES.md): body text and footnotes.
const DOCX = new URL('../fixtures/ooxml/footnotes.docx', import.meta.url);

const harness = workerHarness('mtp-doc-empty-');
const setup = () => harness.start();

/** Every other sentence answered "" or whitespace, the rest marked as translated. */
function engineAnswers(sentences: readonly string[]): string[] {
  return sentences.map((s, i) => (i % 2 === 0 ? (i % 4 ? ' ' : '') : `[zh] ${s}`));
}

async function prepared(name: string, bytes: Buffer) {
  const { bus, results, worker } = await setup();
  const taskId = randomUUID();
  const projectId = randomUUID();
  const ext = name.split('.').pop()!;
  const key = `docs/${taskId}/${projectId}/source.${ext}`;
  await harness.storage.put(key, bytes);
  await publishJobTo(bus, BUS.prepareDocuments, {
    kind: 'doc.prepare',
    task_id: taskId,
    project_id: projectId,
    file_name: name,
    ext,
    source_key: key,
    sentences_key: `docs/${taskId}/${projectId}/work/sentences.json`,
    src_lang: 'en-us',
    translate_pictures: false,
  });
  await expect.poll(() => results.length).toBe(1);
  const job: AssembleDocumentJob = {
    kind: 'doc.assemble',
    task_id: taskId,
    project_id: projectId,
    file_name: name,
    ext,
    source_key: key,
    translations_key: `docs/${taskId}/${projectId}/work/translations.json`,
    result_key: `docs/${taskId}/${projectId}/result.${ext}`,
    src_lang: 'en-us',
    tgt_lang: 'zh-cn',
    mode: 0,
    domain: 'general',
    translate_pictures: false,
    segments_total: 0,
    pool: 'default',
  };
  const close = async () => {
    await worker.stop(1_000);
    await bus.close({ deadlineMs: 100 });
  };
  return { bus, results, worker, job, close };
}

describe('empty translations', () => {
  it('a real docx written with some sentences answered "" keeps their source and counts them', async () => {
    const bytes = await readFile(DOCX);
    const { bus, results, worker, job, close } = await prepared('footnotes.docx', bytes);
    expect(results[0]).toMatchObject({ kind: 'doc.prepared' });
    const sentences: string[] = JSON.parse(
      (await harness.storage.getBuffer(job.source_key.replace(/source\.docx$/, 'work/sentences.json'))).toString(),
    );
    const answers = engineAnswers(sentences);
    const empty = sentences.filter((_, i) => i % 2 === 0);
    expect(empty.length).toBeGreaterThan(1);
    await harness.storage.put(job.translations_key, Buffer.from(JSON.stringify(answers)));
    const assemble = { ...job, segments_total: sentences.length };
    expect(await requestOf(bus, BUS.assembleOnHolder, assemble, { worker: worker.deviceId })).toEqual({ accepted: true });
    await expect.poll(() => results.length).toBe(2);
    expect(results[1]).toMatchObject({
      kind: 'doc.assembled',
      untranslated_segments: empty.length,
      untranslated_chars: empty.reduce((n, s) => n + [...s].length, 0),
    });

    // The written file: every sentence answered "" is there as its source, none is blank.
    const written = await openDocument('r.docx', await harness.storage.getBuffer(job.result_key), 'zh-cn');
    const text = written.document.paragraphs.map((p) => p.text).join('\n');
    for (const source of empty) expect(text).toContain(source);
    expect(text).toContain(answers[1]);
    expect(written.document.paragraphs.length).toBe((await openDocument('s.docx', bytes, 'en-us')).document.paragraphs.length);
    await close();
  });

  it('counts them too when everything was laid in as the chunks came back', async () => {
    const { document } = await openDocument('footnotes.docx', await readFile(DOCX), 'en-us');
    const plan = planSentences(document.paragraphs, 'en-us');
    const kept = new KeptDocuments();
    kept.keep('p', document, plan, 1000);
    const indices = plan.sentences.map((_, i) => i);
    kept.startLayIn('p', { mode: 0, tgtLang: 'zh-cn', mtIndices: indices, chunkSentences: indices.length });
    kept.layInChunk('p', 0, engineAnswers(plan.sentences));
    const taken = kept.take('p')!;
    expect(taken.allLaidIn).toBe(true);
    expect(taken.untranslated?.segments).toBe(plan.sentences.filter((_, i) => i % 2 === 0).length);
  });

  it('a file with no text is refused as "no text" (1211), not as a parse failure', async () => {
    for (const [name, bytes] of [
      ['empty.txt', Buffer.alloc(0)],
      ['blank.txt', Buffer.from(' \n\t\n')],
    ] as const) {
      const { results, close } = await prepared(name, bytes);
      expect(results[0]).toMatchObject({ kind: 'doc.failed', stage: 'prepare', code: 'FILE_NO_TEXT' });
      await close();
    }
  });
});
