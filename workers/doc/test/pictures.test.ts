/**
 * Translating pictures inside a document: a PNG with English text inside a real Word document is
 * OCR'd, its line translated and drawn back (read again by OCR, in Chinese); every part that is
 * not a picture keeps its bytes. (The fixture's other pictures are "python powered" logos, whose
 * text is found and translated too.)
 */
import { createCanvas } from '@napi-rs/canvas';
import { unzipSync, zipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ocrImage } from '../src/ocr/index';
import { translatePictures } from '../src/pictures/index';

const FIXTURE = new URL('../fixtures/ooxml/having-images.docx', import.meta.url);

function textPicture(text: string): Buffer {
  const canvas = createCanvas(640, 120);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 640, 120);
  ctx.fillStyle = '#000000';
  ctx.font = '48px sans-serif';
  ctx.fillText(text, 30, 75);
  return canvas.encodeSync('png');
}

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
