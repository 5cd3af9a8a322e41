/**
 * The DeepL API's pure parts: language codes in any case, glossary entries in TSV and CSV (and
 * the 400 naming the line), and `preserve_formatting`.
 */
import { describe, expect, it } from 'vitest';
import { DeeplRefusal } from '../src/public-api/deepl/deepl-errors';
import { sourceLanguageOf, targetLanguageOf } from '../src/public-api/deepl/deepl-languages';
import { entriesToTsv, parseGlossaryEntries } from '../src/public-api/deepl/glossary-entries';
import { preserveFormatting } from '../src/public-api/deepl/preserve-formatting';

const pair = { source: 'en', target: 'zh' };

describe('DeepL language codes', () => {
  it('maps sources and targets in any case, variants included', () => {
    expect(['zh', 'EN', 'en-US', 'ja', 'Ko', 'RU'].map(sourceLanguageOf)).toEqual(['zh-cn', 'en-us', 'en-us', 'ja', 'ko', 'ru']);
    expect(['ZH', 'zh-HANS', 'EN-US', 'en-gb', 'EN', 'ja'].map(targetLanguageOf)).toEqual([
      'zh-cn',
      'zh-cn',
      'en-us',
      'en-us',
      'en-us',
      'ja',
    ]);
    expect(() => targetLanguageOf('DE')).toThrow(DeeplRefusal);
    expect(() => targetLanguageOf('ZH-HANT')).toThrow(DeeplRefusal);
  });
});

describe('glossary entries', () => {
  it('reads TSV (CRLF, blank lines) and CSV with quotes, commas, quotes inside and line breaks between rows', () => {
    expect(parseGlossaryEntries('a\tb\r\n\r\nc d\te f\n', 'tsv', pair)).toEqual([
      { source: 'a', target: 'b' },
      { source: 'c d', target: 'e f' },
    ]);
    expect(parseGlossaryEntries('"x, y",z\r\n"say ""hi""",说,en,zh\n', 'csv', pair)).toEqual([
      { source: 'x, y', target: 'z' },
      { source: 'say "hi"', target: '说' },
    ]);
    expect(
      entriesToTsv([
        { source: 'a', target: 'b' },
        { source: 'c', target: 'd' },
      ]),
    ).toBe('a\tb\nc\td');
  });

  it('refuses a bad line with its number', () => {
    const refusal = (entries: string, format: 'tsv' | 'csv' = 'tsv') => {
      try {
        parseGlossaryEntries(entries, format, pair);
      } catch (err) {
        return (err as DeeplRefusal).text.en_US;
      }
      return 'accepted';
    };
    expect(refusal('a\tb\nc')).toContain('line 2');
    expect(refusal('a\tb\na\tc')).toContain('line 2');
    expect(refusal('a\t')).toContain('line 1');
    expect(refusal('a,b,en,ja', 'csv')).toContain("not the glossary's");
    expect(refusal('"a,b', 'csv')).toContain('quote');
    expect(refusal('\n\n')).toContain('no entries');
  });
});

describe('preserve_formatting', () => {
  it('keeps outer whitespace, the lack of a final mark and the first letter case', () => {
    expect(preserveFormatting('  twenty one \n', '二十一。')).toBe('  二十一 \n');
    expect(preserveFormatting('Hello.', '你好。')).toBe('你好。');
    expect(preserveFormatting('hello world', 'Bonjour le monde.')).toBe('bonjour le monde');
    expect(preserveFormatting('Hello', 'bonjour')).toBe('Bonjour');
    expect(preserveFormatting('二十一', 'twenty one')).toBe('twenty one');
  });
});
