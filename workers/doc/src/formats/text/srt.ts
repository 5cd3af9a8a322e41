/**
 * SubRip subtitles: each cue keeps its number and timing line; its text (all its lines) is one
 * paragraph, because subtitle lines are broken for display, not for meaning. Formatting tags
 * (`<i>`, `{\an8}`) are taken out of the text to translate; the tags that open the first line
 * and close the last one are put back around the translation.
 */
import { DocumentError, type DocumentFormat, type OpenedDocument, type Paragraph } from '../types';
import { bilingualText } from './bilingual-lines';
import { decodeText, encodeUtf8 } from './text-encoding';
import { textStats } from './text-stats';

const TIMING = /^\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}/;
const TAG = /<[^>]*>|\{\\[^}]*\}/g;
const LEADING_TAGS = /^(?:<[^/>][^>]*>|\{\\[^}]*\})+/;
const TRAILING_TAGS = /(?:<\/[^>]+>)+$/;

type Cue = {
  /** The number and timing lines, written back untouched. */
  header: string[];
  text: string[];
  prefix: string;
  suffix: string;
};
/** A block that is not a cue (stray text) is written back as it was. */
type Block = { cue?: Cue; raw: string[] };

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const timingAt = current.findIndex((l) => TIMING.test(l));
    if (timingAt >= 0 && timingAt <= 1) {
      const text = current.slice(timingAt + 1);
      const first = text[0] ?? '';
      const last = text[text.length - 1] ?? '';
      blocks.push({
        raw: current,
        cue: {
          header: current.slice(0, timingAt + 1),
          text,
          prefix: LEADING_TAGS.exec(first)?.[0] ?? '',
          suffix: TRAILING_TAGS.exec(last)?.[0] ?? '',
        },
      });
    } else {
      blocks.push({ raw: current });
    }
    current = [];
  };
  for (const line of lines) {
    if (line.trim() === '') flush();
    else current.push(line);
  }
  flush();
  return blocks;
}

const plainText = (cue: Cue) =>
  cue.text
    .map((l) => l.replace(TAG, '').trim())
    .filter(Boolean)
    .join('\n');

export const srtFormat: DocumentFormat = {
  extensions: ['srt'],
  async open(input): Promise<OpenedDocument> {
    const decoded = decodeText(input);
    const eol = /\r\n/.test(decoded.text) ? '\r\n' : '\n';
    const blocks = parseBlocks(decoded.text.split(/\r\n|\n|\r/));
    const paragraphs: Paragraph[] = [];
    blocks.forEach((b, i) => {
      const text = b.cue ? plainText(b.cue) : '';
      if (text) paragraphs.push({ id: `c${i}`, text });
    });
    if (!blocks.some((b) => b.cue)) throw new DocumentError('corrupt', 'no subtitle cue with a timing line');
    if (paragraphs.length === 0) throw new DocumentError('empty', 'the subtitles have no text');

    return {
      paragraphs,
      stats: textStats(paragraphs),
      async write(translations, { mode }) {
        const out = blocks.map((b, i) => {
          const translation = translations.get(`c${i}`);
          if (!b.cue || !translation) return b.raw.join(eol);
          const { header, prefix, suffix } = b.cue;
          const body = bilingualText(plainText(b.cue), translation, mode).join('\n');
          return [...header, prefix + body.split('\n').join(eol) + suffix].join(eol);
        });
        return encodeUtf8(out.join(eol + eol) + eol, decoded.bom);
      },
    };
  },
};
