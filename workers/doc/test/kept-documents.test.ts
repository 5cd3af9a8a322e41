/**
 * A worker's kept documents take each chunk's translations as they come back (by sentence
 * index, as the tasks service forwards them): paragraphs in order, as soon as all their
 * sentences are in (TM hits from the start), whatever order the chunks arrive in; the write at
 * assembly then has only the rest to do.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { docxFormat } from '../src/formats/ooxml/index';
import { planSentences } from '../src/pipeline/sentence-plan';
import { KeptDocuments } from '../src/worker/kept-documents';

/** Sentences per chunk, as the tasks service cuts them. */
const DOC_CHUNK_SENTENCES = 64;

const PARAGRAPHS = 200; // one sentence each, then the fixture's two comments: chunks of 64, 64, 64 and 9 after one TM hit
const SENTENCES = PARAGRAPHS + 2;

/** A real Word file (from the doc worker's fixtures) whose body is `PARAGRAPHS` numbered paragraphs. */
async function numberedDocx(): Promise<Buffer> {
  const original = await readFile(new URL('../fixtures/ooxml/comments.docx', import.meta.url));
  const files = unzipSync(new Uint8Array(original));
  const body = Array.from({ length: PARAGRAPHS }, (_, i) => `<w:p><w:r><w:t>Sentence number ${i}.</w:t></w:r></w:p>`).join('');
  const xml = strFromU8(files['word/document.xml']!).replace(/<w:body>.*<w:sectPr/s, `<w:body>${body}<w:sectPr`);
  return Buffer.from(zipSync({ ...files, 'word/document.xml': strToU8(xml) }));
}

/** The chunk's translations: `T<n>` for sentence n (sentence 0 is the TM hit, so MT index k is sentence k + 1). */
function chunk(index: number): string[] {
  const first = index * DOC_CHUNK_SENTENCES;
  return Array.from({ length: Math.min(DOC_CHUNK_SENTENCES, SENTENCES - 1 - first) }, (_, k) => `T${first + k + 1}`);
}

const kept = new KeptDocuments();

/** Lays chunk `index` in, as the tasks service forwards it. */
function layInChunk(projectId: string, index: number, translations: string[]): void {
  kept.layInChunk(projectId, index, translations);
}

/** Keeps a freshly opened document whose chunks are expected; answers its project id. */
async function keep(): Promise<string> {
  const bytes = await numberedDocx();
  const document = await docxFormat.open(bytes, { srcLang: 'en-us' });
  const plan = planSentences(document.paragraphs, 'en-us');
  expect(plan.sentences).toHaveLength(SENTENCES);
  const projectId = randomUUID();
  kept.keep(projectId, document, plan, bytes.length);
  // Sentence 0 came from the memory; MT has the others, chunk k holding sentences 64k+1 on.
  const mtIndices = plan.sentences.map((_, i) => i).slice(1);
  kept.startLayIn(projectId, { mode: 0, tgtLang: 'de', mtIndices, chunkSentences: DOC_CHUNK_SENTENCES });
  kept.layIn(projectId, [0], ['From memory.']);
  return projectId;
}

/** The paragraphs of the file the kept document writes when the write itself brings no translation. */
async function writtenWithNothingMore(projectId: string, allLaidIn = false): Promise<string[]> {
  const taken = kept.take(projectId)!;
  expect(taken.allLaidIn).toBe(allLaidIn);
  const output = await taken.document.write(new Map(), { mode: 0, srcLang: 'en-us', tgtLang: 'de' });
  return (await docxFormat.open(output, { srcLang: 'de' })).paragraphs.map((p) => p.text);
}

describe('laying chunks into the kept document', () => {
  it('lays in the TM hits and the paragraphs completed by chunks arriving out of order', async () => {
    const projectId = await keep();
    layInChunk(projectId, 1, chunk(1)); // sentences 65-128 wait for chunk 0
    layInChunk(projectId, 0, chunk(0));
    const texts = await writtenWithNothingMore(projectId);
    expect(texts[0]).toBe('From memory.');
    expect(texts.slice(1, 129)).toEqual(Array.from({ length: 128 }, (_, i) => `T${i + 1}`));
    expect(texts.slice(129, PARAGRAPHS)).toEqual(Array.from({ length: PARAGRAPHS - 129 }, (_, i) => `Sentence number ${i + 129}.`));
  });

  it('says when every paragraph is laid in', async () => {
    const projectId = await keep();
    for (const index of [3, 1, 2, 0]) layInChunk(projectId, index, chunk(index));
    const texts = await writtenWithNothingMore(projectId, true);
    expect(texts).toEqual(['From memory.', ...Array.from({ length: SENTENCES - 1 }, (_, i) => `T${i + 1}`)]);
  });

  it('forgets a document once taken or dropped, and keeps within its memory bound', async () => {
    const projectId = await keep();
    kept.drop(projectId);
    expect(kept.take(projectId)).toBeUndefined();
    const small = new KeptDocuments(1);
    const document = await docxFormat.open(await numberedDocx(), { srcLang: 'en-us' });
    small.keep('too-big', document, planSentences(document.paragraphs, 'en-us'), 10);
    expect(small.size).toBe(0);
  });

  it('lays nothing past a missing chunk', async () => {
    const projectId = await keep();
    layInChunk(projectId, 2, chunk(2));
    layInChunk(projectId, 3, chunk(3));
    const texts = await writtenWithNothingMore(projectId);
    expect(texts[0]).toBe('From memory.');
    expect(texts.slice(1, PARAGRAPHS)).toEqual(Array.from({ length: PARAGRAPHS - 1 }, (_, i) => `Sentence number ${i + 1}.`));
  });
});
