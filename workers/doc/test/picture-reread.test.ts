/**
 * The translated picture, OCR'd again, contains the translation (issue 22, "Done when"), at the
 * worker: a picture of English text goes through picture translation's two worker steps
 * (`readPicture`: re-encode and OCR; `redrawPicture`: erase and draw), with a fixed Chinese
 * translation given for each line; the result, read by OCR in Chinese, holds the translation
 * (character error rate at most 10%) and, read in English, none of the source words.
 */
import { describe, expect, it } from 'vitest';
import { ocrImage } from '../src/ocr/index';
import { readPicture } from '../src/picture-translate/read-picture';
import { redrawPicture } from '../src/pictures/index';
import { characterErrorRate, paragraphPicture } from './ocr-measure';

const SOURCE = ['Machine translation turns text', 'from one language into another.', 'The quarterly report is ready.'];
const CHINESE = ['机器翻译把文字', '从一种语言转换成另一种语言。', '季度报告已经准备好了。'];

describe('a translated picture read again', () => {
  it('holds the translation and none of the source words', async () => {
    const read = await readPicture(paragraphPicture(SOURCE), 'en-us', 4096);
    expect(read.outcome).toBe('ok');
    expect(read.lines.map((l) => l.text)).toEqual(SOURCE);
    const drawn = await redrawPicture(
      read.png!,
      read.lines.map((l, i) => ({ ...l, text: CHINESE[i]! })),
      'png',
    );
    // Read as a block of text: the layout is known, the reading is what is checked.
    const [chinese, english] = await Promise.all([ocrImage(drawn, 'chi_sim', { psm: 6 }), ocrImage(drawn, 'eng', { psm: 6 })]);
    const cer = characterErrorRate(CHINESE.join(''), chinese.map((l) => l.text).join(''));
    console.log(`translated picture read again: CER ${(cer * 100).toFixed(1)}% (${chinese.map((l) => l.text).join(' | ')})`);
    expect(cer).toBeLessThanOrEqual(0.1);
    expect(english.map((l) => l.text).join(' ')).not.toMatch(/Machine|translation|language|quarterly|report/i);
  }, 120_000);
});
