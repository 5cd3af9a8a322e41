/**
 * Pictures inside a text PDF (`translatePicture`): a PNG and a JPEG with English text are OCR'd,
 * translated and replaced on the translated pages (read back by OCR in Chinese); a picture used
 * on two pages is translated once; in bilingual mode the source page keeps its original picture.
 */
import type { PDFRef, PDFRawStream } from 'pdf-lib';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDict,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfFormat } from '../src/formats/pdf/index.js';
import { decodeImage } from '../src/formats/pdf/pdf-pictures.js';
import type { OutputMode, PictureTranslator } from '../src/formats/types.js';
import { ocrImage } from '../src/ocr/index.js';
import { translatePicture } from '../src/pictures/index.js';
import { textPicture } from './picture-helpers.js';

const CHINESE: Record<string, string> = { 'Quarterly sales report': '季度销售报告', 'Monthly costs': '每月费用' };

/** Two pages of text; page 1 shows a PNG and a JPEG, page 2 the same PNG again. */
async function pdfWithPictures(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const png = await doc.embedPng(textPicture('Quarterly sales report'));
  const jpeg = await doc.embedJpg(textPicture('Monthly costs', 'jpeg'));
  for (const [index, pictures] of [[png, jpeg], [png]].entries()) {
    const page = doc.addPage([600, 800]);
    page.drawText(`Annual report, part ${index + 1}`, { x: 50, y: 740, size: 18, font });
    pictures.forEach((picture, i) => page.drawImage(picture, { x: 50, y: 500 - i * 200, width: 480, height: 90 }));
  }
  return Buffer.from(await doc.save());
}

/** The OCR'd text of every picture a page paints, in resource order. */
async function pictureTexts(pdf: Buffer, pageIndex: number, lang: string): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const xobjects = doc.getPages()[pageIndex]!.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
  const texts: string[] = [];
  for (const [, ref] of xobjects.entries()) {
    const decoded = decodeImage(doc.context.lookup(ref as PDFRef) as PDFRawStream)!;
    texts.push((await ocrImage(decoded.bytes, lang, { psm: 6 })).map((l) => l.text.replace(/\s+/g, lang === 'eng' ? ' ' : '')).join(''));
  }
  return texts;
}

/** One page of text that draws a form XObject, which draws the picture. */
async function pdfWithPictureInForm(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const png = await doc.embedPng(textPicture('Quarterly sales report'));
  const form = doc.context.register(
    doc.context.stream('q 480 0 0 90 0 0 cm /Im1 Do Q', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 480, 90],
      Resources: { XObject: { Im1: png.ref } },
    }),
  );
  const page = doc.addPage([600, 800]);
  page.drawText('Annual report, part 1', { x: 50, y: 740, size: 18, font });
  const name = page.node.newXObject('Fm', form);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(1, 0, 0, 1, 50, 500), drawObject(name), popGraphicsState());
  return Buffer.from(await doc.save());
}

async function write(mode: OutputMode, pdf?: Buffer) {
  const opened = await pdfFormat.open(pdf ?? (await pdfWithPictures()), { srcLang: 'en-us' });
  const asked: string[] = [];
  const translate: PictureTranslator = async (image, format) =>
    (
      await translatePicture(image, format, 'en-us', async (texts) => {
        asked.push(...texts);
        return texts.map((t) => CHINESE[t] ?? t);
      })
    )?.bytes ?? null;
  const translations = new Map(opened.paragraphs.map((p) => [p.id, { sentences: [], target: `年度报告 ${p.text.slice(-1)}` }]));
  const output = await opened.write(translations, { mode, srcLang: 'en-us', tgtLang: 'zh-cn', translatePicture: translate });
  return { output, asked };
}

describe('pictures inside PDFs', () => {
  it('replaces each picture with its translation on the page, translating a shared one once', async () => {
    const { output, asked } = await write(0);
    expect(asked.sort()).toEqual(['Monthly costs', 'Quarterly sales report']);
    expect((await PDFDocument.load(output)).getPageCount()).toBe(2);
    const [first, second] = [await pictureTexts(output, 0, 'chi_sim'), await pictureTexts(output, 1, 'chi_sim')];
    expect(first.join('|')).toMatch(/销售报告.*\|.*费用|费用.*\|.*销售报告/);
    expect(second.join('')).toContain('销售报告');
  }, 120_000);

  it('reaches a picture drawn through a form XObject, giving the page its own copy of the form', async () => {
    const original = await pdfWithPictureInForm();
    const { output, asked } = await write(0, original);
    expect(asked).toEqual(['Quarterly sales report']);
    const doc = await PDFDocument.load(output);
    const xobjects = doc.getPages()[0]!.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const formRef = [...xobjects.entries()][0]![1] as PDFRef;
    const form = doc.context.lookup(formRef) as PDFRawStream;
    const inner = form.dict.lookup(PDFName.of('Resources'), PDFDict).lookup(PDFName.of('XObject'), PDFDict);
    const imageRef = [...inner.entries()][0]![1] as PDFRef;
    const decoded = decodeImage(doc.context.lookup(imageRef) as PDFRawStream)!;
    const text = (await ocrImage(decoded.bytes, 'chi_sim', { psm: 6 })).map((l) => l.text.replace(/\s+/g, '')).join('');
    expect(text).toContain('销售报告');
  }, 120_000);

  it('keeps the original pictures on the source pages of a bilingual copy', async () => {
    const { output } = await write(1);
    expect((await PDFDocument.load(output)).getPageCount()).toBe(4);
    expect((await pictureTexts(output, 0, 'eng')).join('|')).toMatch(/Quarterly sales report/);
    expect((await pictureTexts(output, 1, 'chi_sim')).join('')).toContain('销售报告');
    expect((await pictureTexts(output, 2, 'eng')).join('')).toMatch(/Quarterly sales report/);
    expect((await pictureTexts(output, 3, 'chi_sim')).join('')).toContain('销售报告');
  }, 120_000);
});
