import { describe, expect, it } from 'vitest';
import { parseOperations, removeTextInBoxes } from '../src/formats/pdf/content-stream.js';
import { styleFromBaseFont } from '../src/formats/pdf/fonts.js';

const stream = (text: string) => Buffer.from(text, 'latin1');
const str = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('pdf content stream editing', () => {
  it('tokenizes strings with parentheses, arrays, dicts and inline images', () => {
    const ops = parseOperations(
      stream('/P <</MCID 0>> BDC BT /F1 12 Tf 72 700 Td (a (nested) \\) paren) Tj [(A) -20 (B)] TJ ET EMC BI /W 2 /H 1 ID \x00EI\xff EI Q'),
    );
    expect(ops.map((op) => op.op)).toEqual(['BDC', 'BT', 'Tf', 'Td', 'Tj', 'TJ', 'ET', 'EMC', 'BI', 'ID', 'Q']);
    expect(ops.find((op) => op.op === 'Td')!.operands).toEqual([72, 700]);
    expect(ops.find((op) => op.op === 'Tf')!.name).toBe('F1');
  });

  it('cuts only the shows that start inside a box, tracking cm, Td, TL and T*', () => {
    const src = stream(
      'q 1 0 0 1 100 0 cm BT /F1 10 Tf 14 TL 0 700 Td (keep1) Tj ET Q ' +
        "BT /F1 10 Tf 72 500 Td (gone1) Tj (gone2) Tj T* [(gone3)] TJ (next) ' 0 -100 Td (keep2) Tj ET",
    );
    // Box around x 72, y 458..510: the lines at 500, 486 and 472 are inside, 372 is not; 100,700 is elsewhere.
    const { content, removed } = removeTextInBoxes(src, [{ x0: 70, y0: 458, x1: 300, y1: 510 }]);
    const out = str(content);
    expect(out).toContain('(keep1) Tj');
    expect(out).toContain('(keep2) Tj');
    expect(out).not.toMatch(/gone|next/);
    expect(removed).toEqual([4]);
    // The ' operator also moved to the next line: that move is kept so keep2 stays where it was.
    expect(out).toMatch(/T\*\s+0 -100 Td/);
  });

  it('places a show that starts with spaces at its first visible glyph, as pdf.js reports it', () => {
    // InDesign's form: "  2nd choice" drawn from x 288 (Tf 1 in a 14 pt Tm); pdf.js puts the words at 294.16.
    const src = stream('BT /T1 1 Tf 0 Tc 14 0 0 14 288 215.1 Tm [(  2n)10(d choice)]TJ 14 0 0 14 200 215.1 Tm [(  )-2502( )]TJ ET');
    const box = { x0: 294.16, y0: 211.6, x1: 361.85, y1: 227 };
    expect(removeTextInBoxes(src, [box], { spaceWidth: () => 220 }).removed).toEqual([1]);
    // A font whose space width is unknown keeps the show's own origin (outside the box).
    expect(removeTextInBoxes(src, [box]).removed).toEqual([0]);
  });

  it('reports the form XObjects painted with their CTM', () => {
    const { xobjects } = removeTextInBoxes(stream('q 2 0 0 2 10 20 cm /Fm1 Do Q /Im0 Do'), []);
    expect(xobjects).toEqual([
      { name: 'Fm1', ctm: [2, 0, 0, 2, 10, 20] },
      { name: 'Im0', ctm: [1, 0, 0, 1, 0, 0] },
    ]);
  });

  it('reports the colour and font most of the removed text of a box used', () => {
    const src = stream('BT /F2 10 Tf 0.8 0 0 rg 72 500 Td (Label:) Tj /F1 10 Tf 0 0 1 rg (one) Tj (two) Tj ET 0 g BT (other) Tj ET');
    const { colours, fonts } = removeTextInBoxes(src, [{ x0: 70, y0: 495, x1: 300, y1: 510 }]);
    expect(colours).toEqual([[0, 0, 1]]);
    expect(fonts).toEqual(['F1']);
  });

  it('maps /BaseFont names to the standard font look', () => {
    expect(styleFromBaseFont('ABCDEF+Times-BoldItalic')).toEqual({ bold: true, italic: true, serif: true, mono: false });
    expect(styleFromBaseFont('Helvetica')).toEqual({ bold: false, italic: false, serif: false, mono: false });
    expect(styleFromBaseFont('NotoSansCJKsc-Regular').serif).toBe(false);
    expect(styleFromBaseFont('CourierNewPS-BoldMT')).toMatchObject({ bold: true, mono: true });
  });
});
