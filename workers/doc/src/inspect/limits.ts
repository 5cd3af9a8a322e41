/**
 * The per-file limits of spec section 5, checked on a document's stats once it is opened:
 * paged formats up to 1000 pages, spreadsheets up to 20,000 cells, other files up to 20,000
 * words, every file up to 200,000 characters and 200 MB. `TextBudget` checks the same word and
 * character limits while a format reads, so a huge file is refused as soon as it passes them
 * instead of after it was read whole.
 */
import { LIMITS } from '@mtp/proto';
import { DocumentError, type DocumentStats } from '../formats/types';
import { countWords } from '../formats/text/text-stats';

// OpenDocument files count as their OOXML siblings (they are read through them, see src/legacy).
const PAGED = new Set(['docx', 'doc', 'odt', 'pptx', 'ppt', 'odp', 'pdf']);
const SHEETS = new Set(['xlsx', 'xls', 'ods']);

const kindOf = (ext: string) => ext.toLowerCase().replace(/^\./, '');

function over(what: string, value: number, limit: number, name: keyof typeof LIMITS): void {
  if (value > limit) throw new DocumentError('too_large', `${what} ${value} over the limit of ${limit} (LIMITS.${name})`);
}

export function checkDocumentLimits(ext: string, stats: DocumentStats, bytes: number): void {
  const kind = kindOf(ext);
  over('file size in bytes', bytes, LIMITS.docBytes, 'docBytes');
  if (PAGED.has(kind)) over('pages', stats.pages ?? 0, LIMITS.docPages, 'docPages');
  else if (SHEETS.has(kind)) over('cells', stats.cells ?? 0, LIMITS.sheetCells, 'sheetCells');
  else over('words', stats.words, LIMITS.otherFileWords, 'otherFileWords');
  over('characters', stats.chars, LIMITS.charsPerFile, 'charsPerFile');
}

/** Counts paragraphs as a format finds them and throws `too_large` the moment a limit is passed. */
export class TextBudget {
  private words = 0;
  private chars = 0;
  private readonly countsWords: boolean;

  constructor(ext: string) {
    const kind = kindOf(ext);
    this.countsWords = !PAGED.has(kind) && !SHEETS.has(kind);
  }

  /** One paragraph's text, counted as `textStats` counts it. */
  add(text: string): void {
    this.chars += [...text].length;
    over('characters', this.chars, LIMITS.charsPerFile, 'charsPerFile');
    if (!this.countsWords) return;
    this.words += countWords(text);
    over('words', this.words, LIMITS.otherFileWords, 'otherFileWords');
  }

  /**
   * Text not yet cut into paragraphs (a line still being read) that will be at least `text`
   * without its outer whitespace: refused already if that alone is over the character limit.
   */
  addAtLeast(text: string): void {
    if (text.length <= LIMITS.charsPerFile - this.chars) return;
    over('characters', this.chars + [...text.trim()].length, LIMITS.charsPerFile, 'charsPerFile');
  }
}
