import { LIMITS } from '@mtp/proto';
import { describe, expect, it } from 'vitest';
import { enUS } from '../i18n/en-us';
import {
  bankListFilter,
  canEdit,
  checkImportFile,
  chosenBank,
  createDebouncer,
  EXPORT_FORMATS,
  fileExtension,
  hasErrors,
  importTarget,
  sourceLimit,
  systemOrIndividual,
  validateBankName,
  validateEntry,
  validPair,
  type Timers,
} from './bank-rules';

describe('bank names', () => {
  it('requires a name and allows at most 20 characters', () => {
    expect(validateBankName('   ')).toEqual({ key: 'bank.errors.nameRequired' });
    expect(validateBankName('a'.repeat(20))).toBeNull();
    expect(validateBankName('术'.repeat(21))).toEqual({ key: 'bank.errors.nameTooLong', values: { max: 20 } });
    expect(validateBankName('  ok  ')).toBeNull();
  });

  it('uses the spec messages', () => {
    expect(enUS.bank.errors.nameRequired).toBe('Please enter a name.');
    expect(enUS.bank.errors.nameTooLong.replace('{{max}}', '20')).toBe('Enter a name of no more than 20 characters for the termbase');
    expect(enUS.bank.errors.entryEmpty).toBe('Translation and source text cannot be empty');
    expect(enUS.bank.errors.tooLong.replace('{{max}}', '500')).toBe('No more than 500 characters are allowed. Please re-enter.');
    expect(enUS.bank.errors.fileRequired).toBe('Please upload a file.');
  });
});

describe('entries', () => {
  it('requires source and translation', () => {
    const e = validateEntry({ source: ' ', translated: '', note: '' }, 'en-us');
    expect(e.source).toEqual({ key: 'bank.errors.entryEmpty' });
    expect(e.translated).toEqual({ key: 'bank.errors.entryEmpty' });
    expect(hasErrors(validateEntry({ source: 'a', translated: 'b', note: '' }, 'en-us'))).toBe(false);
  });

  it('limits Chinese sources to 500 and others to 1000 characters', () => {
    expect(sourceLimit('zh-cn')).toBe(LIMITS.entrySourceZhChars);
    expect(sourceLimit('en-us')).toBe(LIMITS.entrySourceEnChars);
    expect(validateEntry({ source: '中'.repeat(500), translated: 'x', note: '' }, 'zh-cn').source).toBeUndefined();
    expect(validateEntry({ source: '中'.repeat(501), translated: 'x', note: '' }, 'zh-cn').source).toEqual({
      key: 'bank.errors.tooLong',
      values: { max: 500 },
    });
    expect(validateEntry({ source: 'a'.repeat(1000), translated: 'x', note: '' }, 'en-us').source).toBeUndefined();
    expect(validateEntry({ source: 'a'.repeat(1001), translated: 'x', note: '' }, 'en-us').source?.key).toBe('bank.errors.tooLong');
    expect(validateEntry({ source: 'a', translated: 'x'.repeat(1001), note: '' }, 'en-us').translated?.key).toBe('bank.errors.tooLong');
  });

  it('limits notes to 200 characters', () => {
    expect(validateEntry({ source: 'a', translated: 'b', note: 'n'.repeat(200) }, 'en-us').note).toBeUndefined();
    expect(validateEntry({ source: 'a', translated: 'b', note: 'n'.repeat(201) }, 'en-us').note).toEqual({
      key: 'bank.errors.tooLong',
      values: { max: 200 },
    });
  });
});

describe('import and export', () => {
  it('checks extensions per flag, case-insensitively', () => {
    expect(checkImportFile(0, 'a.TMX')).toBeNull();
    expect(checkImportFile(0, 'a.sdltm')).toBeNull();
    expect(checkImportFile(0, 'a.csv')).toBeNull();
    expect(checkImportFile(0, 'a.xlsx')?.key).toBe('bank.errors.fileType');
    expect(checkImportFile(1, 'terms.xlsx')).toBeNull();
    expect(checkImportFile(1, 'OLD.XLS')).toBeNull();
    expect(checkImportFile(0, 'memory.xls')?.key).toBe('bank.errors.fileType');
    expect(checkImportFile(1, 'terms.tbx')).toBeNull();
    expect(checkImportFile(1, 'terms.txt')).toBeNull();
    expect(checkImportFile(1, 'terms.tmx')?.key).toBe('bank.errors.fileType');
    expect(checkImportFile(1, 'noext')?.key).toBe('bank.errors.fileType');
    expect(checkImportFile(1, null)).toEqual({ key: 'bank.errors.fileRequired' });
    expect(fileExtension('a.b.CSV')).toBe('.csv');
  });

  it('targets the right upload path and field', () => {
    expect(importTarget(0)).toEqual({ path: 'tm/es_save_file', field: 'tm_file' });
    expect(importTarget(1)).toEqual({ path: 'term/upload_term_file', field: 'term_file' });
  });

  it('offers the export formats per flag', () => {
    expect(EXPORT_FORMATS[0]).toEqual(['csv', 'tmx']);
    expect(EXPORT_FORMATS[1]).toEqual(['csv', 'txt', 'xlsx', 'xls', 'tbx']);
  });
});

describe('scope', () => {
  it('maps scopes and edit rights', () => {
    expect(systemOrIndividual('individual')).toBe(1);
    expect(systemOrIndividual('system')).toBe(0);
    expect(systemOrIndividual('public')).toBe(0);
    expect(bankListFilter('individual')).toEqual({ system_or_individual: 1 });
    expect(bankListFilter('system')).toEqual({ system_or_individual: 0, is_public: 0 });
    expect(bankListFilter('public')).toEqual({ system_or_individual: 0, is_public: 1 });
    expect(canEdit('public', false)).toBe(false);
    expect(canEdit('public', true)).toBe(true);
    expect(canEdit('individual', false)).toBe(true);
    expect(validPair('zh-cn', 'en-us')).toBe(true);
    expect(validPair('zh-cn', 'zh-cn')).toBe(false);
    expect(validPair('', 'en-us')).toBe(false);
  });

  it('shows the chosen bank while the list has it, else the first', () => {
    const banks = [{ bank_id: 4 }, { bank_id: 9 }];
    expect(chosenBank(banks, 9)).toEqual({ bank_id: 9 });
    expect(chosenBank(banks, undefined)).toEqual({ bank_id: 4 });
    // A deleted bank, or another account's id from an old URL.
    expect(chosenBank(banks, 77)).toEqual({ bank_id: 4 });
    expect(chosenBank([], 9)).toBeNull();
  });
});

describe('createDebouncer', () => {
  function fakeTimers() {
    let now = 0;
    const pending = new Map<number, { at: number; fn: () => void }>();
    let id = 0;
    const timers: Timers = {
      set: (fn, ms) => {
        pending.set(++id, { at: now + ms, fn });
        return id;
      },
      clear: (h) => void pending.delete(h as number),
    };
    const advance = (ms: number) => {
      now += ms;
      for (const [k, p] of [...pending])
        if (p.at <= now) {
          pending.delete(k);
          p.fn();
        }
    };
    return { timers, advance };
  }

  it('calls once with the latest value 500 ms after the last push', () => {
    const { timers, advance } = fakeTimers();
    const calls: string[] = [];
    const d = createDebouncer<string>((v) => calls.push(v), 500, timers);
    d.push('a');
    advance(300);
    d.push('ab');
    advance(499);
    expect(calls).toEqual([]);
    expect(d.pending).toBe(true);
    advance(1);
    expect(calls).toEqual(['ab']);
    expect(d.pending).toBe(false);
  });

  it('cancel drops the pending call', () => {
    const { timers, advance } = fakeTimers();
    const calls: string[] = [];
    const d = createDebouncer<string>((v) => calls.push(v), 500, timers);
    d.push('x');
    d.cancel();
    advance(1000);
    expect(calls).toEqual([]);
  });
});
