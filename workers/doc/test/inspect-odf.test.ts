/**
 * OpenDocument uploads at the door: the kind from the `mimetype` entry (on real files: a
 * LibreOffice 1.x .odt from apache/tika, and the .ods/.odp/encrypted .ods LibreOffice made by
 * fixtures/legacy/make-odf.sh), a password-protected package refused as 'encrypted', and zip
 * bombs refused before LibreOffice would inflate them.
 */
import { readFile } from 'node:fs/promises';
import { deflateRawSync, crc32 } from 'node:zlib';
import { writeZip } from '@mtp/platform';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { checkDocumentLimits, checkOdfPackage, inspectDocument, odfMediaType } from '../src/inspect';

const fixture = (name: string) => readFile(new URL(`../fixtures/legacy/${name}`, import.meta.url));

const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { reason?: string }).reason;
  }
  return 'none';
};

/** An ODF package as a streaming writer lays it out: `mimetype` first, stored, then `parts`. */
const odfPackage = (mediaType: string, parts: Parameters<typeof writeZip>[0] = []) =>
  writeZip([
    { name: 'mimetype', data: strToU8(mediaType), compress: false },
    { name: 'META-INF/manifest.xml', data: strToU8('<manifest:manifest xmlns:manifest="urn:x"/>'), compress: true },
    ...parts,
  ]);

describe('inspectDocument: OpenDocument', () => {
  it('knows real .odt, .ods and .odp files by their mimetype entry', async () => {
    const odt = await fixture('testODT-TIKA-6000.odt');
    expect(odfMediaType(odt)).toBe('application/vnd.oasis.opendocument.text');
    expect(inspectDocument('manual.ODT', odt)).toEqual({ format: 'odt', container: 'zip' });
    expect(inspectDocument('sheet.ods', await fixture('49273_zh_styles.ods'))).toEqual({ format: 'ods', container: 'zip' });
    expect(inspectDocument('slides.odp', await fixture('with_japanese.odp'))).toEqual({ format: 'odp', container: 'zip' });
    // A streamed package (the size after the data) is read too.
    expect(inspectDocument('s.odp', await odfPackage('application/vnd.oasis.opendocument.presentation')).format).toBe('odp');
  });

  it('refuses an extension its content contradicts, either way, and other ODF kinds', async () => {
    const odt = await fixture('testODT-TIKA-6000.odt');
    expect(reasonOf(() => inspectDocument('a.ods', odt))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('a.docx', odt))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('a.txt', odt))).toBe('unknown_format');
    const docx = await readFile(new URL('../fixtures/ooxml/comments.docx', import.meta.url));
    expect(reasonOf(() => inspectDocument('a.odt', docx))).toBe('unknown_format');
    // A text template (.ott) is OpenDocument, but not a format we write back.
    const template = await odfPackage('application/vnd.oasis.opendocument.text-template');
    expect(() => inspectDocument('a.odt', template)).toThrow(/another kind \(application\/vnd.oasis.opendocument.text-template\)/);
  });

  it('counts .odt/.odp pages and .ods cells as their OOXML siblings, not words', () => {
    const words = { words: 30_000, chars: 1000 };
    expect(() => checkDocumentLimits('odt', { ...words, pages: 10 }, 1000)).not.toThrow();
    expect(() => checkDocumentLimits('odp', { ...words, pages: 1001 }, 1000)).toThrow(/pages 1001/);
    expect(() => checkDocumentLimits('ods', { ...words, cells: 20_001 }, 1000)).toThrow(/cells 20001/);
  });
});

describe('checkOdfPackage: before LibreOffice sees the file', () => {
  it('refuses a password-protected .ods (as LibreOffice saves one) as encrypted', async () => {
    const encrypted = await fixture('encrypted-pw-password.ods');
    // Its mimetype entry is as readable as any other's: only the manifest tells.
    expect(inspectDocument('secret.ods', encrypted).format).toBe('ods');
    await expect(checkOdfPackage('secret.ods', encrypted)).rejects.toMatchObject({ reason: 'encrypted' });
    await expect(checkOdfPackage('sheet.ods', await fixture('49273_zh_styles.ods'))).resolves.toBeUndefined();
    await expect(checkOdfPackage('manual.odt', await fixture('testODT-TIKA-6000.odt'))).resolves.toBeUndefined();
  });

  it('refuses an entry inflating past the size it declares (under the ratio floor, so only inflating finds it)', async () => {
    const zeros = new Uint8Array(16 * 1024 * 1024);
    const raw = deflateRawSync(zeros);
    const declared = 900 * 1024;
    const lying = {
      name: 'Pictures/fill.bin',
      entry: {
        name: '',
        method: 8,
        crc32: crc32(zeros),
        compressedSize: raw.length,
        declaredSize: declared,
        modified: new Date(),
        dataStart: 0,
      },
      raw,
    };
    const bomb = await odfPackage('application/vnd.oasis.opendocument.text', [lying]);
    expect(inspectDocument('bomb.odt', bomb).format).toBe('odt');
    await expect(checkOdfPackage('bomb.odt', bomb)).rejects.toMatchObject({
      reason: 'too_large',
      message: expect.stringMatching(/Pictures\/fill.bin inflates past its declared 921600 bytes/),
    });
  });

  it('refuses a package over the declared-size ratio at inspection already', async () => {
    const bomb = await odfPackage('application/vnd.oasis.opendocument.text', [
      { name: 'content.xml', data: new Uint8Array(24 * 1024 * 1024), compress: true },
    ]);
    expect(reasonOf(() => inspectDocument('bomb.odt', bomb))).toBe('too_large');
  });
});
