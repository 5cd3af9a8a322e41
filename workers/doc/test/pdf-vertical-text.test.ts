/**
 * Grouping vertical-writing columns (as pdf.js reports them) into blocks: adjacent columns of one
 * size, each left of the one before, read right to left; a wide gap, another size or another
 * height starts a new block; horizontal fonts are not taken.
 */
import { describe, expect, it } from 'vitest';
import { verticalBlocks } from '../src/formats/pdf/vertical-text.js';

const column = (str: string, x: number, top: number, size = 10, fontName = 'v') => ({
  str,
  transform: [size, 0, 0, size, x, top],
  width: size,
  height: [...str].length * size,
  fontName,
});
const styles = { v: { vertical: true }, h: {} };

describe('verticalBlocks', () => {
  it('joins adjacent columns right to left and splits at a wide gap, a new size or a new height', () => {
    const blocks = verticalBlocks(
      [
        column('第一行', 200, 300),
        column('第二行', 185, 300),
        column('离得远', 120, 300), // 5 ems away: a new block
        column('大字', 100, 300, 16), // another size
        column('下面', 60, 120, 16), // far below the previous top
        column('横排', 40, 300, 10, 'h'), // a horizontal font: not vertical text
      ],
      styles,
    );
    expect(blocks.map((b) => [b.text, b.lines.length])).toEqual([
      ['第一行第二行', 2],
      ['离得远', 1],
      ['大字', 1],
      ['下面', 1],
    ]);
    expect(blocks[0]).toMatchObject({ x0: 185, x1: 210, y0: 270, y1: 300, size: 10, vertical: true });
  });
});
