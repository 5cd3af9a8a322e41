import { readFile } from 'node:fs/promises';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { xliffFormat } from '../src/formats/text';
import { langs, translateAll } from './text-test-translator';

const fixture = (name: string) => readFile(new URL(`../fixtures/text/${name}`, import.meta.url));
const parseXml = (buf: Buffer) => new DOMParser().parseFromString(buf.toString(), 'text/xml');

describe('xliff 1.2', () => {
  it('translates sources, skipping translate="no" units and groups', async () => {
    const doc = await xliffFormat.open(await fixture('sample-1.2.xliff'), { srcLang: 'en' });
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['Hello world.', 'Click Save to keep your work.', 'Press OK now.']);
  });

  it('creates or replaces targets, keeps inline codes, sets states and target-language', async () => {
    const doc = await xliffFormat.open(await fixture('sample-1.2.xliff'), { srcLang: 'en' });
    // Modes 1 and 2 are written like 0: XLIFF is bilingual already.
    const out = await doc.write(translateAll(doc), { ...langs, mode: 2 });
    const xml = parseXml(out);
    expect(xml.getElementsByTagName('file')[0]!.getAttribute('target-language')).toBe('fr');
    const targets = Array.from(xml.getElementsByTagName('target'));
    expect(targets).toHaveLength(3);
    expect(targets.map((t) => t.getAttribute('state'))).toEqual(['translated', 'translated', 'translated']);
    const serialized = out.toString();
    expect(serialized).toContain('<target state="translated" xml:lang="fr">«HELLO WORLD.»</target>');
    // The old target is replaced; the first text node takes the translation, g and x are kept.
    expect(serialized).not.toContain('>old<');
    expect(serialized).toContain('>«CLICK SAVE TO KEEP YOUR WORK.»<g id="1"></g><x id="2"/></target>');
    // ph content (native code) is not text to translate and comes back unchanged.
    expect(serialized).toContain('«PRESS OK NOW.»<ph id="3">&lt;b&gt;</ph><ph id="4">&lt;/b&gt;</ph>');
    expect(serialized).toMatch(/<trans-unit id="brand" translate="no">\s*<source>AcmeCloud<\/source>\s*<\/trans-unit>/);
  });

  it('puts the target after seg-source, as the 1.2 schema orders them', async () => {
    const xml = `<xliff version="1.2"><file source-language="en" datatype="x" original="o"><body><trans-unit id="1"><source>Hi.</source><seg-source><mrk mtype="seg" mid="1">Hi.</mrk></seg-source><note>n</note></trans-unit></body></file></xliff>`;
    const doc = await xliffFormat.open(Buffer.from(xml), { srcLang: 'en' });
    const out = (await doc.write(translateAll(doc), { ...langs, mode: 0 })).toString();
    expect(out).toContain('</seg-source><target state="translated" xml:lang="fr">«HI.»</target><note>n</note>');
  });
});

describe('xliff 2.0', () => {
  it('translates segments into targets with pc/ph kept, segment state and trgLang set', async () => {
    const doc = await xliffFormat.open(await fixture('sample-2.0.xlf'), { srcLang: 'en' });
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['Good morning.', 'See the manual for details.', 'Old text.']);
    const out = await doc.write(translateAll(doc), { ...langs, mode: 0 });
    const xml = parseXml(out);
    expect(xml.documentElement!.getAttribute('trgLang')).toBe('fr');
    const segments = Array.from(xml.getElementsByTagName('segment'));
    expect(segments.map((s) => s.getAttribute('state'))).toEqual(['translated', 'translated', null, 'translated']);
    const serialized = out.toString();
    expect(serialized).toContain('<target>«SEE THE MANUAL FOR DETAILS.»<pc id="1"></pc><ph id="2"/></target>');
    expect(serialized).toContain('<target>«OLD TEXT.»</target>');
    expect(serialized).not.toContain('Ancien');
  });

  it('generated files: 2.0 unit translate="no" stays source-only; UTF-16 declaration becomes UTF-8', async () => {
    const units = Array.from({ length: 50 }, (_, i) => `<unit id="u${i}"><segment><source>Line ${i}.</source></segment></unit>`);
    const generated = `<?xml version="1.0" encoding="UTF-16"?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en"><file id="f">${units.join('')}</file></xliff>`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(generated, 'utf16le')]);
    const doc = await xliffFormat.open(utf16, { srcLang: 'en' });
    expect(doc.paragraphs).toHaveLength(50);
    const out = await doc.write(translateAll(doc), { ...langs, mode: 0 });
    expect(out.subarray(3).toString()).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(out.toString()).toContain('<source>Line 49.</source><target>«LINE 49.»</target>');
  });

  it('keeps protected inline text (2.0 mrk translate="no") out of the paragraph and intact', async () => {
    const xml = `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en"><file id="f"><unit id="u"><segment><source>Use <mrk id="m" translate="no">AcmeCloud</mrk> today.</source></segment></unit></file></xliff>`;
    const doc = await xliffFormat.open(Buffer.from(xml), { srcLang: 'en' });
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['Use today.']);
    const out = (await doc.write(translateAll(doc), { ...langs, mode: 0 })).toString();
    expect(out).toContain('<target>«USE TODAY.»<mrk id="m" translate="no">AcmeCloud</mrk></target>');
  });

  it('refuses malformed XML and non-XLIFF roots', async () => {
    await expect(xliffFormat.open(Buffer.from('<xliff><file>'), { srcLang: 'en' })).rejects.toMatchObject({ reason: 'corrupt' });
    await expect(xliffFormat.open(Buffer.from('<tmx version="1.4"/>'), { srcLang: 'en' })).rejects.toMatchObject({
      reason: 'unknown_format',
    });
  });
});
