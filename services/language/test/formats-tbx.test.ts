import { describe, expect, it } from 'vitest';
import { FormatError, readTbx, writeTbx, type Entry } from '../src/formats';
import { collect, errorOf, toBuffer } from './formats-helpers';

const SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">
<martif type="TBX" xml:lang="en"><martifHeader/><text><body>
  <termEntry id="1">
    <descrip type="subjectField">manufacturing</descrip>
    <langSet xml:lang="en-US"><tig><term>alpha smoothing factor</term><termNote type="partOfSpeech">noun</termNote></tig></langSet>
    <langSet xml:lang="de"><ntig><termGrp><term>Glättungsfaktor</term></termGrp><descrip type="context">im Modell</descrip></ntig>
      <ntig><termGrp><term>Alpha-Faktor</term></termGrp></ntig></langSet>
  </termEntry>
  <termEntry id="2"><langSet xml:lang="en"><tig><term>only English</term></tig></langSet></termEntry>
</body></text></martif>`;

describe('readTbx', () => {
  it('reads tig and ntig terms with descrip notes, skipping monolingual concepts', async () => {
    const entries = await collect(readTbx([Buffer.from(SAMPLE)], { srcLang: 'en', tgtLang: 'de-DE' }));
    expect(entries).toEqual([
      {
        source: 'alpha smoothing factor',
        target: 'Glättungsfaktor',
        src_lang: 'en-US',
        tgt_lang: 'de',
        note: 'manufacturing\nim Modell',
      },
    ]);
  });

  it('reads TBX 3 conceptEntry/langSec/termSec', async () => {
    const xml = `<tbx xmlns="urn:iso:std:iso:30042:ed-2" type="TBX-Basic"><text><body><conceptEntry id="c1">
      <langSec xml:lang="fr"><termSec><term>chat</term></termSec></langSec>
      <langSec xml:lang="en"><termSec><term>cat</term></termSec></langSec></conceptEntry></body></text></tbx>`;
    expect(await collect(readTbx([Buffer.from(xml)], { srcLang: 'en', tgtLang: 'fr' }))).toEqual([
      { source: 'cat', target: 'chat', src_lang: 'en', tgt_lang: 'fr' },
    ]);
  });

  it('names the concept without the language when asked to fail', async () => {
    const err = await errorOf(readTbx([Buffer.from(SAMPLE)], { srcLang: 'en', tgtLang: 'de', onMissing: 'error' }));
    expect(err).toBeInstanceOf(FormatError);
    expect((err as Error).message).toMatch(/^TBX unit 2, line 10: no term for language de/);
  });

  it('reports malformed XML with its line', async () => {
    const truncated = SAMPLE.split('\n').slice(0, 6).join('\n');
    const err = await errorOf(readTbx([Buffer.from(truncated)], { srcLang: 'en', tgtLang: 'de' }));
    expect(err).toMatchObject({ format: 'tbx', line: 6 });
  });
});

describe('writeTbx round trip', () => {
  it('re-imports to the same entries', async () => {
    const entries: Entry[] = [
      { source: 'cat & dog', target: '猫和狗', src_lang: 'en', tgt_lang: 'zh-CN', note: 'pets <2>' },
      { source: 'tree', target: '树', src_lang: 'en', tgt_lang: 'zh-CN' },
    ];
    const bytes = await toBuffer(writeTbx(entries, { srcLang: 'en', tgtLang: 'zh-CN' }));
    expect(bytes.toString('utf8')).toContain('<martif type="TBX"');
    expect(await collect(readTbx([bytes], { srcLang: 'en', tgtLang: 'zh-CN' }))).toEqual(entries);
  });
});
