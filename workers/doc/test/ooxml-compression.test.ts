/**
 * Outputs are about the size of their input: every part keeps the compression it came with.
 * Storing EMF, WMF, TIFF, WAV and OLE `.bin` parts raw because "media is already compressed"
 * grew testPPT_various2.pptx from 249 KB to 1.8 MB (its oleObject2.bin deflates 1.5 MB to 68 KB).
 */
import { GuardedZip, OFFICE_ZIP_LIMITS, type ZipEntry } from '@mtp/platform';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { docxFormat, pptxFormat } from '../src/formats/ooxml/index.js';
import type { DocumentFormat } from '../src/formats/types.js';
import { entries, fakeTarget, fixture, partXml, translateAllModes } from './ooxml-helpers.js';

const DEFLATED = 8;

async function directory(zip: Buffer): Promise<Map<string, ZipEntry>> {
  const { entries: list } = await GuardedZip.open(zip, OFFICE_ZIP_LIMITS);
  return new Map(list.map((entry) => [entry.name, entry]));
}

/** Every output of the three modes keeps each entry's method and stays near the input's size. */
async function expectCompressionKept(format: DocumentFormat, name: string, mediaPattern: RegExp): Promise<void> {
  const input = await fixture(name);
  const before = await directory(input);
  const media = [...before.values()].filter((entry) => mediaPattern.test(entry.name) && entry.method === DEFLATED);
  expect(media.length, 'deflated EMF/WMF/.bin parts in the fixture').toBeGreaterThan(0);
  const { outputs } = await translateAllModes(format, input);
  for (const [mode, output] of Object.entries(outputs)) {
    const after = await directory(output);
    for (const entry of before.values()) expect(after.get(entry.name)?.method, `${entry.name} (mode ${mode})`).toBe(entry.method);
    // Untouched media is copied as stored: the same compressed bytes.
    for (const entry of media) expect(after.get(entry.name)?.compressedSize, `${entry.name} (mode ${mode})`).toBe(entry.compressedSize);
    expect(output.length / input.length, `output/input size (mode ${mode})`).toBeLessThan(1.3);
  }
}

describe('compression of written packages (real files with EMF, WMF and OLE parts)', () => {
  it('keeps a pptx with deflated EMF, WMF and embedded OLE objects about its size', async () => {
    await expectCompressionKept(pptxFormat, 'testPPT_various2.pptx', /\.(emf|wmf|bin)$/);
  });

  it('keeps a docx with deflated EMF pictures and embedded OLE objects about its size', async () => {
    await expectCompressionKept(docxFormat, 'testWORD_2006ml.docx', /\.(emf|bin)$/);
  });

  it('writes a translated part stored when it came stored', async () => {
    // Some producers store every part; the translated document.xml stays stored, the rest as they were.
    const files = entries(await fixture('testWORD_2006ml.docx'));
    const zippable: Zippable = {};
    for (const [name, data] of Object.entries(files)) zippable[name] = [data, { level: name === 'word/document.xml' ? 0 : 6 }];
    const input = Buffer.from(zipSync(zippable));
    const { outputs, doc } = await translateAllModes(docxFormat, input);
    const after = await directory(outputs[0]);
    expect(after.get('word/document.xml')?.method).toBe(0);
    expect(after.get('word/styles.xml')?.method).toBe(DEFLATED);
    expect(partXml(outputs[0], 'word/document.xml')).toContain(fakeTarget(doc.paragraphs[0]!.text));
    expect(strToU8(partXml(outputs[0], 'word/document.xml')).length).toBe(after.get('word/document.xml')?.compressedSize);
  });
});
