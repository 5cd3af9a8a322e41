import { describe, expect, it } from 'vitest';
import { TermMatcher, buildTermMatcher, type TermEntry } from '../src/matching';

const spans = (text: string, matches: { id: unknown; start: number; end: number }[]) =>
  matches.map((m) => [m.id, text.slice(m.start, m.end)]);

describe('TermMatcher', () => {
  const entries: TermEntry<number>[] = [
    { id: 1, source: 'log', target: '日志' },
    { id: 2, source: 'log file', target: '日志文件', tow_way: 1 },
    { id: 3, source: 'file', target: '文件' },
    { id: 4, source: 'server', target: '服务器', tow_way: 1 },
    { id: 5, source: '服务器', target: 'server', tow_way: 0 },
    { id: 6, source: '服务', target: 'service' },
    { id: 7, source: 'сервер', target: 'server' },
    { id: 8, source: 'C++', target: 'C++' },
    { id: 9, source: '서버', target: 'server' },
  ];
  const matcher = new TermMatcher(entries);

  it('finds every English term, case-insensitively, on word boundaries', () => {
    const text = 'Open the Log File, not the blog. LOG files? log';
    const found = matcher.find(text);
    expect(spans(text, found)).toEqual([
      [2, 'Log File'],
      [1, 'LOG'],
      [1, 'log'],
    ]);
    expect(found[0]).toEqual({ id: 2, source: 'log file', target: '日志文件', start: 9, end: 17 });
  });

  it('matches whole words only: no prefix, suffix or inner matches', () => {
    expect(matcher.find('blog logs catalog servers')).toEqual([]);
    expect(spans('the server, the SERVER.', matcher.find('the server, the SERVER.'))).toEqual([
      [4, 'server'],
      [4, 'SERVER'],
    ]);
  });

  it('matches Chinese anywhere, longest first', () => {
    const text = '部署到服务器上，再启动服务。';
    expect(spans(text, matcher.find(text))).toEqual([
      [5, '服务器'],
      [6, '服务'],
    ]);
  });

  it('handles mixed Chinese and Latin text', () => {
    const text = '把log file发到server上';
    expect(spans(text, matcher.find(text))).toEqual([
      [2, 'log file'],
      [4, 'server'],
    ]);
  });

  it('handles Cyrillic, Hangul particles and punctuation-edged terms', () => {
    expect(spans('Перезапустите сервер.', matcher.find('Перезапустите сервер.'))).toEqual([[7, 'сервер']]);
    expect(matcher.find('серверы')).toEqual([]);
    expect(spans('서버를 다시 시작', matcher.find('서버를 다시 시작'))).toEqual([[9, '서버']]);
    expect(matcher.find('웹서버')).toEqual([]);
    expect(spans('Use C++ now', matcher.find('Use C++ now'))).toEqual([[8, 'C++']]);
  });

  it('resolves overlaps leftmost-longest, or returns them all on request', () => {
    const text = 'the log file';
    expect(spans(text, matcher.find(text))).toEqual([[2, 'log file']]);
    expect(spans(text, matcher.find(text, { overlapping: true }))).toEqual([
      [2, 'log file'],
      [1, 'log'],
      [3, 'file'],
    ]);
    // Leftmost wins over longer-but-later: "a b" then "b c d" overlap at b.
    const m = new TermMatcher([
      { id: 'ab', source: 'a b', target: '' },
      { id: 'bcd', source: 'b c d', target: '' },
      { id: 'd', source: 'd', target: '' },
    ]);
    expect(spans('a b c d', m.find('a b c d'))).toEqual([
      ['ab', 'a b'],
      ['d', 'd'],
    ]);
  });

  it('returns every entry sharing a term', () => {
    const m = buildTermMatcher([
      { id: 1, source: 'bank', target: '银行' },
      { id: 2, source: 'Bank', target: '河岸' },
    ]);
    expect(m.find('the bank').map((x) => [x.id, x.target])).toEqual([
      [1, '银行'],
      [2, '河岸'],
    ]);
  });

  it('matches two-way entries from target to source in reverse', () => {
    const text = '检查日志文件和服务器';
    const found = matcher.find(text, { direction: 'reverse' });
    expect(found).toEqual([
      { id: 2, source: '日志文件', target: 'log file', start: 2, end: 6 },
      { id: 4, source: '服务器', target: 'server', start: 7, end: 10 },
    ]);
    // One-way entries are not reversed: "server" (target of one-way 5, 7, 9) is not found.
    expect(matcher.find('restart the server', { direction: 'reverse' })).toEqual([]);
  });

  it('gives UTF-16 offsets with astral characters and full-width forms', () => {
    const m = new TermMatcher([
      { id: 1, source: 'API', target: '接口' },
      { id: 2, source: '𠀀字', target: 'x' },
    ]);
    const text = '𠀀字用ＡＰＩ';
    expect(spans(text, m.find(text))).toEqual([
      [2, '𠀀字'],
      [1, 'ＡＰＩ'],
    ]);
  });

  it('builds from 10,000+ terms and finds them in one pass', () => {
    const many: TermEntry<number>[] = [];
    for (let i = 0; i < 12_000; i++) many.push({ id: i, source: `term${i} alpha`, target: `术语${i}` });
    for (let i = 0; i < 2_000; i++) many.push({ id: 20_000 + i, source: `词条${i}号`, target: `entry ${i}` });
    const m = new TermMatcher(many);
    const words: string[] = [];
    for (let i = 0; i < 2_000; i += 7) words.push(`term${i} alpha`, 'and', `词条${i}号`);
    const text = words.join(' ');
    const found = m.find(text);
    const expected = Math.ceil(2_000 / 7);
    expect(found.length).toBe(expected * 2);
    expect(found.filter((f) => f.id < 20_000).map((f) => f.id)).toEqual(Array.from({ length: expected }, (_, k) => k * 7));
    for (const f of found) expect(text.slice(f.start, f.end)).toBe(f.source);
  });
});
