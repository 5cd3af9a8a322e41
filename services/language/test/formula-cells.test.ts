import { describe, expect, it } from 'vitest';
import { readCsv, readTxt, writeCsv, writeTxt, type Entry } from '../src/formats';
import { neutralizeFormula, restoreFormula, restoreFormulaCells } from '../src/formats/formula-cells';
import { collect, toBuffer } from './formats-helpers';

const FORMULAS = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', "=1+1'"];
const PLAIN = ['-', '-5', '+86', '1.5', 'e-mail', '中文=术语', ' =1', ''];
const QUOTED = ["'=1", "''+x", "'-", "'-5", "'plain"];

describe('neutralizeFormula / restoreFormula', () => {
  it('puts a quote before every cell a spreadsheet would evaluate, and nothing before the rest', () => {
    for (const value of FORMULAS) expect(neutralizeFormula(value)).toBe(`'${value}`);
    for (const value of PLAIN) expect(neutralizeFormula(value)).toBe(value);
  });

  it('restores every value exactly, quotes of its own included', () => {
    for (const value of [...FORMULAS, ...PLAIN, ...QUOTED]) expect(restoreFormula(neutralizeFormula(value))).toBe(value);
  });
});

describe('CSV and TXT exports', () => {
  const entries: Entry[] = [
    { source: '=HYPERLINK("http://x","y")', target: '+1+1', note: '@SUM(A1)' },
    { source: '\t=1', target: '\r=1', note: '-2+3' },
    { source: '-', target: 'e-mail' },
  ];

  it('writes formula cells quoted with a leading quote, and re-imports the same entries', async () => {
    const text = (await toBuffer(writeCsv(entries))).toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")","'+1+1","'@SUM(A1)"\r\n`);
    expect(text).toContain(`"'\t=1","'\r=1","'-2+3"\r\n`);
    expect(text).toContain('-,e-mail,\r\n');
    expect(await collect(restoreFormulaCells(readCsv([Buffer.from(text)])))).toEqual(entries);
  });

  it('does the same in tab-separated TXT (whose tabs and line breaks become spaces)', async () => {
    const text = (await toBuffer(writeTxt(entries.slice(0, 1)))).toString('utf8');
    expect(text).toBe(`'=HYPERLINK("http://x","y")\t'+1+1\t'@SUM(A1)\n`);
    expect(await collect(restoreFormulaCells(readTxt([Buffer.from(text)])))).toEqual(entries.slice(0, 1));
  });
});
