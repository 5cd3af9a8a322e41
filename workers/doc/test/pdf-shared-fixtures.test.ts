/**
 * Extra real-world checks on fixtures that are not copied into this package (license or size):
 * they are read from the shared fixtures folder and skipped when it is absent (fresh clone).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pdfFormat } from '../src/formats/pdf/index.js';
import { DocumentError } from '../src/formats/types.js';

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

  it('leaves vertical Japanese alone: nothing horizontal to translate is refused as empty', async () => {
    const error = await pdfFormat.open(await sharedFile('vertical.pdf'), { srcLang: 'ja' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).reason).toBe('empty');
  });
});
