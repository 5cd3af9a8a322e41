/**
 * A translated PDF's CJK font must be one every reader takes, not only pdf.js: poppler (pdftotext,
 * pdftoppm, the viewers built on it) rejected fontkit's CFF subsets for their header ("Embedded
 * font file may be invalid") and drew the translation with a fallback font: empty boxes on a
 * system without a CJK font. Checked here with poppler itself, rendering under a fontconfig that
 * has no font at all, and reading the drawn Chinese back with tesseract.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFormat } from '../src/formats/pdf/index.js';
import { ocrImage } from '../src/ocr/index';
import { fixture, prefixTranslations } from './pdf-helpers.js';

const run = promisify(execFile);

describe('translated PDF with Chinese text, read by poppler', () => {
  let dir: string;
  let pdfPath: string;
  let pdf: Uint8Array;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pdf-poppler-'));
    const doc = await pdfFormat.open(await fixture('TAMReview.pdf'), { srcLang: 'en-us' });
    pdf = await doc.write(prefixTranslations(doc, '用户接受技术模型'), { mode: 0, srcLang: 'en-us', tgtLang: 'zh-cn' });
    pdfPath = path.join(dir, 'zh.pdf');
    await writeFile(pdfPath, pdf);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('embeds CFF fonts whose header is valid (offSize 1-4)', async () => {
    const loaded = await PDFDocument.load(pdf);
    const headers = loaded.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFRawStream && o.dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.asString() === '/CIDFontType0C')
      .map(([, o]) =>
        decodePDFRawStream(o as PDFRawStream)
          .decode()
          .subarray(0, 4),
      );
    expect(headers.length).toBeGreaterThan(0);
    for (const [major, , hdrSize, offSize] of headers) {
      expect(major).toBe(1);
      expect(hdrSize).toBe(4);
      expect(offSize).toBeGreaterThanOrEqual(1);
      expect(offSize).toBeLessThanOrEqual(4);
    }
  });

  it('passes pdffonts and pdftotext without a font error, and the text reads back', async () => {
    const fonts = await run('pdffonts', [pdfPath]);
    expect(fonts.stderr).not.toMatch(/font/i);
    const text = await run('pdftotext', [pdfPath, '-']);
    expect(text.stderr).not.toMatch(/Embedded font file may be invalid/);
    expect(text.stdout).toContain('用户接受技术模型');
  });

  it('draws the Chinese with its embedded font where fontconfig knows no font at all', async () => {
    const conf = path.join(dir, 'fonts.conf');
    await writeFile(conf, '<?xml version="1.0"?>\n<fontconfig><cachedir>' + path.join(dir, 'fc-cache') + '</cachedir></fontconfig>\n');
    const env = { ...process.env, FONTCONFIG_FILE: conf };
    const rendered = await run('pdftoppm', ['-f', '1', '-l', '1', '-r', '150', '-png', pdfPath, path.join(dir, 'page')], { env });
    expect(rendered.stderr).not.toMatch(/Embedded font file may be invalid/);
    // pdftoppm pads the page number to the page count's digits (page-01.png).
    const png = (await readdir(dir)).find((f) => f.startsWith('page-') && f.endsWith('.png'))!;
    const lines = await ocrImage(await readFile(path.join(dir, png)), 'chi_sim', { psm: 3 });
    const read = lines.map((l) => l.text.replace(/\s+/g, '')).join('');
    expect(read).toMatch(/用户接受|接受技术|技术模型/);
  }, 60_000);
});
