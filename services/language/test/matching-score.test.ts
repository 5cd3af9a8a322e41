import { describe, expect, it } from 'vitest';
import { fuzzyDetails, fuzzyScore, levenshtein, matchScore, rankMatches, tokenizeForMatch, unitMode } from '../src/matching';

const units = (text: string, lang?: string) => tokenizeForMatch(text, lang).map((t) => `${t.kind}:${t.text}`);

describe('tokenizeForMatch', () => {
  it('splits Latin and Cyrillic into words, numbers and punctuation', () => {
    expect(units("Don't pay $1,000.50 now!")).toEqual(["word:Don't", 'word:pay', 'punct:$', 'number:1,000.50', 'word:now', 'punct:!']);
    expect(units('Привет, мир', 'ru')).toEqual(['word:Привет', 'punct:,', 'word:мир']);
  });

  it('keeps Hangul as words', () => {
    expect(units('서버를 다시 시작하세요.', 'ko')).toEqual(['word:서버를', 'word:다시', 'word:시작하세요', 'punct:.']);
  });

  it('splits Chinese and Japanese into characters, Latin runs in mixed text as words', () => {
    expect(units('翻译记忆库', 'zh-cn')).toEqual(['cjk:翻', 'cjk:译', 'cjk:记', 'cjk:忆', 'cjk:库']);
    expect(units('使用Docker 3次。')).toEqual(['cjk:使', 'cjk:用', 'word:Docker', 'number:3', 'cjk:次', 'punct:。']);
    expect(units('サーバーを再起動', 'ja')).toEqual(['cjk:サ', 'cjk:ー', 'cjk:バ', 'cjk:ー', 'cjk:を', 'cjk:再', 'cjk:起', 'cjk:動']);
  });

  it('reports the unit mode from the hint or the script', () => {
    expect(unitMode('hello', 'zh-CN')).toBe('chars');
    expect(unitMode('你好')).toBe('chars');
    expect(unitMode('hello world', 'en-us')).toBe('words');
    expect(unitMode('Привет')).toBe('words');
  });

  it('gives UTF-16 offsets, astral characters included', () => {
    const tokens = tokenizeForMatch('𠀀a b');
    expect(tokens.map((t) => [t.text, t.start, t.end])).toEqual([
      ['𠀀', 0, 2],
      ['a', 2, 3],
      ['b', 4, 5],
    ]);
  });
});

describe('levenshtein', () => {
  it('counts unit edits and caps early', () => {
    expect(levenshtein(['a', 'b', 'c'], ['a', 'x', 'c', 'd'])).toBe(2);
    expect(levenshtein([], ['a', 'b'])).toBe(2);
    expect(levenshtein(['a'], ['a', 'b', 'c', 'd', 'e'], 2)).toBe(3);
    expect(levenshtein(['a', 'b', 'c'], ['x', 'y', 'z'], 1)).toBe(2);
  });
});

describe('fuzzyScore', () => {
  it('scores 100 × (1 − edits / longer length) over words', () => {
    // 1 edit of 6 words: 100 × 5/6 = 83.3 → 83.
    expect(fuzzyScore('The cat sat on the mat', 'The cat sat on a mat')).toBe(83);
    // 2 edits of 6 words: 66.7 → 66.
    expect(fuzzyScore('The cat sat on the mat', 'A cat sat on a mat')).toBe(66);
  });

  it('scores Chinese per character', () => {
    // 1 edit of 8 characters: 100 × 7/8 = 87.5 → 87.
    expect(fuzzyScore('翻译记忆库很有用', '翻译记忆很有用', { lang: 'zh-cn' })).toBe(87);
    expect(fuzzyScore('翻译记忆库很有用', '翻译记忆很有用')).toBe(87);
    // Mixed: 使/用/Docker/部/署 vs 使/用/Podman/部/署: 1 of 5 → 80.
    expect(fuzzyScore('使用Docker部署', '使用Podman部署')).toBe(80);
  });

  it('gives 100 only to identical strings', () => {
    expect(fuzzyScore('Save the file.', 'Save the file.')).toBe(100);
    // NFC and NFD spellings are the same text.
    expect(fuzzyScore('caf\u00e9', 'cafe\u0301')).toBe(100);
  });

  it('takes 1 for a case-only difference', () => {
    expect(fuzzyScore('Save the file', 'save the file')).toBe(99);
    expect(fuzzyScore('SAVE THE FILE', 'save the file')).toBe(99);
  });

  it('takes 1 per differing number, never 100', () => {
    expect(fuzzyScore('Page 3 of 4', 'Page 3 of 5')).toBe(99);
    expect(fuzzyScore('Page 3 of 4', 'Page 5 of 6')).toBe(98);
    expect(fuzzyScore('共3页', '共5页')).toBe(99);
  });

  it('takes 1 for punctuation or whitespace differences', () => {
    expect(fuzzyScore('Hello, world', 'Hello world!')).toBe(99);
    expect(fuzzyScore('Hello world.', 'Hello world')).toBe(99);
    expect(fuzzyScore('Hello world', 'Hello  world')).toBe(99);
    expect(fuzzyScore('你好，世界', '你好世界')).toBe(99);
  });

  it('applies the penalties to near matches too', () => {
    // Base 83 (1 word of 6), case 1, punctuation 1.
    const d = fuzzyDetails('The Cat sat on the mat.', 'The cat sat on a mat');
    expect(d.penalties).toEqual({ case: 1, numbers: 0, punctuation: 1, whitespace: 0 });
    expect(d.score).toBe(81);
    // Base 80 (1 of 5), number 1.
    expect(fuzzyScore('Restart all 3 servers now', 'Restart all 4 servers today')).toBe(79);
  });

  it('returns 0 early when the threshold cannot be reached', () => {
    expect(fuzzyScore('one two three four', 'five six seven eight', { threshold: 70 })).toBe(0);
    expect(fuzzyScore('The cat sat on the mat', 'The cat sat on a mat', { threshold: 70 })).toBe(83);
    expect(fuzzyScore('The cat sat on the mat', 'The cat sat on a mat', { threshold: 84 })).toBe(0);
  });
});

describe('matchScore', () => {
  it('gives 101 when the previous segments match too', () => {
    const opts = { prevSource: 'Chapter 1', candidatePrevSource: 'Chapter 1' };
    expect(matchScore('Save the file.', 'Save the file.', opts)).toBe(101);
    expect(matchScore('Save the file.', 'Save the file.', { prevSource: 'Chapter 1', candidatePrevSource: 'Chapter 2' })).toBe(100);
    expect(matchScore('Save the file.', 'Save the file.', { prevSource: 'Chapter 1', candidatePrevSource: null })).toBe(100);
    expect(matchScore('Save the file.', 'Save the file.')).toBe(100);
    expect(matchScore('Save the file', 'save the file', opts)).toBe(99);
  });
});

describe('rankMatches', () => {
  const source = 'The cat sat on the mat';
  const candidates = [
    { id: 1, source: 'A dog ran in the park', target: 't1' },
    { id: 2, source: 'The cat sat on a mat', target: 't2' },
    { id: 3, source: 'The cat sat on the mat', target: 't3', prev_source: 'Intro' },
    { id: 4, source: 'The cat sat on the mat', target: 't4', prev_source: 'Other' },
    { id: 5, source: 'the cat sat on the mat', target: 't5' },
    { id: 6, source: 'The cat sat on the mat today', target: 't6' },
    { id: 7, source: 'The cat sat on the red mat', target: 't7' },
    { id: 8, source: 'The dog sat on a rug', target: 't8' },
  ];

  it('drops matches below the threshold and keeps the top 5 by score', () => {
    const ranked = rankMatches(source, candidates, { prevSource: 'Intro' });
    expect(ranked.map((m) => [m.id, m.score])).toEqual([
      [3, 101],
      [4, 100],
      [5, 99],
      [6, 85],
      [7, 85],
    ]);
    expect(ranked[0]).toEqual({ id: 3, score: 101, source: 'The cat sat on the mat', target: 't3' });
  });

  it('honours threshold and limit', () => {
    const all = rankMatches(source, candidates, { threshold: 0, limit: 100 });
    expect(all.map((m) => m.id)).toEqual([3, 4, 5, 6, 7, 2, 8, 1]);
    expect(all.map((m) => m.score)).toEqual([100, 100, 99, 85, 85, 83, 50, 16]);
    expect(rankMatches(source, candidates, { threshold: 90 }).map((m) => m.id)).toEqual([3, 4, 5]);
    expect(rankMatches(source, candidates, { limit: 2 }).map((m) => m.id)).toEqual([3, 4]);
    expect(rankMatches(source, [], {})).toEqual([]);
  });

  it('breaks score ties by the smaller edit distance, then input order', () => {
    // Both score 50: "a b c d" → 2 edits of 4; "a b c d x x x x" → 4 edits of 8.
    const ranked = rankMatches(
      'a b c d',
      [
        { id: 'long', source: 'a b c d x x x x', target: '' },
        { id: 'short', source: 'a b y z', target: '' },
        { id: 'short2', source: 'y z c d', target: '' },
      ],
      { threshold: 50 },
    );
    expect(ranked.map((m) => [m.id, m.score])).toEqual([
      ['short', 50],
      ['short2', 50],
      ['long', 50],
    ]);
  });
});

describe('rankMatches early bail-out', () => {
  it('returns the same top list as scoring every candidate in full', () => {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const vocab = ['the', 'The', 'cat', 'sat', 'on', 'mat', 'a', '3', '4', ',', '.', 'dog', '猫', '狗'];
    const sentence = () => Array.from({ length: 3 + rand(6) }, () => vocab[rand(vocab.length)]).join(' ');
    for (let round = 0; round < 20; round++) {
      const source = sentence();
      const candidates = Array.from({ length: 40 }, (_, id) => ({ id, source: sentence(), target: '' }));
      const full = candidates
        .map((c) => ({ id: c.id, score: fuzzyScore(source, c.source), distance: fuzzyDetails(source, c.source).distance }))
        .filter((c) => c.score >= 30)
        .sort((x, y) => y.score - x.score || x.distance - y.distance || x.id - y.id)
        .slice(0, 3)
        .map((c) => [c.id, c.score]);
      expect(rankMatches(source, candidates, { threshold: 30, limit: 3 }).map((m) => [m.id, m.score])).toEqual(full);
    }
  });
});
