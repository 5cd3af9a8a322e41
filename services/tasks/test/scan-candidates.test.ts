/**
 * Document scan's checks that need no platform: what a worker's candidate list is kept as, and
 * which language pairs a scan takes (the rest runs on the real platform in gateway/test).
 */
import { AppError, TERM_EXTRACTION_LIMITS } from '@mtp/proto';
import { describe, expect, it } from 'vitest';
import { checkScanPair, cleanCandidates } from '../src/index';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.codeName : 'other';
  }
  return null;
};

describe('a worker candidate list', () => {
  it('keeps well-formed items in order, once per term ignoring case, cut to the limits', () => {
    const long = 'x'.repeat(TERM_EXTRACTION_LIMITS.termChars + 20);
    const kept = cleanCandidates([
      { term: '  machine translation ', frequency: 4, score: 5.5, example: 'Machine translation runs.' },
      { term: 'Machine Translation', frequency: 1, score: 1, example: '' },
      { term: 'no frequency', score: 1, example: '' },
      { term: '', frequency: 2, score: 1, example: '' },
      { term: long, frequency: 2, score: 1, example: '' },
      'not an object',
    ]);
    expect(kept.map((c) => c.term)).toEqual(['machine translation', 'x'.repeat(TERM_EXTRACTION_LIMITS.termChars)]);
    expect(kept[0]).toMatchObject({ frequency: 4, score: 5.5, example: 'Machine translation runs.' });
  });

  it('keeps at most maxCandidates, and refuses what is not a list', () => {
    const many = Array.from({ length: TERM_EXTRACTION_LIMITS.maxCandidates + 5 }, (_, i) => ({
      term: `t${i}`,
      frequency: 2,
      score: 1,
      example: '',
    }));
    expect(cleanCandidates(many)).toHaveLength(TERM_EXTRACTION_LIMITS.maxCandidates);
    expect(() => cleanCandidates({ terms: [] })).toThrow();
  });
});

describe('a scan language pair', () => {
  it('takes a source with a tokenizer to another language', () => {
    expect(checkScanPair({ src_lang: 'zh-cn', tgt_lang: 'en-us' })).toEqual({ src: 'zh-cn', tgt: 'en-us' });
    expect(checkScanPair({ src_lang: ' ru ', tgt_lang: 'ko' })).toEqual({ src: 'ru', tgt: 'ko' });
  });

  it('refuses other sources (44082), the same language, and missing or unknown fields', () => {
    expect(codeOf(() => checkScanPair({ src_lang: 'ko', tgt_lang: 'zh-cn' }))).toBe('TERM_LANGUAGE_UNSUPPORTED');
    expect(codeOf(() => checkScanPair({ src_lang: 'auto', tgt_lang: 'zh-cn' }))).toBe('TERM_LANGUAGE_UNSUPPORTED');
    expect(codeOf(() => checkScanPair({ src_lang: 'en-us', tgt_lang: 'en-us' }))).toBe('SAME_LANGUAGE');
    expect(codeOf(() => checkScanPair({ tgt_lang: 'en-us' }))).toBe('INVALID_PARAMS');
    expect(codeOf(() => checkScanPair({ src_lang: 'en-us', tgt_lang: 'xx' }))).toBe('INVALID_PARAMS');
  });
});
