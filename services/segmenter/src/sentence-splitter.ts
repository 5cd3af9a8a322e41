/**
 * Splits text into sentences for translation and puts the translations back in its layout.
 * Lines (and blank lines, and each line's leading/trailing whitespace) are kept exactly; each
 * line is cut into sentences by the source language's punctuation; the translated sentences of
 * a line are joined with no space for Chinese and Japanese targets and one space otherwise.
 * Sentences longer than a model comfortably takes are cut further at clause punctuation or
 * spaces, so no input exceeds the model's positions. A sentence that is only code, numbers or
 * math (`code-like.ts`) is not one to translate: the plan keeps it as it is.
 */
import { isAbbreviation } from './abbreviations';
import { isCodeOrMath } from './code-like';

/** A line's segments in order: `null` for the next sentence to translate, or text kept as it is. */
export type LineSegment = string | null;

export type SplitPlan = {
  /** Per line: its separator before it, whitespace around it, and its segments. */
  lines: { separator: string; lead: string; trail: string; segments: LineSegment[] }[];
};

export type SplitResult = { sentences: string[]; plan: SplitPlan };

/** Characters per sentence before it is cut further (well under 512 tokens in any of our languages). */
export const MAX_SENTENCE_CHARS = 400;

const CJK_LANGS = new Set(['zh', 'ja']);
const CLOSERS = '"\'”’」』）)】〕》〉]}»';
/** Sentence ends, searched forward from a position (global, not sticky: one search per end, not per character). */
const CJK_END = /[。！？!?｡]+|[.．](?=[\s"'”’」』）)】〕》〉]|$)|…{1,2}(?=[\s"'”’」』）)】〕》〉]|$)/g;
const LATIN_END = /(?:[.!?…]+|[。！？])/g;

/** The language family part of a spec code: `zh-cn` -> `zh`. */
export function baseLang(lang: string): string {
  return lang.toLowerCase().split(/[-_]/)[0]!;
}

export function joinerFor(targetLang: string): string {
  return CJK_LANGS.has(baseLang(targetLang)) ? '' : ' ';
}

function isSentenceStart(ch: string | undefined): boolean {
  if (ch === undefined) return true;
  // Cased letters must be upper case; uncased scripts (Hangul, CJK), digits and quotes may start one.
  if (/\p{Ll}/u.test(ch)) return false;
  return /[\p{L}\p{N}"'“‘«(（「『[]/u.test(ch);
}

/**
 * Sentences of one line (no newlines in `line`), each trimmed, none empty, long ones cut; the
 * code-like ones too (`splitText` is what sets them apart).
 */
export function splitSentences(line: string, sourceLang: string): string[] {
  const base = baseLang(sourceLang);
  const cjk = CJK_LANGS.has(base);
  return sentencesOfLine(line, base).flatMap((s) => cutLong(s, cjk));
}

/** Sentences of one line as the punctuation ends them, before over-long ones are cut. */
function sentencesOfLine(line: string, base: string): string[] {
  const cjk = CJK_LANGS.has(base);
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < line.length) {
    const end = cjk ? CJK_END : LATIN_END;
    end.lastIndex = i;
    const m = end.exec(line);
    if (!m) break;
    i = m.index;
    let stop = i + m[0].length;
    while (stop < line.length && CLOSERS.includes(line[stop]!)) stop++;
    const next = line.slice(stop).trimStart();
    const cut = cjk
      ? true
      : /[。！？]/.test(m[0]) ||
        (/\s/.test(line[stop] ?? ' ') && isSentenceStart(next[0]) && !(m[0] === '.' && isAbbreviation(line, i, base)));
    if (cut) {
      out.push(line.slice(start, stop).trim());
      start = stop;
    }
    i = stop;
  }
  out.push(line.slice(start).trim());
  return out.filter((s) => s.length > 0);
}

/** Cuts a sentence longer than MAX_SENTENCE_CHARS at the last clause mark or space before the limit. */
function cutLong(sentence: string, cjk: boolean): string[] {
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > MAX_SENTENCE_CHARS) {
    const head = rest.slice(0, MAX_SENTENCE_CHARS);
    const clause = Math.max(...[...'，,；;：:、'].map((c) => head.lastIndexOf(c)));
    const space = cjk ? -1 : head.lastIndexOf(' ');
    const at = clause > MAX_SENTENCE_CHARS / 4 ? clause + 1 : space > MAX_SENTENCE_CHARS / 4 ? space : MAX_SENTENCE_CHARS;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * All sentences of a text to translate (as one batch) and the plan to rebuild its layout. A
 * sentence of code, numbers or math stays in the plan as it is and is not among them.
 */
export function splitText(text: string, sourceLang: string): SplitResult {
  const base = baseLang(sourceLang);
  const cjk = CJK_LANGS.has(base);
  const sentences: string[] = [];
  const lines: SplitPlan['lines'] = [];
  const parts = text.split(/(\r\n|\n|\r|\u2028|\u2029)/);
  for (let p = 0; p < parts.length; p += 2) {
    const line = parts[p]!;
    const separator = p === 0 ? '' : parts[p - 1]!;
    const lead = /^\s*/u.exec(line)![0];
    const body = line.slice(lead.length).trimEnd();
    const trail = line.slice(lead.length + body.length);
    const segments: LineSegment[] = [];
    for (const sentence of body ? sentencesOfLine(body, base) : []) {
      if (isCodeOrMath(sentence)) segments.push(sentence);
      else {
        const pieces = cutLong(sentence, cjk);
        sentences.push(...pieces);
        segments.push(...pieces.map(() => null));
      }
    }
    lines.push({ separator, lead, trail, segments });
  }
  return { sentences, plan: { lines } };
}

/** Rebuilds the text from its plan and the translations of its sentences, in order. */
export function joinText(plan: SplitPlan, translations: readonly string[], targetLang: string): string {
  const joiner = joinerFor(targetLang);
  let next = 0;
  let out = '';
  for (const line of plan.lines) {
    const own = line.segments.map((kept) => kept ?? translations[next++] ?? '');
    out += line.separator + line.lead + own.join(joiner) + line.trail;
  }
  if (next !== translations.length) throw new Error(`joinText got ${translations.length} translations for ${next} sentences`);
  return out;
}
