/**
 * The opened-document cache lays each chunk's translations into the kept document as the chunk
 * comes back: paragraphs in order, as soon as all their sentences are in (TM hits from the start),
 * whatever order the chunks arrive in; the write at assembly then has only the rest to do.
 */
import { docxFormat, planSentences } from '@mtp/doc-worker';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DOC_CHUNK_SENTENCES } from '../src/documents/doc-keys';
import { expectChunks, keepOpened, layInChunk, takeOpened } from '../src/documents/opened-cache';

const PARAGRAPHS = 200; // one sentence each, then the fixture's two comments: chunks of 64, 64, 64 and 9 after one TM hit
const SENTENCES = PARAGRAPHS + 2;

/** A real Word file (from the doc worker's fixtures) whose body is `PARAGRAPHS` numbered paragraphs. */
async function numberedDocx(): Promise<Buffer> {
  const original = await readFile(new URL('../../../workers/doc/fixtures/ooxml/comments.docx', import.meta.url));
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

/** Keeps a freshly opened document whose chunks are expected; answers its project id. */
async function keep(): Promise<string> {
  const bytes = await numberedDocx();
  const document = await docxFormat.open(bytes, { srcLang: 'en-us' });
  const plan = planSentences(document.paragraphs, 'en-us');
  expect(plan.sentences).toHaveLength(SENTENCES);
  const projectId = randomUUID();
  keepOpened(projectId, document, plan, bytes.length);
  const mtIndices = plan.sentences.map((_, i) => i).slice(1);
  expectChunks(projectId, { mode: 0, tgtLang: 'de', mtIndices, tmHits: { 0: 'From memory.' } });
  return projectId;
}

/** The paragraphs of the file the kept document writes when the write itself brings no translation. */
async function writtenWithNothingMore(projectId: string, allLaidIn = false): Promise<string[]> {
  const kept = takeOpened(projectId)!;
  expect(kept.allLaidIn).toBe(allLaidIn);
  const output = await kept.document.write(new Map(), { mode: 0, srcLang: 'en-us', tgtLang: 'de' });
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

  it('lays nothing past a missing chunk', async () => {
    const projectId = await keep();
    layInChunk(projectId, 2, chunk(2));
    layInChunk(projectId, 3, chunk(3));
    const texts = await writtenWithNothingMore(projectId);
    expect(texts[0]).toBe('From memory.');
    expect(texts.slice(1, PARAGRAPHS)).toEqual(Array.from({ length: PARAGRAPHS - 1 }, (_, i) => `Sentence number ${i + 1}.`));
  });
});
