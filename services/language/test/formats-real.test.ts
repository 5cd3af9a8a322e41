import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsv, readTbx, readTmx, writeCsv, writeTbx, writeTmx, type Entry, type LangPair } from '../src/formats';
import { collect, SHARED_REAL, toBuffer } from './formats-helpers';

// GPL/LGPL files (OmegaT, Okapi) are read in place, never copied; this suite runs only where
// the shared fixtures exist, so a fresh clone still passes.
const real = (path: string) => createReadStream(join(SHARED_REAL, path), { highWaterMark: 1024 });

async function tmxRoundTrip(entries: Entry[], pair: LangPair): Promise<Entry[]> {
  return collect(readTmx([await toBuffer(writeTmx(entries, pair))], pair));
}

describe.skipIf(!existsSync(SHARED_REAL))('real-world files from other tools', () => {
  it('LISA compliance kit ImportTest2A: UTF-16 with BOM, inline codes, mixed-case codes', async () => {
    const pair = { srcLang: 'en-US', tgtLang: 'fr-CA' };
    const entries = await collect(readTmx(real('tmx/ImportTest2A.tmx'), pair));
    expect(entries).toHaveLength(7);
    expect(entries[0]).toMatchObject({ source: 'The big black cat sleeps.', target: 'Le gros chat noir dors.' });
    expect(entries[2]?.source).toBe('Nested formatting = Bold+Italic+Underlined, Bold+Italic, Bold.');
    expect(entries.find((e) => e.source.startsWith('Picture:'))?.source).toBe('Picture: ');
    // Source and target in inverted order; <hi> text is kept.
    expect(entries[6]).toMatchObject({ source: 'Some text with a part highlighted.', src_lang: 'en-us' });
    expect(await tmxRoundTrip(entries, pair)).toEqual(entries);
  });

  it('LISA compliance kit ImportTest1L: notes, props and comments', async () => {
    const pair = { srcLang: 'en', tgtLang: 'fr', onMissing: 'skip' } as const;
    const entries = await collect(readTmx(real('tmx/ImportTest1L.tmx'), pair));
    expect(entries.length).toBeGreaterThan(0);
    expect(await tmxRoundTrip(entries, pair)).toEqual(entries);
  });

  it('en-US/en-GB/fr/sr: the exact regional variant wins', async () => {
    const [us] = await collect(readTmx(real('tmx/en-US_en-GB_fr_sr.tmx'), { srcLang: 'en-US', tgtLang: 'fr' }));
    const [gb] = await collect(readTmx(real('tmx/en-US_en-GB_fr_sr.tmx'), { srcLang: 'en-gb', tgtLang: 'sr' }));
    expect(us).toMatchObject({ source: 'XXx', target: 'YYY' });
    expect(gb).toMatchObject({ source: 'XXX', target: 'ZZZ' });
  });

  it('OmegaT project_save: TMX 1.1 with the legacy lang attribute', async () => {
    const entries = await collect(readTmx(real('tmx/project_CN_JP_project_save.tmx'), { srcLang: 'zh', tgtLang: 'ja' }));
    expect(entries).toEqual([{ source: '太平寺中的文笔塔', target: '太平寺の中心的なペン塔', src_lang: 'zh-CN', tgt_lang: 'ja-JP' }]);
  });

  it('several <tuv> per language: the first best match is taken (fr before fr-FR for fr-CA)', async () => {
    const opts = { srcLang: 'en-US', tgtLang: 'fr-CA', onMissing: 'skip' } as const;
    const entries = await collect(readTmx(real('tmx/test-multiple-tuv14.tmx'), opts));
    // The file uses a no-break space before "!".
    expect(entries.map((e) => e.target.replace(/\s/g, ' '))).toEqual(['fr_CA Bonjour le monde !', 'fr 2 Bonjour les mondes.']);
  });

  it('TBX files from OmegaT and Okapi (IBM, Medtronic, SDLX) read and round-trip', async () => {
    const sample = await collect(readTbx(real('termbase/sampleTBXfile.tbx'), { srcLang: 'en', tgtLang: 'hu' }));
    expect(sample).toEqual([
      {
        source: 'alpha smoothing factor',
        target: 'hu translation',
        src_lang: 'en',
        tgt_lang: 'hu',
        note: 'manufacturing\nA value between 0 and 1 used in ...',
      },
    ]);
    const sdl = await collect(readTbx(real('termbase/sdl_tbx.tbx'), { srcLang: 'en', tgtLang: 'de' }));
    expect(sdl.length).toBeGreaterThan(100);
    const pair = { srcLang: 'en', tgtLang: 'de' };
    expect(await collect(readTbx([await toBuffer(writeTbx(sdl, pair))], pair))).toEqual(sdl);
    for (const file of ['ibm_tbx.tbx', 'medtronic_TBX.tbx']) {
      const entries = await collect(readTbx(real(`termbase/${file}`), { srcLang: 'en', tgtLang: 'fr' }));
      expect(entries.length).toBeGreaterThan(0);
    }
  });

  it('OmegaT CSV quoting edge cases read and round-trip', async () => {
    const entries = await collect(readCsv(real('termbase/omegat-csv-quoting-edgecases.csv')));
    expect(entries).toContainEqual({ source: '"kde","q"', target: 'cdk' });
    expect(entries).toContainEqual({ source: 'kde, qu', target: 'comma dot' });
    expect(await collect(readCsv([await toBuffer(writeCsv(entries))]))).toEqual(entries);
  });
});
