/**
 * Translating pictures inside a document: a PNG with English text inside a real Word document is
 * OCR'd, its line translated and drawn back (read again by OCR, in Chinese); every part that is
 * not a picture keeps its bytes. (The fixture's other pictures are "python powered" logos, whose
 * text is found and translated too.) A legacy .doc gets the same, through its OOXML sibling.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { convertWithLibreOffice } from '@mtp/platform';
import { legacyFormat, editAsOoxml } from '../src/legacy/index';
import { docxFormat } from '../src/formats/ooxml/index';
import { ocrImage } from '../src/ocr/index';
import { textPicture } from './picture-helpers';
import { redrawPicture, translatePictures, type TranslateTexts } from '../src/pictures/index';

const FIXTURE = new URL('../fixtures/ooxml/having-images.docx', import.meta.url);

describe('pictures inside documents', () => {
  it('translates the text of a picture and leaves everything else as it was', async () => {
    const original = unzipSync(await readFile(FIXTURE));
    const media = Object.keys(original).filter((n) => n.startsWith('word/media/'));
    expect(media.length).toBeGreaterThan(1);
    const target = media[0]!;
    original[target] = new Uint8Array(textPicture('Quarterly sales report'));
    const input = Buffer.from(zipSync(original));

    const asked: string[][] = [];
    const { bytes, report } = await translatePictures(input, 'en-us', async (texts) => {
      asked.push(texts);
      return texts.map(() => '季度销售报告');
    });
    expect(asked).toContainEqual(['Quarterly sales report']);
    expect(report.pictures).toBe(media.length);
    expect(report.translated).toBe(asked.length);

    const output = unzipSync(bytes);
    expect(Object.keys(output)).toEqual(Object.keys(original));
    for (const name of Object.keys(original)) {
      if (!name.startsWith('word/media/')) expect(Buffer.from(output[name]!).equals(Buffer.from(original[name]!)), name).toBe(true);
    }
    const reread = (await ocrImage(output[target]!, 'chi_sim', { psm: 6 })).map((l) => l.text.replace(/\s+/g, '')).join('');
    expect(reread).toContain('销售报告');
    expect((await ocrImage(output[target]!, 'eng')).map((l) => l.text).join(' ')).not.toMatch(/Quarterly/);
  }, 60_000);
});

describe('a picture the decoder cannot read', () => {
  // @napi-rs/canvas before 1.0.7 ended the whole process (SIGSEGV) on a cut-off JPEG: in the
  // single-machine default that was the gateway. Now it is an error the document can survive.
  it('redraws a cut-off JPEG without taking the process down', async () => {
    const jpeg = textPicture('Quarterly sales report', 'jpeg');
    for (const keep of [0.3, 0.5, 0.8]) {
      const cut = jpeg.subarray(0, Math.floor(jpeg.length * keep));
      const box = { left: 10, top: 10, width: 200, height: 40 };
      const outcome = await redrawPicture(Buffer.from(cut), [{ box, text: '季度销售报告' }], 'jpeg').then(
        (bytes) => (bytes.length > 0 ? 'redrawn' : 'empty'),
        () => 'refused',
      );
      expect(['redrawn', 'refused']).toContain(outcome);
    }
  });
});

/**
 * The Word fixture (pictures only) with "Quarterly sales report" as its first picture, and with
 * a paragraph of text before them when asked.
 */
async function docxWithTextPicture(text?: string): Promise<{ bytes: Buffer; picture: string }> {
  const entries = unzipSync(await readFile(FIXTURE));
  const picture = Object.keys(entries).find((n) => n.startsWith('word/media/'))!;
  entries[picture] = new Uint8Array(textPicture('Quarterly sales report'));
  if (text) {
    const body = strFromU8(entries['word/document.xml']!).replace(/<w:body>/, `<w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p>`);
    entries['word/document.xml'] = strToU8(body);
  }
  return { bytes: Buffer.from(zipSync(entries)), picture };
}

const toChinese: TranslateTexts = async (texts) => texts.map((t) => (/Quarterly/.test(t) ? '季度销售报告' : t));
const translateInside = async (ooxml: Buffer) => (await translatePictures(ooxml, 'en-us', toChinese)).bytes;

/** Every picture's text of a .doc, read by OCR after LibreOffice turned it into a docx. */
async function pictureTextsOfDoc(doc: Buffer): Promise<string> {
  const entries = unzipSync(await convertWithLibreOffice(doc, 'doc', 'docx'));
  const texts: string[] = [];
  for (const [name, data] of Object.entries(entries)) {
    if (/^word\/media\/.+\.(png|jpe?g)$/.test(name)) texts.push((await ocrImage(data, 'chi_sim', { psm: 6 })).map((l) => l.text).join(''));
  }
  return texts.join('|').replace(/\s+/g, '');
}

describe('pictures inside legacy documents', () => {
  it('translates the pictures of a .doc in its written OOXML package, before converting back', async () => {
    const doc = await convertWithLibreOffice((await docxWithTextPicture('Sales figures')).bytes, 'docx', 'doc');
    const opened = await legacyFormat(docxFormat, 'doc', 'docx').open(doc, { srcLang: 'en-us' });
    expect(opened.paragraphs.map((p) => p.text)).toEqual(['Sales figures']);
    const seen: Buffer[] = [];
    const written = await opened.write(new Map([[opened.paragraphs[0]!.id, { sentences: [], target: '销售数字' }]]), {
      mode: 0,
      srcLang: 'en-us',
      tgtLang: 'zh-cn',
      finishPackage: async (ooxml) => {
        seen.push(ooxml);
        return translateInside(ooxml);
      },
    });
    // The hook saw the docx (a zip), and the result is a .doc again (a CFB file).
    expect(seen.map((b) => b.subarray(0, 2).toString('latin1'))).toEqual(['PK']);
    expect(written.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    expect(await pictureTextsOfDoc(written)).toContain('销售报告');
  }, 120_000);

  it('translates the pictures of a .doc with no text through a conversion round trip', async () => {
    const doc = await convertWithLibreOffice((await docxWithTextPicture()).bytes, 'docx', 'doc');
    const written = await editAsOoxml('doc', doc, translateInside);
    expect(written.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    expect(await pictureTextsOfDoc(written)).toContain('销售报告');
    // A docx is edited as it is.
    const { bytes, picture } = await docxWithTextPicture();
    const edited = unzipSync(await editAsOoxml('docx', bytes, translateInside));
    expect((await ocrImage(edited[picture]!, 'chi_sim', { psm: 6 })).map((l) => l.text.replace(/\s+/g, '')).join('')).toContain('销售报告');
  }, 120_000);
});
