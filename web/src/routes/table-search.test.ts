import { describe, expect, it } from 'vitest';
import { pageFilterOf, tableSearchOf, validateBankSearch, validateTableSearch } from './table-search';

describe('table search params', () => {
  it('keeps a valid page and keyword, leaving the defaults out', () => {
    expect(validateTableSearch({ page: 3, keyword: ' cloud ' })).toEqual({ page: 3, keyword: 'cloud' });
    expect(validateTableSearch({ page: 1, keyword: '' })).toEqual({});
    expect(validateTableSearch({})).toEqual({});
  });

  it('falls back on what a hand-edited URL gets wrong', () => {
    expect(validateTableSearch({ page: 0 })).toEqual({});
    expect(validateTableSearch({ page: -2 })).toEqual({});
    expect(validateTableSearch({ page: 2.5 })).toEqual({});
    expect(validateTableSearch({ page: 'x' })).toEqual({});
    expect(validateTableSearch({ page: '4' })).toEqual({ page: 4 });
    expect(validateTableSearch({ keyword: { a: 1 } })).toEqual({});
    expect(validateTableSearch({ keyword: 'x'.repeat(300) }).keyword).toHaveLength(200);
  });

  it('reads a numeric keyword, which the router parses as a number', () => {
    expect(validateTableSearch({ keyword: 42 })).toEqual({ keyword: '42' });
  });

  it('adds the chosen bank on bank screens', () => {
    expect(validateBankSearch({ bank: 7, page: 2, keyword: 'a' })).toEqual({ bank: 7, page: 2, keyword: 'a' });
    expect(validateBankSearch({ bank: 'nope' })).toEqual({});
  });

  it('turns search params into a table place and back', () => {
    expect(pageFilterOf({})).toEqual({ page: 1, keyword: '' });
    expect(pageFilterOf({ page: 2, keyword: 'a' })).toEqual({ page: 2, keyword: 'a' });
    expect(tableSearchOf({ page: 1, keyword: '' })).toEqual({});
    expect(tableSearchOf({ page: 2, keyword: 'a' })).toEqual({ page: 2, keyword: 'a' });
  });
});
