import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { fitText } from '../src/formats/pdf/fit-text.js';

describe('pdf fit text', async () => {
  const doc = await PDFDocument.create();
  const helvetica = doc.embedStandardFont(StandardFonts.Helvetica);
  const widest = (lines: string[], size: number) => Math.max(...lines.map((l) => helvetica.widthOfTextAtSize(l, size)));

  it('keeps the source size when the text fits and wraps at spaces', () => {
    const fitted = fitText('one two three four', helvetica, 60, 40, 10);
    expect(fitted.size).toBe(10);
    expect(fitted.lines.length).toBeGreaterThan(1);
    expect(fitted.lines.join(' ')).toBe('one two three four');
    expect(widest(fitted.lines, fitted.size)).toBeLessThanOrEqual(60);
  });

  it('shrinks until the lines fit the box height', () => {
    const text = 'a translation that is much longer than the source it replaces '.repeat(3).trim();
    const fitted = fitText(text, helvetica, 120, 24, 12);
    expect(fitted.size).toBeLessThan(12);
    expect((fitted.lines.length - 1) * fitted.lineHeight + 1.1 * fitted.size).toBeLessThanOrEqual(24.5);
    expect(widest(fitted.lines, fitted.size)).toBeLessThanOrEqual(120);
  });

  it('breaks a token wider than the box between characters', () => {
    const url = 'http://sprouts.aisnet.org/9-37/a/very/long/path/that/cannot/fit';
    const fitted = fitText(url, helvetica, 80, 200, 10);
    expect(fitted.lines.join('')).toBe(url);
    expect(widest(fitted.lines, fitted.size)).toBeLessThanOrEqual(80);
  });

  it('honours hard line breaks (mode 2 source/translation pairs)', () => {
    expect(fitText('source\ntarget', helvetica, 200, 100, 10).lines).toEqual(['source', 'target']);
  });
});
