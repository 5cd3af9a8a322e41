import { describe, expect, it } from 'vitest';
import { reshape, shape, uniqueChunks, worthTranslating } from './text-shape';

describe('text shape', () => {
  it('splits a text into its surrounding whitespace and its core', () => {
    expect(shape('  forty \n')).toEqual({ lead: '  ', core: 'forty', trail: ' \n' });
    expect(shape('a b')).toEqual({ lead: '', core: 'a b', trail: '' });
    expect(shape(' \t ')).toEqual({ lead: ' \t ', core: '', trail: '' });
    expect(shape('\u00a0你好\u3000')).toEqual({ lead: '\u00a0', core: '你好', trail: '\u3000' });
  });

  it("puts the original's whitespace around the translation", () => {
    expect(reshape('  forty ', ' 四十\n')).toBe('  四十 ');
    expect(reshape('seven', '七')).toBe('七');
  });

  it('translates only texts with a letter', () => {
    expect(worthTranslating('2026 — 42%')).toBe(false);
    expect(worthTranslating('© 2026 ACME')).toBe(true);
    expect(worthTranslating('翻译')).toBe(true);
  });

  it('sends each distinct text once, in first-seen order, in groups', () => {
    expect(uniqueChunks(['a', 'b', 'a', 'c', 'd', 'b', 'e'], 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(uniqueChunks([], 50)).toEqual([]);
  });
});
