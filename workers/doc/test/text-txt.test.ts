import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { txtFormat } from '../src/formats/text';
import { DocumentError } from '../src/formats/types';
import { fakeTarget, langs, translateAll } from './text-test-translator';

const fixture = (name: string) => readFile(new URL(`../fixtures/text/${name}`, import.meta.url));

describe('txt format', () => {
  it.each([
    ['zh-gb18030.txt', '机器翻译平台的文档翻译功能。'],
    ['ja-shift_jis.txt', 'これは機械翻訳のテストです。'],
    ['ru-windows-1251.txt', 'Привет, мир! Это проверка перевода.'],
    ['fr-windows-1252.txt', "Le café est prêt. Voilà l'été à Noël."],
    ['en-utf16le.txt', 'Hello UTF-16.'],
    ['en-utf16be.txt', 'Hello UTF-16.'],
  ])('detects the encoding of %s and writes UTF-8', async (name, firstLine) => {
    const doc = await txtFormat.open(await fixture(name), { srcLang: 'auto' });
    expect(doc.paragraphs[0]!.text).toBe(firstLine);
    expect(doc.paragraphs).toHaveLength(2);
    const out = await doc.write(translateAll(doc), { ...langs, mode: 0 });
    // Output is valid UTF-8 holding the translation; a UTF-16 BOM becomes a UTF-8 BOM.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(out);
    expect(text).toContain(fakeTarget(firstLine.split(/(?<=[.!?])\s+/)[0]!));
    expect(out[0] === 0xef).toBe(name.startsWith('en-utf16'));
  });

  it('keeps BOM, CRLF, blank lines and indentation; counts words and chars', async () => {
    const doc = await txtFormat.open(await fixture('en-utf8-bom-crlf.txt'), { srcLang: 'en' });
    expect(doc.paragraphs.map((p) => p.text)).toEqual([
      'First line of text.',
      'Indented second paragraph. It has two sentences.',
      'Third line',
    ]);
    expect(doc.stats).toEqual({ words: 13, chars: 19 + 48 + 10 });
    const out = await doc.write(translateAll(doc), { ...langs, mode: 0 });
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(out.subarray(3).toString()).toBe(
      '«FIRST LINE OF TEXT.»\r\n\r\n  «INDENTED SECOND PARAGRAPH.» «IT HAS TWO SENTENCES.»\r\n«THIRD LINE»\r\n',
    );
  });

  it('writes source then translation (mode 1) and sentence pairs (mode 2)', async () => {
    const input = Buffer.from('One. Two.\n\nThree\n');
    const doc1 = await txtFormat.open(input, { srcLang: 'en' });
    expect((await doc1.write(translateAll(doc1), { ...langs, mode: 1 })).toString()).toBe('One. Two.\n«ONE.» «TWO.»\n\nThree\n«THREE»\n');
    const doc2 = await txtFormat.open(input, { srcLang: 'en' });
    expect((await doc2.write(translateAll(doc2), { ...langs, mode: 2 })).toString()).toBe('One.\n«ONE.»\nTwo.\n«TWO.»\n\nThree\n«THREE»\n');
  });

  it('leaves a line without translation as it was and refuses a blank file', async () => {
    const doc = await txtFormat.open(Buffer.from('keep\nchange'), { srcLang: 'en' });
    const only = new Map([...translateAll(doc)].filter(([id]) => id === doc.paragraphs[1]!.id));
    expect((await doc.write(only, { ...langs, mode: 0 })).toString()).toBe('keep\n«CHANGE»');
    await expect(txtFormat.open(Buffer.from(' \n\n'), { srcLang: 'en' })).rejects.toMatchObject({ reason: 'empty' });
    await expect(txtFormat.open(Buffer.from(''), { srcLang: 'en' })).rejects.toBeInstanceOf(DocumentError);
  });

  it('refuses a 20 MB text file once past the limits, without reading it all', async () => {
    const line = 'The quick brown fox jumps over the lazy dog again and again.\n';
    const big = Buffer.from(line.repeat(Math.ceil((20 * 1024 * 1024) / line.length)));
    const started = performance.now();
    const err = await txtFormat.open(big, { srcLang: 'en' }).catch((e) => e);
    const ms = performance.now() - started;
    expect(err).toBeInstanceOf(DocumentError);
    expect(err).toMatchObject({ reason: 'too_large', message: expect.stringMatching(/words 200\d\d over/) });
    console.log(`20 MB text refused in ${Math.round(ms)} ms`);
    // One endless line is refused as soon as it alone is over the character limit.
    const endless = await txtFormat.open(Buffer.alloc(20 * 1024 * 1024, 'x'), { srcLang: 'en' }).catch((e) => e);
    expect(endless).toMatchObject({ reason: 'too_large', message: expect.stringMatching(/characters \d+ over/) });
  });
});
