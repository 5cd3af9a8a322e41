/**
 * OCR of a picture in each non-Latin language the platform translates: a line of Chinese,
 * Japanese, Korean and Russian drawn with Noto CJK is read back by tesseract with the source
 * language's data (Korean with one uniform block, see tesseract.ts).
 */
import { describe, expect, it } from 'vitest';
import { ocrImage, tesseractLanguage } from '../src/ocr/index';
import { textPicture } from './picture-helpers';

describe('OCR per source language', () => {
  it.each([
    ['zh-cn', '季度销售报告'],
    ['ja', '四半期売上報告'],
    ['ko', '분기별 매출 보고서'],
    ['ru', 'Квартальный отчёт'],
  ])(
    'reads a %s line',
    async (lang, text) => {
      const lines = await ocrImage(textPicture(text), tesseractLanguage(lang));
      const read = lines.map((l) => l.text).join(' ');
      const squeeze = (s: string) => s.replace(/\s+/g, '').replace(/ё/g, 'е');
      expect(squeeze(read)).toBe(squeeze(text));
    },
    30_000,
  );
});
