/**
 * Units for fuzzy-match scoring. Latin, Cyrillic, Hangul and other spaced scripts become words
 * (split on whitespace and punctuation); numbers and punctuation/symbols are tokens of their own;
 * Han, Hiragana and Katakana are one unit per character, so mixed text such as "使用 Docker 部署"
 * gives 使 / 用 / Docker / 部 / 署. Units are decided per character by script, so a language hint
 * is never required; `unitMode` reports which counting a segment uses.
 */

export type MatchTokenKind = 'word' | 'number' | 'punct' | 'cjk';

export interface MatchToken {
  text: string;
  kind: MatchTokenKind;
  /** UTF-16 offsets into the tokenized string. */
  start: number;
  end: number;
}

const SPACE = /[\s\p{Z}\p{Cc}\p{Cf}]/u;
const PUNCT = /[\p{P}\p{S}]/u;
const CJK = /[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}]/u;
const WORD = /[\p{L}\p{M}\p{N}_]/u;
const DIGIT = /\p{Nd}/u;
const isDigit = (ch: string) => (ch.length === 1 && ch.charCodeAt(0) < 128 ? ch >= '0' && ch <= '9' : DIGIT.test(ch));
const LETTER = /[\p{L}\p{M}]/u;
const MARK = /\p{M}/u;

type CharClass = 'space' | 'punct' | 'cjk' | 'word';

/** ASCII classes by code (most text of most memories), the same answers as the expressions. */
const ASCII: CharClass[] = Array.from({ length: 128 }, (_, code) => {
  const ch = String.fromCharCode(code);
  if (SPACE.test(ch)) return 'space';
  if (PUNCT.test(ch)) return 'punct';
  if (WORD.test(ch)) return 'word';
  return 'punct';
});

export function classifyChar(ch: string): CharClass {
  const code = ch.charCodeAt(0);
  if (code < 128 && ch.length === 1) return ASCII[code]!;
  if (SPACE.test(ch)) return 'space';
  if (PUNCT.test(ch)) return 'punct';
  if (CJK.test(ch)) return 'cjk';
  if (WORD.test(ch)) return 'word';
  return 'punct';
}

/** True for characters that are part of a spaced-script word (letters, digits, marks; not CJK). */
export function isWordChar(ch: string): boolean {
  return classifyChar(ch) === 'word';
}

/** Languages written without spaces whose units are single characters. */
export function isCharacterLanguage(lang: string | undefined): boolean {
  if (!lang) return false;
  const base = lang.toLowerCase().split(/[-_]/)[0];
  return base === 'zh' || base === 'ja';
}

/** 'chars' when the hint is Chinese/Japanese or the text holds Han/kana, else 'words'. */
export function unitMode(text: string, lang?: string): 'chars' | 'words' {
  if (isCharacterLanguage(lang)) return 'chars';
  for (const ch of text) if (classifyChar(ch) === 'cjk') return 'chars';
  return 'words';
}

function charAt(text: string, i: number): string {
  const unit = text.charCodeAt(i);
  // Outside the surrogate range one UTF-16 unit is the whole character.
  if (unit < 0xd800 || unit > 0xdfff) return text[i]!;
  const cp = text.codePointAt(i);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

/**
 * Splits `text` into scoring units. The optional language hint ('zh-cn', 'ja', 'en-us', 'ko',
 * 'ru', ...) is accepted for callers that know it; the split itself is by script, which gives the
 * same units for all these languages (Han/kana are always per character, other letters words).
 */
export function tokenizeForMatch(text: string, _lang?: string): MatchToken[] {
  const tokens: MatchToken[] = [];
  scanMatchUnits(text, (kind, start, end) => tokens.push({ text: text.slice(start, end), kind, start, end }));
  return tokens;
}

/**
 * The scanner behind `tokenizeForMatch`: reports each unit's kind and offsets without building
 * objects (match tokens are computed for every entry of a million-unit import).
 */
export function scanMatchUnits(text: string, emit: (kind: MatchTokenKind, start: number, end: number) => void): void {
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = charAt(text, i);
    const cls = classifyChar(ch);
    const start = i;
    i += ch.length;
    if (cls === 'space') continue;
    if (cls === 'punct') {
      emit('punct', start, i);
      continue;
    }
    if (cls === 'cjk') {
      // Combining marks (e.g. a decomposed voicing mark) stay with their character.
      while (i < n && MARK.test(charAt(text, i))) i += charAt(text, i).length;
      emit('cjk', start, i);
      continue;
    }
    // A word run: letters/digits/marks, with an apostrophe kept between letters ("don't") and
    // '.' or ',' kept between digits ("1,000.50").
    let allDigits = isDigit(ch);
    for (;;) {
      if (i >= n) break;
      const c = charAt(text, i);
      if (classifyChar(c) === 'word') {
        if (allDigits && !isDigit(c)) allDigits = false;
        i += c.length;
        continue;
      }
      const prev = charAt(text, i - 1);
      const next = i + 1 < n ? charAt(text, i + 1) : '';
      if ((c === "'" || c === '\u2019') && LETTER.test(prev) && next !== '' && LETTER.test(next) && !CJK.test(next)) {
        i += 1;
        continue;
      }
      if ((c === '.' || c === ',') && isDigit(prev) && next !== '' && isDigit(next)) {
        i += 1;
        continue;
      }
      break;
    }
    emit(allDigits ? 'number' : 'word', start, i);
  }
}
