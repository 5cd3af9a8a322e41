/**
 * The zip budget of `GuardedZip`, the writer that copies entries as stored, and the removal of
 * external links from OOXML parts before LibreOffice opens them.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  dropExternalLinks,
  GuardedZip,
  OFFICE_ZIP_LIMITS,
  withoutExternalRelationships,
  withoutFetchingFields,
  writeZip,
  ZipRefusedError,
  type ZipLimits,
} from '../src/office/index';

const MiB = 1024 * 1024;
const small: ZipLimits = { maxEntries: 10, maxDeclaredBytes: 8 * MiB, maxEntryBytes: 2 * MiB, maxInflatedBytes: 3 * MiB };

/** Rewrites the uncompressed size of every entry in both headers: a zip that lies. */
function claimSize(zip: Uint8Array, size: number): Buffer {
  const out = Buffer.from(zip);
  for (const [signature, at] of [
    ['PK\x01\x02', 24],
    ['PK\x03\x04', 22],
  ] as const) {
    for (let i = out.indexOf(signature, 0, 'latin1'); i >= 0; i = out.indexOf(signature, i + 4, 'latin1')) out.writeUInt32LE(size, i + at);
  }
  return out;
}

const refusal = (err: unknown) => (err instanceof ZipRefusedError ? err.reason : err);

describe('GuardedZip', () => {
  it('inflates entries on demand and counts every byte against the running budget', async () => {
    // c.xml is random (no ratio to trip), so only the running budget can refuse it.
    const parts = { 'a.xml': new Uint8Array(MiB), 'b.xml': new Uint8Array(MiB), 'c.xml': randomBytes(MiB + 1) };
    const zip = await GuardedZip.open(Buffer.from(zipSync(parts)), small);
    expect(zip.inflatedBytes).toBe(0);
    expect((await zip.inflate(zip.entry('a.xml')!)).length).toBe(MiB);
    expect(zip.inflateSync(zip.entry('b.xml')!).length).toBe(MiB);
    expect(zip.inflatedBytes).toBe(2 * MiB);
    // 1 MiB + 1 left would pass the entry limit but not what is left of the file's budget.
    expect(refusal(await zip.inflate(zip.entry('c.xml')!).catch((e) => e))).toBe('too_large');
    expect(zip.inflatedBytes).toBe(2 * MiB);
  });

  it('stops an entry that inflates past its declared size at that size', async () => {
    const zip = await GuardedZip.open(claimSize(zipSync({ 'bomb.xml': new Uint8Array(20 * MiB) }), 1000), OFFICE_ZIP_LIMITS);
    const err = await zip.inflate(zip.entries[0]!).catch((e) => e);
    expect(err).toMatchObject({ reason: 'too_large', message: expect.stringMatching(/past its declared 1000 bytes/) });
    expect(() => zip.inflateSync(zip.entries[0]!)).toThrow(/past its declared/);
    expect(zip.inflatedBytes).toBe(0);
  });

  it('opens a zip whose directory record disagrees with the bytes after it (a stray byte, a comment cut short)', async () => {
    const zip = Buffer.from(zipSync({ 'a.xml': strToU8('<a/>') }));
    // A byte after a record that declares no comment, as in a real Word 2010 file (POI's stress009.docx).
    const strayByte = Buffer.concat([zip, Buffer.from([0])]);
    // The record's last field, its comment length, says 1 while nothing follows.
    const cutShort = Buffer.from(zip);
    cutShort.writeUInt16LE(1, cutShort.length - 2);
    for (const bytes of [strayByte, cutShort]) {
      const opened = await GuardedZip.open(bytes, small);
      expect(strFromU8(opened.inflateSync(opened.entry('a.xml')!))).toBe('<a/>');
    }
  });

  it('refuses from the directory: too many entries, too much declared, non-zips', async () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}`, strToU8('x')]));
    expect(refusal(await GuardedZip.open(Buffer.from(zipSync(many)), small).catch((e) => e))).toBe('too_large');
    // 64 KB declared as 9 MiB: a plausible ratio, only the declared total can trip.
    const declared = claimSize(zipSync({ 'a.bin': randomBytes(64 * 1024) }), 9 * MiB);
    expect(refusal(await GuardedZip.open(declared, { ...small, maxEntryBytes: 16 * MiB }).catch((e) => e))).toBe('too_large');
    expect(refusal(await GuardedZip.open(Buffer.from('not a zip at all'), small).catch((e) => e))).toBe('corrupt');
  });
});

describe('writeZip', () => {
  it('writes new parts and copies the others as stored', async () => {
    const source = await GuardedZip.open(
      Buffer.from(zipSync({ 'keep.bin': new Uint8Array(MiB), 'doc/中文.xml': strToU8('<old/>') })),
      OFFICE_ZIP_LIMITS,
    );
    const keep = source.entry('keep.bin')!;
    const out = await writeZip([
      { name: 'keep.bin', entry: keep, raw: source.raw(keep) },
      { name: 'doc/中文.xml', data: strToU8('<new/>'), compress: true },
      { name: 'media/a.png', data: strToU8('png'), compress: false },
    ]);
    expect(source.inflatedBytes).toBe(0);
    const back = unzipSync(out);
    expect(Object.keys(back)).toEqual(['keep.bin', 'doc/中文.xml', 'media/a.png']);
    expect(back['keep.bin']!.length).toBe(MiB);
    expect(strFromU8(back['doc/中文.xml']!)).toBe('<new/>');
    const reread = await GuardedZip.open(out, OFFICE_ZIP_LIMITS);
    await reread.inflateAll();
    expect(reread.entry('keep.bin')!.compressedSize).toBe(keep.compressedSize);
  });
});

describe('external links before LibreOffice', () => {
  const rels = (...targets: string[]) =>
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${targets.join('')}</Relationships>`;
  const image =
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://127.0.0.1:9/x.png" TargetMode="External"/>';
  const link =
    '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/" TargetMode="External"/>';
  const styles =
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>';

  it('drops external relationships but hyperlinks and internal parts', () => {
    expect(withoutExternalRelationships(rels(styles, image, link))).toBe(rels(styles, link));
  });

  it('empties the instruction of fields that fetch, split over runs or nested, and of simple fields', () => {
    const run = (t: string) => `<w:r><w:instrText xml:space="preserve">${t}</w:instrText></w:r>`;
    const char = (type: string) => `<w:r><w:fldChar w:fldCharType="${type}"/></w:r>`;
    const field = (...instr: string[]) =>
      `${char('begin')}${instr.map(run).join('')}${char('separate')}<w:r><w:t>shown</w:t></w:r>${char('end')}`;
    const split = field(' INCLUDE', 'PICTURE "http://127.0.0.1:9/x.png" \\d ');
    const page = field(' PAGE ');
    const entity = field(' &#73;NCLUDETEXT "http://127.0.0.1:9/t.docx" ');
    const cleaned = withoutFetchingFields(`<w:p>${split}${page}${entity}</w:p>`);
    expect(cleaned).not.toContain('127.0.0.1');
    expect(cleaned).toContain(' PAGE ');
    expect(cleaned.match(/shown/g)).toHaveLength(3);
    const simple = '<w:fldSimple w:instr=" INCLUDEPICTURE &quot;http://127.0.0.1:9/x.png&quot; "><w:r><w:t>x</w:t></w:r></w:fldSimple>';
    expect(withoutFetchingFields(simple)).toBe('<w:fldSimple w:instr=""><w:r><w:t>x</w:t></w:r></w:fldSimple>');
  });

  it('rewrites a package only where it links out, copying every other entry', async () => {
    const clean = Buffer.from(
      zipSync({ 'word/_rels/document.xml.rels': strToU8(rels(styles)), 'word/document.xml': strToU8('<w:document/>') }),
    );
    expect(await dropExternalLinks(clean)).toBe(clean);
    const linked = Buffer.from(
      zipSync({ 'word/_rels/document.xml.rels': strToU8(rels(styles, image)), 'word/media/a.png': strToU8('png') }),
    );
    const out = unzipSync(await dropExternalLinks(linked));
    expect(strFromU8(out['word/_rels/document.xml.rels']!)).toBe(rels(styles));
    expect(strFromU8(out['word/media/a.png']!)).toBe('png');
  });
});
