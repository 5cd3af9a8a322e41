/**
 * Word and character counts for the section 5 limits of the text formats. Han, kana and hangul
 * characters count one word each (those scripts do not separate words with spaces); elsewhere a
 * word is a run of letters or digits.
 */
import type { DocumentStats, Paragraph } from '../types';

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
/** One CJK character, or a run of letters/digits that stops at the next CJK character. */
const TOKEN = new RegExp(`[${CJK}]|(?:(?![${CJK}])[\\p{L}\\p{N}])+`, 'gu');

export function countWords(text: string): number {
  return text.match(TOKEN)?.length ?? 0;
}

/** Characters are code points of the translatable text (what translation is charged on). */
export function textStats(paragraphs: readonly Paragraph[]): DocumentStats {
  let words = 0;
  let chars = 0;
  for (const p of paragraphs) {
    words += countWords(p.text);
    chars += [...p.text].length;
  }
  return { words, chars };
}
