/**
 * Loading pdf.js must not leave the process with its polyfilled built-ins: on Node 20 the legacy
 * build replaces Array.prototype.push and JSON.stringify with slower JavaScript versions, which
 * native-builtins.ts puts back right after the import. pdf.js still works afterwards.
 */
import { describe, expect, it } from 'vitest';
import { loadPdf, RESTORED_BUILTINS } from '../src/formats/pdf/pdfjs-load.js';
import { fixture } from './pdf-helpers.js';

const isNative = (fn: unknown) => typeof fn === 'function' && /\{\s*\[native code\]\s*\}$/.test(Function.prototype.toString.call(fn));

describe('pdf.js and the built-ins', () => {
  it('leaves push, JSON.stringify and JSON.parse native, and still reads a PDF', async () => {
    expect(RESTORED_BUILTINS).toEqual(expect.arrayContaining(['Array.prototype.push', 'JSON.stringify']));
    for (const fn of [Array.prototype.push, JSON.stringify, JSON.parse, Array.prototype.map, Object.keys]) expect(isNative(fn)).toBe(true);
    // What pdf.js added (missing on Node 20) is kept.
    expect(typeof Promise.withResolvers).toBe('function');
    const pdf = await loadPdf(await fixture('TAMReview.pdf'));
    const text = await (await pdf.getPage(1)).getTextContent();
    expect(text.items.length).toBeGreaterThan(10);
    await pdf.destroy();
  });
});
