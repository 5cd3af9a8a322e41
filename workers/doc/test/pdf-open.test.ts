import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { pdfFormat } from '../src/formats/pdf/index.js';
import { DocumentError } from '../src/formats/types.js';
import { fixture } from './pdf-helpers.js';

describe('pdf open', () => {
  it('reads TAMReview: 23 pages, page 1 paragraphs in reading order, unreadable fonts skipped', async () => {
    const doc = await pdfFormat.open(await fixture('TAMReview.pdf'), { srcLang: 'en-us' });
    expect(doc.stats.pages).toBe(23);
    const page1 = doc.paragraphs.filter((p) => p.id.startsWith('p1-')).map((p) => p.text);
    // The running title and the ISSN at the right margin: a 43 pt space run lies between them.
    expect(page1.slice(0, 2)).toEqual(['Working Papers on Information Systems', 'ISSN 1535-6078']);
    expect(page1[2]).toBe('Overview of the Technology Acceptance Model: Origins, Developments and Future Directions');
    expect(page1[3]).toBe('Mohammad Chuttur Indiana University, USA');
    // The abstract's 13 lines are one paragraph, joined with spaces.
    expect(page1[4]).toMatch(/^Abstract User acceptance of technology .* over two decades now\. .* for the IS community\.$/);
    expect(page1[5]).toMatch(/^Keywords: /);
    // Pages 2+ mostly use subset fonts without ToUnicode: their garbage never reaches translation.
    // eslint-disable-next-line no-control-regex -- asserting no control characters survive
    for (const p of doc.paragraphs) expect(p.text).not.toMatch(/[\u0000-\u001f]/);
    expect(doc.paragraphs.some((p) => p.id.startsWith('p6-') && p.text.includes('perceived usefulness'))).toBe(true);
    expect(doc.stats.words).toBeGreaterThan(500);
    expect(doc.stats.chars).toBe(doc.paragraphs.reduce((n, p) => n + [...p.text].length, 0));
  });

  it('decodes Chinese through the GBK-EUC-H CMap (issue3521)', async () => {
    const doc = await pdfFormat.open(await fixture('issue3521.pdf'), { srcLang: 'zh-cn' });
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['我们都是黑体字']);
    expect(doc.stats).toEqual({ pages: 1, words: 7, chars: 7 });
  });

  it('decodes Shift-JIS Japanese with a non-embedded font (noembed-sjis)', async () => {
    const doc = await pdfFormat.open(await fixture('noembed-sjis.pdf'), { srcLang: 'ja' });
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['あいうえお']);
  });

  it('refuses an encrypted PDF as encrypted', async () => {
    const error = await pdfFormat.open(await fixture('encrypted-pw-ELXRTQWS_issue3371.pdf'), { srcLang: 'en' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).reason).toBe('encrypted');
  });

  it('refuses a PDF encrypted with an empty user password (owner password only) as encrypted', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pdf-enc-'));
    const [plain, locked] = [path.join(dir, 'plain.pdf'), path.join(dir, 'locked.pdf')];
    await writeFile(plain, await fixture('issue3521.pdf'));
    await promisify(execFile)('qpdf', ['--encrypt', '', 'owner-secret', '256', '--', plain, locked]);
    const error = await pdfFormat.open(await readFile(locked), { srcLang: 'zh-cn' }).catch((e: unknown) => e);
    expect((error as DocumentError).reason).toBe('encrypted');
  });

  it('refuses garbage and a truncated file as corrupt', async () => {
    const garbage = await pdfFormat.open(Buffer.from('%PDF-1.4\nthis is not a pdf'), { srcLang: 'en' }).catch((e: unknown) => e);
    expect((garbage as DocumentError).reason).toBe('corrupt');
    const notPdf = await pdfFormat.open(Buffer.from('hello world'), { srcLang: 'en' }).catch((e: unknown) => e);
    expect((notPdf as DocumentError).reason).toBe('corrupt');
  });
});
