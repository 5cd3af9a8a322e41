/**
 * Vertical text (issue 22 item 1): Chinese and Japanese written in columns, top to bottom and
 * right to left, drawn here with Noto CJK. Picture translation reads them with the `_vert` data
 * and marks the lines vertical; a CJK translation is drawn down the column, any other turned a
 * quarter clockwise. Each drawing is read back by OCR.
 */
import { describe, expect, it } from 'vitest';
import { ocrImage, turnPicture } from '../src/ocr/index';
import { readPicture, type ReadPicture } from '../src/picture-translate/read-picture';
import { redrawPicture } from '../src/pictures/index';
import { characterErrorRate, verticalPicture } from './ocr-measure';

const ZH = ['机器翻译把一种语言', '的文字转换成另一种', '语言。'];
const JA = ['機械翻訳はある言語の', '文章を別の言語に変換', 'します。'];

function expectColumns(read: ReadPicture, columns: string[]): void {
  const cer = characterErrorRate(columns.join(''), read.lines.map((l) => l.text).join(''));
  console.log(`vertical ${columns[0]}: CER ${(cer * 100).toFixed(1)}%, read ${read.lines.map((l) => l.text).join(' | ')}`);
  // Columns read less surely than lines (Chinese: 1 of 21 characters misread, 4.8%): at most 10%.
  expect(cer).toBeLessThanOrEqual(0.1);
  expect(read.lines.map((l) => l.vertical)).toEqual(columns.map(() => true));
  // The first column is the rightmost; each box is a column (taller than wide).
  const lefts = read.lines.map((l) => l.box.left);
  expect(lefts).toEqual([...lefts].sort((a, b) => b - a));
  for (const { box } of read.lines) expect(box.height).toBeGreaterThan(box.width * 2);
}

describe('vertical text', () => {
  it('reads Chinese and Japanese columns as vertical lines and draws their translations in the columns', async () => {
    const [zh, ja] = await Promise.all([readPicture(verticalPicture(ZH), 'zh-cn', 4096), readPicture(verticalPicture(JA), 'ja', 4096)]);
    expectColumns(zh, ZH);
    expectColumns(ja, JA);

    // Japanese into Chinese (site 16's pair): down the columns, read back with the vertical data.
    const down = await redrawPicture(
      ja.png!,
      ja.lines.map((l, i) => ({ ...l, text: ZH[i]! })),
      'png',
    );
    // Chinese into English: turned a quarter; turned back, the English reads across.
    const turned = await redrawPicture(zh.png!, [{ ...zh.lines[0]!, text: 'Machine translation' }], 'png');
    const upright = await turnPicture(turned, 270);
    const [chinese, english] = await Promise.all([ocrImage(down, 'chi_sim_vert', { psm: 3 }), ocrImage(upright.png, 'eng', { psm: 6 })]);
    expect(characterErrorRate(ZH.join(''), chinese.map((l) => l.text).join(''))).toBeLessThanOrEqual(0.1);
    expect(english.map((l) => l.text).join(' ')).toContain('Machine translation');
  }, 120_000);
});
