/**
 * Real-world pages from the shared fixtures (LGPL, Okapi's HTML filter tests): read from
 * ../shared only, so the suite skips on a clone without that folder.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { htmlFormat } from '../src/formats/text';
import { langs, translateAll } from './text-test-translator';

const shared = new URL('../../../../shared/fixtures/real/html/', import.meta.url);
const read = (name: string) => readFile(new URL(name, shared));

describe.skipIf(!existsSync(shared))('html format on real pages', () => {
  it.each(['W3CHTMHLTest1.html', 'WorldsWorstWebsite.htm', 'burlington_ufo_center.html', 'msg00058.html', 'ruby.html'])(
    '%s round-trips in every mode',
    async (name) => {
      for (const mode of [0, 1, 2] as const) {
        const doc = await htmlFormat.open(await read(name), { srcLang: 'en' });
        expect(doc.paragraphs.length).toBeGreaterThan(0);
        expect(doc.paragraphs.every((p) => p.text.trim() === p.text && p.text.length > 0)).toBe(true);
        const translations = translateAll(doc);
        const out = (await doc.write(translations, { ...langs, mode })).toString();
        const again = await htmlFormat.open(Buffer.from(out), { srcLang: 'fr' });
        expect(out).toMatch(/<html[^>]* lang="fr"/);
        // Reading the output back finds every translation (and, in mode 0, nothing else).
        const found = new Set(again.paragraphs.map((p) => p.text));
        const texts = again.paragraphs.map((p) => p.text).join('\n');
        for (const t of translations.values()) {
          if (mode === 0) expect(found).toContain(t.target);
          else expect(texts).toContain(t.sentences[0]!.target);
        }
        if (mode === 0) expect(again.paragraphs.length).toBe(doc.paragraphs.length);
      }
    },
  );

  it('decodes windows-1252 and ISO-8859-1 pages by their meta and writes UTF-8 with the meta updated', async () => {
    for (const name of ['withEncoding.html', 'mandrake_fonts.html']) {
      const source = await read(name);
      expect(source.includes(Buffer.from('charset=utf-8'))).toBe(false);
      const doc = await htmlFormat.open(source, { srcLang: 'en' });
      const out = await doc.write(translateAll(doc), { ...langs, mode: 0 });
      const text = new TextDecoder('utf-8', { fatal: true }).decode(out);
      expect(text).toMatch(/charset=utf-8/i);
      expect(parse(text).childNodes.length).toBeGreaterThan(0);
    }
  });
});
