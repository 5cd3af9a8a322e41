/**
 * The per-file limits of spec section 5, checked on a document's stats once it is opened:
 * paged formats up to 1000 pages, spreadsheets up to 20,000 cells, other files up to 20,000
 * words, every file up to 200,000 characters and 200 MB.
 */
import { LIMITS } from '@mtp/proto';
import { DocumentError, type DocumentStats } from '../formats/types';

const PAGED = new Set(['docx', 'doc', 'pptx', 'ppt', 'pdf']);
const SHEETS = new Set(['xlsx', 'xls']);

export function checkDocumentLimits(ext: string, stats: DocumentStats, bytes: number): void {
  const kind = ext.toLowerCase().replace(/^\./, '');
  const over = (what: string, value: number, limit: number, name: keyof typeof LIMITS) => {
    if (value > limit) throw new DocumentError('too_large', `${what} ${value} over the limit of ${limit} (LIMITS.${name})`);
  };
  over('file size in bytes', bytes, LIMITS.docBytes, 'docBytes');
  if (PAGED.has(kind)) over('pages', stats.pages ?? 0, LIMITS.docPages, 'docPages');
  else if (SHEETS.has(kind)) over('cells', stats.cells ?? 0, LIMITS.sheetCells, 'sheetCells');
  else over('words', stats.words, LIMITS.otherFileWords, 'otherFileWords');
  over('characters', stats.chars, LIMITS.charsPerFile, 'charsPerFile');
}
