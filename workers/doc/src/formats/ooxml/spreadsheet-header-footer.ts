/**
 * Print headers and footers of worksheets and chart sheets (`headerFooter`: odd, even and first
 * page) as TextUnits. One unit is a phrase: the text between fields, sections and line breaks
 * (`Page &P of &N` gives "Page " and " of "), so every field stays exactly where the source put
 * it; format codes inside a phrase stay in place and its translation goes into its first text
 * piece (as for runs: the first one's formatting wins).
 *
 * Mode 1 puts, under each line that has a translated phrase, a copy of that line with the
 * translations (fields and fonts repeated, on/off toggles left out so they do not switch the
 * style back). Excel drops a header or footer longer than 255 characters (codes included)
 * when it opens the file, so one whose translation would be longer keeps its source text.
 */
import { tokenSource, tokenizeHeaderFooter, type HeaderFooterToken } from './header-footer-codes.js';
import type { TextUnit } from './text-units.js';
import { childElements, setPreservedText, type Document, type Element } from './xml-dom.js';

/** Excel's limit for one header or footer string, codes included. */
export const MAX_HEADER_FOOTER_LENGTH = 255;

const HEADER_FOOTER = new Set(['oddHeader', 'oddFooter', 'evenHeader', 'evenFooter', 'firstHeader', 'firstFooter']);

type Phrase = { textTokens: number[]; text: string; replacement?: string; copy?: string };

/** Tokens split into lines (what lies between sections and breaks), each with its phrases. */
type Line = { tokens: number[]; phrases: Phrase[]; end?: number };

function linesOf(tokens: HeaderFooterToken[]): Line[] {
  const lines: Line[] = [{ tokens: [], phrases: [] }];
  let phrase: Phrase | undefined;
  tokens.forEach((token, index) => {
    const line = lines.at(-1) as Line;
    if (token.kind === 'section' || token.kind === 'break') {
      line.end = index;
      lines.push({ tokens: [], phrases: [] });
      phrase = undefined;
      return;
    }
    line.tokens.push(index);
    if (token.kind === 'field') phrase = undefined;
    if (token.kind !== 'text') return;
    if (!phrase) line.phrases.push((phrase = { textTokens: [], text: '' }));
    phrase.textTokens.push(index);
    phrase.text += token.text;
  });
  return lines;
}

function render(tokens: HeaderFooterToken[], lines: Line[]): string {
  const textAt = new Map<number, string>(); // text token -> what replaces it
  const copyTextAt = new Map<number, string>();
  for (const phrase of lines.flatMap((line) => line.phrases)) {
    phrase.textTokens.forEach((index, n) => {
      if (phrase.replacement !== undefined) textAt.set(index, n === 0 ? phrase.replacement : '');
      if (phrase.copy !== undefined) copyTextAt.set(index, n === 0 ? phrase.copy : '');
    });
  }
  const piece = (index: number, texts: Map<number, string>) => {
    const token = tokens[index] as HeaderFooterToken;
    const text = texts.get(index);
    return text !== undefined ? tokenSource({ kind: 'text', text }) : tokenSource(token);
  };
  let out = '';
  for (const line of lines) {
    out += line.tokens.map((index) => piece(index, textAt)).join('');
    if (line.phrases.some((phrase) => phrase.copy !== undefined)) {
      const copied = line.tokens.filter((index) => tokens[index]?.kind !== 'toggle');
      out += `\n${copied.map((index) => piece(index, copyTextAt)).join('')}`;
    }
    if (line.end !== undefined) out += tokenSource(tokens[line.end] as HeaderFooterToken);
  }
  return out;
}

function headerFooterUnits(el: Element): TextUnit[] {
  const source = el.textContent ?? '';
  const tokens = tokenizeHeaderFooter(source);
  const lines = linesOf(tokens);
  const update = () => {
    const value = render(tokens, lines);
    if (value.length > MAX_HEADER_FOOTER_LENGTH) el.textContent = source;
    else if (/^\s|\s$|\n/.test(value)) setPreservedText(el, value);
    else el.textContent = value;
  };
  return lines
    .flatMap((line) => line.phrases)
    .map((phrase) => ({
      text: phrase.text,
      replaceText(translation) {
        phrase.replacement = translation;
        update();
      },
      appendTranslatedCopy(translation) {
        phrase.copy = translation;
        update();
      },
    }));
}

/** The phrases of every header and footer of a worksheet or chart sheet part, in document order. */
export function sheetHeaderFooterUnits(doc: Document): TextUnit[] {
  const ns = doc.documentElement?.namespaceURI ?? '';
  return doc
    .getElementsByTagNameNS(ns, 'headerFooter')
    .flatMap((headerFooter) => childElements(headerFooter).filter((el) => el.namespaceURI === ns && HEADER_FOOTER.has(el.localName ?? '')))
    .flatMap(headerFooterUnits);
}

/** Whether a sheet's XML has a header or footer with text, found without parsing it. */
export function hasHeaderFooterText(xml: string): boolean {
  return /<(?:[\w.-]+:)?(?:odd|even|first)(?:Header|Footer)(?:\s[^>]*)?>[^<]/.test(xml);
}
