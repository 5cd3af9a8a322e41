/**
 * Plain text: every non-blank line is a paragraph (a wrapped paragraph spanning lines would be
 * guesswork, and line-per-segment is what users of .txt expect back). Blank lines, line endings
 * and leading indentation are kept; the result is always UTF-8.
 */
import { DocumentError, type DocumentFormat, type OpenedDocument, type Paragraph } from '../types';
import { bilingualText } from './bilingual-lines';
import { decodeText, encodeUtf8 } from './text-encoding';
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

export const txtFormat: DocumentFormat = {
  extensions: ['txt'],
  async open(input): Promise<OpenedDocument> {
    const decoded = decodeText(input);
    const lines = splitLines(decoded.text);
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
        return encodeUtf8(out.join(''), decoded.bom);
      },
    };
  },
};
