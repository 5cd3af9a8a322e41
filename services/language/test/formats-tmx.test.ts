import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { FormatError, readTmx, writeTmx, type Entry } from '../src/formats';
import { collect, errorOf, fixture, toBuffer } from './formats-helpers';

const tmx = (body: string): Buffer[] => [
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en"/><body>\n${body}\n</body></tmx>`),
];

async function roundTrip(entries: Entry[], srcLang: string, tgtLang: string): Promise<Entry[]> {
  const bytes = await toBuffer(writeTmx(entries, { srcLang, tgtLang }));
  return collect(readTmx([bytes], { srcLang, tgtLang }));
}

describe('readTmx', () => {
  it('reads the Heartsome XuanZang memory (6 languages, zh-cn) by language prefix', async () => {
    const entries = await collect(readTmx(fixture('XuanZang.tmx'), { srcLang: 'en-US', tgtLang: 'zh-CN' }));
    expect(entries).toHaveLength(51);
    expect(entries[0]).toMatchObject({
      source: "Xuan Zang, Possibly China's Greatest Translator",
      target: '玄奘，中国最伟大的翻译家',
      src_lang: 'en',
      tgt_lang: 'zh-cn',
    });
  });

  it('picks the pair out of a namespaced 7-language unit with a BOM', async () => {
    const [entry] = await collect(readTmx(fixture('multilanguage.tmx'), { srcLang: 'zh', tgtLang: 'ru' }));
    expect(entry).toMatchObject({ source: '你好世界！', target: 'Привет мир!' });
  });

  it('reads the MyMemory TMX 1.1 export with upper-case codes', async () => {
    const entries = await collect(readTmx(fixture('my_memory.tmx'), { srcLang: 'en-gb', tgtLang: 'ru', onMissing: 'skip' }));
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.every((e) => e.src_lang === 'EN-GB' && e.tgt_lang === 'RU-RU')).toBe(true);
  });

  it('prefers the exact regional variant over a looser match', async () => {
    const body = `<tu><tuv xml:lang="en-GB"><seg>colour</seg></tuv><tuv lang="en-US"><seg>color</seg></tuv><tuv xml:lang="fr"><seg>couleur</seg></tuv></tu>`;
    const [entry] = await collect(readTmx(tmx(body), { srcLang: 'en-us', tgtLang: 'fr-FR' }));
    expect(entry).toMatchObject({ source: 'color', target: 'couleur', src_lang: 'en-US' });
  });

  it('keeps the text outside inline codes and the text of <hi>', async () => {
    const body = `<tu><tuv xml:lang="en"><seg>The <bpt i="1">&lt;b></bpt>black<ept i="1">&lt;/b></ept> cat<ph>&lt;br/></ph> <hi type="x">sleeps</hi><it pos="begin">&lt;i></it>.</seg></tuv>
      <tuv xml:lang="fr"><seg>Le chat <ut>{\\b}</ut>noir dort.</seg></tuv></tu>`;
    const [entry] = await collect(readTmx(tmx(body), { srcLang: 'en', tgtLang: 'fr' }));
    expect(entry).toMatchObject({ source: 'The black cat sleeps.', target: 'Le chat noir dort.' });
  });

  it('turns <note> and <prop> into note and attributes', async () => {
    const body = `<tu tuid="1"><note>first</note><prop type="x-client">ACME</prop><tuv xml:lang="en"><prop type="x-src">a</prop><seg>Hi</seg></tuv><tuv xml:lang="de"><note>second</note><seg>Hallo</seg></tuv></tu>`;
    const [entry] = await collect(readTmx(tmx(body), { srcLang: 'en', tgtLang: 'de' }));
    expect(entry).toEqual({
      source: 'Hi',
      target: 'Hallo',
      src_lang: 'en',
      tgt_lang: 'de',
      note: 'first\nsecond',
      attributes: { 'x-client': 'ACME', 'x-src': 'a' },
    });
  });

  it('decodes UTF-16 LE and BE, with and without a BOM', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-16"?><tmx version="1.4"><body><tu><tuv xml:lang="ja"><seg>猫</seg></tuv><tuv xml:lang="en"><seg>cat</seg></tuv></tu></body></tmx>`;
    const le = iconv.encode(xml, 'utf-16le');
    const variants = [Buffer.concat([Buffer.from([0xff, 0xfe]), le]), le, iconv.encode(xml, 'utf-16be', { addBOM: true })];
    for (const bytes of variants) {
      // Odd-sized chunks split UTF-16 code units across chunk boundaries.
      const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 301), bytes.subarray(301)];
      expect(await collect(readTmx(chunks, { srcLang: 'ja-JP', tgtLang: 'en' }))).toEqual([
        { source: '猫', target: 'cat', src_lang: 'ja', tgt_lang: 'en' },
      ]);
    }
  });

  it('decodes a legacy encoding named in the XML declaration', async () => {
    const xml = `<?xml version="1.0" encoding="ISO-8859-1"?><tmx version="1.4"><body><tu><tuv xml:lang="fr"><seg>été</seg></tuv><tuv xml:lang="en"><seg>summer</seg></tuv></tu></body></tmx>`;
    const [entry] = await collect(readTmx([iconv.encode(xml, 'latin1')], { srcLang: 'fr', tgtLang: 'en' }));
    expect(entry?.source).toBe('été');
  });
});

describe('readTmx errors', () => {
  it('names the unit that lacks the requested language', async () => {
    const body = `<tu><tuv xml:lang="en"><seg>a</seg></tuv><tuv xml:lang="zh-CN"><seg>甲</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>b</seg></tuv><tuv xml:lang="de"><seg>B</seg></tuv></tu>`;
    const err = await errorOf(readTmx(tmx(body), { srcLang: 'en', tgtLang: 'zh-cn' }));
    expect(err).toBeInstanceOf(FormatError);
    expect(err).toMatchObject({ format: 'tmx', unit: 2, line: 4 });
    expect((err as Error).message).toMatch(/^TMX unit 2, line 4: no <tuv> for language zh-cn/);
  });

  it('delivers the units before the bad one', async () => {
    const body = `<tu><tuv xml:lang="en"><seg>a</seg></tuv><tuv xml:lang="fr"><seg>A</seg></tuv></tu><tu><tuv xml:lang="en"><seg>b</seg></tuv></tu>`;
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const e of readTmx(tmx(body), { srcLang: 'en', tgtLang: 'fr' })) seen.push(e.source);
      })(),
    ).rejects.toThrow(/^TMX unit 2, line 3: no <tuv> for language fr/);
    expect(seen).toEqual(['a']);
  });

  it('skips such units on request', async () => {
    const body = `<tu><tuv xml:lang="en"><seg>b</seg></tuv><tuv xml:lang="de"><seg>B</seg></tuv></tu>`;
    expect(await collect(readTmx(tmx(body), { srcLang: 'en', tgtLang: 'zh', onMissing: 'skip' }))).toEqual([]);
  });

  it('reports truncated XML with its line', async () => {
    const text = `<?xml version="1.0"?>\n<tmx version="1.4"><body>\n<tu><tuv xml:lang="en"><seg>a</seg></tuv>\n<tuv xml:lang="fr"><seg>b`;
    const err = await errorOf(readTmx([Buffer.from(text)], { srcLang: 'en', tgtLang: 'fr' }));
    expect(err).toBeInstanceOf(FormatError);
    expect(err).toMatchObject({ format: 'tmx', line: 4, unit: 1 });
    expect((err as Error).message).toMatch(/^TMX unit 1, line 4: malformed XML/);
  });

  it('reports a mismatched tag with its line', async () => {
    const text = `<tmx><body>\n<tu>\n<tuv xml:lang="en"><seg>a</tuv>\n</tu></body></tmx>`;
    const err = await errorOf(readTmx([Buffer.from(text)], { srcLang: 'en', tgtLang: 'fr' }));
    expect(err).toMatchObject({ format: 'tmx', line: 3 });
  });
});

describe('writeTmx round trip', () => {
  it('re-imports the XuanZang memory to the same entries', async () => {
    const entries = await collect(readTmx(fixture('XuanZang.tmx'), { srcLang: 'de', tgtLang: 'ko' }));
    expect(await roundTrip(entries, 'de', 'ko')).toEqual(entries);
  });

  it('re-imports the MyMemory memory to the same entries', async () => {
    const opts = { srcLang: 'en-GB', tgtLang: 'ru-RU', onMissing: 'skip' } as const;
    const entries = await collect(readTmx(fixture('my_memory.tmx'), opts));
    expect(await roundTrip(entries, 'en-GB', 'ru-RU')).toEqual(entries);
  });

  it('escapes markup, quotes, CR and keeps whitespace', async () => {
    const entries: Entry[] = [
      {
        source: ' <b>Fish & "chips"</b> ',
        target: '鱼和薯条 &amp;\r\nnext line',
        src_lang: 'en',
        tgt_lang: 'zh-CN',
        note: 'a <note> & "quote"',
        attributes: { 'x-a"b': 'v<1>' },
      },
      { source: 'x', target: '', src_lang: 'en', tgt_lang: 'zh-CN' },
    ];
    expect(await roundTrip(entries, 'en', 'zh-CN')).toEqual(entries);
  });

  it('writes a TMX 1.4 header and streams from an async iterable', async () => {
    async function* gen(): AsyncGenerator<Entry> {
      yield { source: 'a', target: 'b' };
    }
    const text = (await toBuffer(writeTmx(gen(), { srcLang: 'en', tgtLang: 'fr' }))).toString('utf8');
    expect(text).toContain('<tmx version="1.4">');
    expect(text).toContain('srclang="en"');
    expect(text).toContain('<tuv xml:lang="fr"><seg>b</seg></tuv>');
  });
});
