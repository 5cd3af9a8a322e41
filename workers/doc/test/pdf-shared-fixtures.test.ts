/**
 * Extra real-world checks on fixtures that are not copied into this package (license or size):
 * they are read from the shared fixtures folder and skipped when it is absent (fresh clone).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pdfFormat } from '../src/formats/pdf/index.js';
import { loadPdf } from '../src/formats/pdf/pdfjs-load.js';
import { qpdfCheck, readBack } from './pdf-helpers.js';

const shared = new URL('../../../../shared/fixtures/real/pdf/', import.meta.url);
const sharedFile = (name: string) => readFile(new URL(name, shared));

describe.skipIf(!existsSync(fileURLToPath(shared)))('pdf on shared real-world fixtures', () => {
  it('OCRs a two-column JBIG2 scan (linn.pdf, GFDL/CC-BY-SA: not copied)', async () => {
    const doc = await pdfFormat.open(await sharedFile('scanned-image-only-2col_linn.pdf'), { srcLang: 'en-us' });
    const text = doc.paragraphs.map((p) => p.text).join('\n');
    expect(text).toContain('LinnSequencer');
    expect(text).toContain('MIDI');
    expect(doc.paragraphs.length).toBeGreaterThan(10);
  }, 60_000);

  it('translates vertical Japanese: upright columns for Chinese, quarter-turned lines for English', async () => {
    const doc = await pdfFormat.open(await sharedFile('vertical.pdf'), { srcLang: 'ja' });
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['あいうえお日本語']);
    const write = (tgtLang: string, target: string) =>
      doc.write(new Map([[doc.paragraphs[0]!.id, { sentences: [], target }]]), { mode: 0, srcLang: 'ja', tgtLang });

    const [chinese] = await readBack(await write('zh-cn', '啊咿呜诶哦日本语'));
    // One upright glyph per item, in reading order; the source is gone.
    expect(chinese!.items).toEqual([...'啊咿呜诶哦日本语']);
    const english = await write('en-us', 'AIUEO Japanese');
    expect((await readBack(english))[0]!.text).toBe('AIUEO Japanese');
    expect(await qpdfCheck(english)).toMatch(/No syntax or stream encoding errors/);
    const pdf = await loadPdf(english);
    const items = (await (await pdf.getPage(1)).getTextContent()).items as { transform: number[] }[];
    // Turned a quarter clockwise: the text runs down the page.
    expect(items.map((item) => [Math.round(item.transform[0]!), Math.sign(item.transform[1]!)])).toEqual(items.map(() => [0, -1]));
    await pdf.destroy();
  });
});
