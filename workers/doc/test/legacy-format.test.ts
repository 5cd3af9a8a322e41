/**
 * Legacy formats through real LibreOffice (the conversion tests skip when soffice is absent).
 * The inner format here is a minimal docx reader/writer written for the test (paragraphs are
 * `w:p` with their `w:t` text), so the legacy wrapper is tested on its own.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { DOMParser, XMLSerializer, type Element } from '@xmldom/xmldom';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { legacyFormat } from '../src/legacy';
import type { DocumentFormat } from '../src/formats/types';
import { langs, translateAll } from './text-test-translator';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const fixture = (name: string) => readFile(new URL(`../fixtures/legacy/${name}`, import.meta.url));
const hasSoffice = (() => {
  try {
    execFileSync('which', ['soffice'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const miniDocx: DocumentFormat = {
  extensions: ['docx'],
  async open(input) {
    const files = unzipSync(input);
    const doc = new DOMParser().parseFromString(strFromU8(files['word/document.xml']!), 'text/xml');
    const paras = Array.from(doc.getElementsByTagNameNS(W, 'p'));
    const runs = (p: Element) => Array.from(p.getElementsByTagNameNS(W, 't'));
    const paragraphs = paras
      .map((p, i) => ({
        id: `p${i}`,
        text: runs(p)
          .map((t) => t.textContent ?? '')
          .join('')
          .trim(),
      }))
      .filter((p) => p.text);
    return {
      paragraphs,
      stats: { words: paragraphs.length, chars: 0 },
      async write(translations) {
        paras.forEach((p, i) => {
          const t = translations.get(`p${i}`);
          if (!t) return;
          runs(p).forEach((run, j) => (run.textContent = j === 0 ? t.target : ''));
        });
        files['word/document.xml'] = strToU8(new XMLSerializer().serializeToString(doc));
        return Buffer.from(zipSync(files));
      },
    };
  },
};

const legacyDoc = legacyFormat(miniDocx, 'doc', 'docx');

describe('legacyFormat', () => {
  it('refuses encrypted legacy files before converting anything', async () => {
    const neverConvert = async () => {
      throw new Error('must not convert');
    };
    const xls = legacyFormat(miniDocx, 'xls', 'xlsx', { convert: neverConvert });
    const ppt = legacyFormat(miniDocx, 'ppt', 'pptx', { convert: neverConvert });
    await expect(xls.open(await fixture('encrypted_password.xls'), { srcLang: 'en' })).rejects.toMatchObject({ reason: 'encrypted' });
    await expect(ppt.open(await fixture('encrypted-pw-hello_Password_Protected-hello.ppt'), { srcLang: 'en' })).rejects.toMatchObject({
      reason: 'encrypted',
    });
    // A .doc format given an .xls file is refused too.
    await expect(legacyDoc.open(await fixture('chinese-provinces.xls'), { srcLang: 'en' })).rejects.toMatchObject({
      reason: 'unknown_format',
    });
  });

  it.runIf(hasSoffice)(
    'converts .doc -> docx, translates, writes back a .doc that holds the translation',
    async () => {
      const doc = await legacyDoc.open(await fixture('SampleDoc.doc'), { srcLang: 'en' });
      expect(doc.paragraphs.length).toBeGreaterThan(0);
      const out = await doc.write(translateAll(doc), { ...langs, mode: 0 });
      expect(out.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
      const reopened = await legacyDoc.open(out, { srcLang: 'fr' });
      const expected = translateAll(doc);
      expect(reopened.paragraphs.map((p) => p.text)).toEqual(doc.paragraphs.map((p) => expected.get(p.id)!.target));
    },
    60_000,
  );
});
