/**
 * Plain text: every non-blank line is a paragraph (a wrapped paragraph spanning lines would be
 * guesswork, and line-per-segment is what users of .txt expect back). Blank lines, line endings
 * and leading indentation are kept; the result is always UTF-8.
 */
import { TextBudget } from '../../inspect/limits';
import { DocumentError, type DocumentFormat, type OpenedDocument, type Paragraph } from '../types';
import { bilingualText } from './bilingual-lines';
import { decodeText, encodeUtf8, unicodeBomOf, unicodePieces } from './text-encoding';
import { textStats } from './text-stats';

type Line = { text: string; eol: string };

/** Splits keeping each line's own ending, so CRLF, LF and CR files come back as they were. */
export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  const re = /\r\n|\n|\r/g;
  let start = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    lines.push({ text: text.slice(start, m.index), eol: m[0] });
    start = m.index + m[0].length;
  }
  if (start < text.length) lines.push({ text: text.slice(start), eol: '' });
  return lines;
}

/** A line break, except a CR ending the text so far: the next piece may start with its LF. */
const BREAK_BEFORE_MORE = /\r\n|\n|\r(?!$)/g;

/**
 * The lines of decoded pieces, each non-blank one counted against the section 5 limits as soon
 * as it is complete, so a huge file is refused after reading just past the limit.
 */
function collectLines(pieces: Iterable<string>, budget: TextBudget): Line[] {
  const lines: Line[] = [];
  const take = (text: string, eol: string) => {
    if (text.trim()) budget.add(text.trim());
    lines.push({ text, eol });
  };
  let pending = '';
  for (const piece of pieces) {
    pending += piece;
    let start = 0;
    BREAK_BEFORE_MORE.lastIndex = 0;
    for (let m = BREAK_BEFORE_MORE.exec(pending); m; m = BREAK_BEFORE_MORE.exec(pending)) {
      take(pending.slice(start, m.index), m[0]);
      start = m.index + m[0].length;
    }
    pending = pending.slice(start);
    // One endless line is refused too, without waiting for its end.
    budget.addAtLeast(pending);
  }
  for (const line of splitLines(pending)) take(line.text, line.eol);
  return lines;
}

/** Unicode files are read in pieces; a legacy encoding is guessed from the whole file, then counted the same way. */
function readLines(input: Buffer): { lines: Line[]; bom: boolean } {
  try {
    return { lines: collectLines(unicodePieces(input), new TextBudget('txt')), bom: unicodeBomOf(input) !== undefined };
  } catch (err) {
    // Not UTF-8: decodeText guesses the legacy encoding from the whole file.
    if (!(err instanceof TypeError)) throw err;
  }
  const decoded = decodeText(input);
  return { lines: collectLines([decoded.text], new TextBudget('txt')), bom: decoded.bom };
}

export const txtFormat: DocumentFormat = {
  extensions: ['txt'],
  async open(input): Promise<OpenedDocument> {
    const { lines, bom } = readLines(input);
    const paragraphs: Paragraph[] = [];
    lines.forEach((line, i) => {
      if (line.text.trim()) paragraphs.push({ id: `l${i}`, text: line.text.trim() });
    });
    if (paragraphs.length === 0) throw new DocumentError('empty', 'the text file has no text');
    const defaultEol = lines.find((l) => l.eol)?.eol ?? '\n';

    return {
      paragraphs,
      stats: textStats(paragraphs),
      async write(translations, { mode }) {
        const out = lines.map((line, i) => {
          const translation = translations.get(`l${i}`);
          if (!translation || !line.text.trim()) return line.text + line.eol;
          const indent = /^\s*/.exec(line.text)![0];
          const parts = bilingualText(line.text.trim(), translation, mode).map((t) => indent + t);
          return parts.join(line.eol || defaultEol) + line.eol;
        });
        return encodeUtf8(out.join(''), bom);
      },
    };
  },
};
