/**
 * The format-neutral core: a TextUnit is one translatable place in an XML part (a Word
 * paragraph, a DrawingML paragraph, a shared string...). The three output modes are expressed
 * once here in terms of two edits every unit supports.
 */
import type { TranslatedParagraph, WriteOptions } from '../types.js';

export interface TextUnit {
  /** Plain text: runs concatenated, tabs as `\t`, line breaks as `\n`. */
  readonly text: string;
  /** Replaces the unit's text, keeping the formatting of its first text run. */
  replaceText(text: string): void;
  /** Mode 1: a copy of the unit (same paragraph and run formatting) holding `text` follows it. */
  appendTranslatedCopy(text: string): void;
  /**
   * Copies of the same content (e.g. mc:Fallback of a text box, SmartArt's cached drawing):
   * units in the same group with the same text receive the first one's translation.
   */
  readonly mirrorGroup?: string;
  /** True for the copy side of a mirror group; a copy without a matching original stands alone. */
  readonly isMirror?: boolean;
  /**
   * Mode 2 where the unit can keep its source as it is (runs and their formatting untouched):
   * each sentence's translation goes in right after that sentence. Units without it get their
   * text replaced by the interleaved string.
   */
  insertTranslations?(insertions: readonly SentenceInsertion[]): void;
}

/** Mode 2: `text` goes in at offset `at` of the unit's text, after the source sentence `[from, at)`. */
export type SentenceInsertion = { from: number; at: number; text: string };

/** Paragraphs made only of digits, punctuation, symbols and spaces are not worth translating. */
export function hasLetters(text: string): boolean {
  return /\p{L}/u.test(text);
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

/**
 * Mode 2 layout, inline "S1 T1 S2 T2": pieces are joined with one space, except after a piece
 * ending in a CJK character or full-width punctuation, where CJK typography puts no space.
 */
export function interleaveSentences(paragraph: TranslatedParagraph, sourceText: string): string {
  const pieces =
    paragraph.sentences.length > 0
      ? paragraph.sentences.flatMap((s) => [s.source.trim(), s.target.trim()])
      : [sourceText.trim(), paragraph.target.trim()];
  let out = '';
  for (const piece of pieces.filter((p) => p.length > 0)) {
    if (out.length > 0 && !/\s$/.test(out)) out += joinerAfter(out);
    out += piece;
  }
  return out;
}

/**
 * Translations come back trimmed; the source's leading and trailing whitespace (indents made of
 * spaces, the space after a footnote mark, a final line break) is layout and is put back.
 */
export function withSourceWhitespace(source: string, text: string): string {
  const lead = /^\s*/u.exec(source)?.[0] ?? '';
  const trail = source.trim() === '' ? '' : (/\s*$/u.exec(source)?.[0] ?? '');
  return `${lead}${xmlSafe(text).trim()}${trail}`;
}

/** Control characters XML 1.0 cannot hold (a model may emit them) would make the part unreadable. */
function xmlSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

/** The joiner after a source piece: none after a CJK character or full-width punctuation. */
function joinerAfter(piece: string): string {
  return CJK.test(piece.at(-1) ?? '') ? '' : ' ';
}

/**
 * Mode 2 for units that keep their source: where each sentence's translation goes. A sentence
 * is found in the text after the previous one; segments kept as they are (code, numbers: their
 * target is their source) get nothing after them; a translation whose sentence is not found
 * goes at the end of the text.
 */
export function sentenceInsertions(text: string, translation: TranslatedParagraph): SentenceInsertion[] {
  const pairs = translation.sentences.length > 0 ? translation.sentences : [{ source: text, target: translation.target }];
  const out: SentenceInsertion[] = [];
  const unplaced: string[] = [];
  let cursor = 0;
  for (const pair of pairs) {
    const source = pair.source.trim();
    const target = xmlSafe(pair.target).trim();
    const at = source === '' ? -1 : text.indexOf(source, cursor);
    if (at >= 0) cursor = at + source.length;
    if (target === '' || target === source) continue;
    if (at < 0) unplaced.push(target);
    else out.push({ from: at, at: cursor, text: `${joinerAfter(source)}${target}` });
  }
  const end = text.trimEnd().length;
  if (unplaced.length > 0) out.push({ from: end, at: end, text: ` ${unplaced.join(' ')}` });
  return out;
}

/** The text with the insertions laid in (what a unit that keeps its source shows in mode 2). */
export function withInsertions(text: string, insertions: readonly SentenceInsertion[]): string {
  let out = '';
  let from = 0;
  for (const { at, text: inserted } of insertions) {
    out += text.slice(from, at) + inserted;
    from = at;
  }
  return out + text.slice(from);
}

export function applyTranslation(unit: TextUnit, translation: TranslatedParagraph, options: Pick<WriteOptions, 'mode'>): void {
  const source = unit.text;
  if (options.mode === 0) unit.replaceText(withSourceWhitespace(source, translation.target));
  else if (options.mode === 1) unit.appendTranslatedCopy(withSourceWhitespace(source, translation.target));
  else if (unit.insertTranslations) unit.insertTranslations(sentenceInsertions(source, translation));
  else unit.replaceText(withSourceWhitespace(source, interleaveSentences(translation, source)));
}

export type TextCounts = { words: number; chars: number };

/** Han, kana: written without spaces, each character counts as a word (as Word counts them). */
const CJK_WORD_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** Any other word: letters/digits/marks, with inner apostrophes or hyphens ("don't", "e-mail"). */
const WORD = /[\p{L}\p{N}\p{M}]+(?:['’-][\p{L}\p{N}\p{M}]+)*/gu;

/** Words and characters (code points, spaces included). Regexes, not Intl.Segmenter: 10x faster on big files. */
export function countText(texts: Iterable<string>): TextCounts {
  let words = 0;
  let chars = 0;
  for (const text of texts) {
    chars += Array.from(text).length;
    const cjk = text.match(CJK_WORD_CHAR)?.length ?? 0;
    const rest = cjk > 0 ? text.replace(CJK_WORD_CHAR, ' ') : text;
    words += cjk + (rest.match(WORD)?.length ?? 0);
  }
  return { words, chars };
}
