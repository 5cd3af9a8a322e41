/** The QA rules of post-editing on their own: numbers as values, lost protected tokens, missing terms. */
import { describe, expect, it } from 'vitest';
import { lostTags, missingTerms, numberMismatch, numbersIn } from '../src/post-editing/pe-qa-checks';

describe('post-editing QA rules', () => {
  it('reads grouped, full-width and decimal-comma numbers as their values', () => {
    expect(numbersIn('1,000 and 1 000 and 1\u00a0000 and １０００ and 1000')).toEqual(['1000', '1000', '1000', '1000', '1000']);
    expect(numbersIn('3,5 kg or 3.5 kg; 1,234,567.89 or 1 234 567,89')).toEqual(['3.5', '3.5', '1234567.89', '1234567.89']);
    // A space only groups after one to three digits: a year and a count stay two numbers.
    expect(numbersIn('in 2020 100 people')).toEqual(['2020', '100']);
    expect(numbersIn('v2.')).toEqual(['2']);
  });

  it('compares numbers as multisets and says what is missing and what was added', () => {
    expect(numberMismatch('Pay 1,000 USD in 2 parts', '分 2 次支付１０００美元')).toBeNull();
    expect(numberMismatch('Pay 1,000 USD in 2 parts', '分 2 次支付美元')).toEqual({ missing: ['1000'], extra: [] });
    expect(numberMismatch('5 and 5', '5 and 6')).toEqual({ missing: ['5'], extra: ['6'] });
  });

  it('finds protected tokens the target lost, as often as they are missing', () => {
    expect(lostTags('Hello <b>{name}</b> {{user}} %s', '你好 <b>{name}</b> {{user}} %s')).toEqual([]);
    expect(lostTags('A <br/> B <br/> {0}', 'A <br/> B')).toEqual(['<br/>', '{0}']);
  });

  it('finds terms whose translation the target lacks, ignoring case and width', () => {
    const terms = [
      { source: 'valve', target: '阀门' },
      { source: 'PDF', target: 'PDF' },
    ];
    expect(missingTerms(terms, '打开阀门并保存为ｐｄｆ')).toEqual([]);
    expect(missingTerms(terms, '打开并保存')).toEqual(terms);
  });
});
