/**
 * What counts as a segment with nothing to translate (kept as it is, not charged), and what is
 * still prose however short or technical it looks.
 */
import { describe, expect, it } from 'vitest';
import { isCodeOrMath } from '../src/code-like';

const kept = (segments: string[]) => expect(segments.filter((s) => !isCodeOrMath(s))).toEqual([]);
const translated = (segments: string[]) => expect(segments.filter(isCodeOrMath)).toEqual([]);

describe('isCodeOrMath', () => {
  it('keeps identifiers: SNAKE_CASE, snake_case, camelCase, PascalCase, letters with digits, dotted names, calls', () => {
    kept(['COMPANY_CODE', 'APP_PAN_NO /APP_PANEX_NO', 'APP_DOB_DT/APP_DOI_DT', 'beta_geometrical', '__init__']);
    kept([
      'getElementById',
      'camelCase',
      'PowerPoint',
      'B1A',
      'S5',
      'TU4106',
      'ERR-90001',
      'os.path.join',
      'console.log(x)',
      'SUM(A1:A3)',
      'init()',
    ]);
  });

  it('keeps file paths, URLs, e-mail addresses, versions and hex codes', () => {
    kept(['/etc/hosts', './src/index.ts', '~/notes', 'C:\\Windows\\System32', 'workers/doc/README.md', 'app.js', 'REPORT.PDF']);
    kept(['https://example.com/a?b=c', 'www.everett.co.in', 'operation@everett.co.in', 'v1.2.3', '2.0.1-beta', '#FF0000', '0x1F']);
  });

  it('keeps numbers, dates and numbers with units', () => {
    kept(['59793 MT', '73094  MT', '6412.129 MT', '433 MHz', '30 °C', '10kg', '5µm', '01/01/2011', '12.5%', '(1)', '—']);
  });

  it('keeps a cell that is only a formula, and equations', () => {
    kept(['=SUM(A1:A10)', '=A1+B1', '=5*3', "='Sheet 1'!A1", '=IF(B2>0,"Yes","No")']);
    kept(['1300:3=433 MHz', 'x² + y² = r²', 'E = m·c²', 'f(x) = sin(x) + 1', 'a + b = c', 'T0 ≤ 90°', 'Δφ = 2π/N']);
  });

  it('translates prose, however short, capitalised or spaced out', () => {
    translated(['ROOT', 'NULL', 'VARCHAR', 'V A C A N T', 'MV. ORIENTE GLORIA', 'MV.MUKARNAS', 'S.No', 'M', 'e.g.']);
    translated(['QTY(IMP)', 'ETC/D', 'and/or', 'Format to be used is dd/mm/yyyy', 'word(s)', 'H-minus', '1st', '5 cats']);
  });

  it('translates a sentence that holds code, addresses or math among its words', () => {
    translated([
      'E-mail: operation@everett.co.in',
      'Webside: www.everett.co.in',
      'For RT front end it should be 1300:3=433 MHz',
      'In the beta=1.0 section the existing proposal (FCCCDCCC structure, C= cavity) seems OK.',
      'Set COMPANY_CODE before the batch runs.',
      'Tax = 5%',
      '= Total',
    ]);
  });

  it('translates numbers written with words of CJK and Korean text (a month, a year)', () => {
    translated(['3월', '2017年', '第1章', '5 кг сахара']);
  });
});
