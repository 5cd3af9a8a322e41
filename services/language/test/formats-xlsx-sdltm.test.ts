import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { FormatError, readSdltm, readSdltmInfo, readTmx, readXlsx, segmentText, writeTmx, writeXlsx, type Entry } from '../src/formats';
import { collect, FIXTURES, toBuffer } from './formats-helpers';

describe('readXlsx / writeXlsx', () => {
  it('reads the Excel 2016 English-Japanese glossary', async () => {
    const entries = await readXlsx(readFileSync(join(FIXTURES, 'Example_Excel_Glossary.xlsx')));
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.every((e) => e.source.length > 0 && e.target.length > 0)).toBe(true);
    expect(entries.some((e) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(e.target))).toBe(true);
  });

  it('round-trips with a header, notes and CJK', async () => {
    const entries: Entry[] = [
      { source: 'translation memory', target: '翻译记忆库', note: 'TM' },
      { source: 'term "base"', target: '术语库' },
    ];
    const bytes = await writeXlsx(entries);
    expect(await readXlsx(bytes)).toEqual(entries);
  });

  it('reads rich text and a sheet without header', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow([{ richText: [{ text: 'big ' }, { text: 'cat', font: { bold: true } }] }, 'gros chat']);
    ws.addRow(['dog', 'chien', 'note']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await readXlsx(bytes)).toEqual([
      { source: 'big cat', target: 'gros chat' },
      { source: 'dog', target: 'chien', note: 'note' },
    ]);
  });

  it('rejects a file that is not a workbook', async () => {
    await expect(readXlsx(Buffer.from('not a zip'))).rejects.toBeInstanceOf(FormatError);
  });
});

describe('readSdltm', () => {
  const bytes = readFileSync(join(FIXTURES, 'tea-party.sdltm'));

  it('reads the Trados Studio tea-party memory', async () => {
    expect(await readSdltmInfo(bytes)).toEqual([{ name: 'tea-party', srcLang: 'en-GB', tgtLang: 'ja-JP' }]);
    const entries = await collect(readSdltm(bytes));
    expect(entries).toHaveLength(9);
    expect(entries[0]).toEqual({ source: 'A Mad Tea-Party', target: 'キチガイお茶会', src_lang: 'en-GB', tgt_lang: 'ja-JP' });
  });

  it('exports to TMX and re-imports to the same entries', async () => {
    const entries = await collect(readSdltm(bytes));
    const tmx = await toBuffer(writeTmx(entries, { srcLang: 'en-GB', tgtLang: 'ja-JP' }));
    expect(await collect(readTmx([tmx], { srcLang: 'en-GB', tgtLang: 'ja-JP' }))).toEqual(entries);
  });

  it('extracts text around tags in a segment', () => {
    const xml = `<Segment><Elements><Text><Value>Press </Value></Text><Tag><Type>Standalone</Type></Tag><Text><Value>OK &amp; go</Value></Text></Elements><CultureName>en-GB</CultureName></Segment>`;
    expect(segmentText(xml)).toBe('Press OK & go');
  });

  it('rejects a file that is not an SDLTM', async () => {
    await expect(collect(readSdltm(Buffer.from('SQLite? no')))).rejects.toBeInstanceOf(FormatError);
  });
});
