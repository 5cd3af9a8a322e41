/** One translation-memory or termbase entry, the common shape of every reader and writer. */
export type Entry = {
  source: string;
  target: string;
  note?: string;
  src_lang?: string;
  tgt_lang?: string;
  attributes?: Record<string, string>;
};

export type FormatName = 'tmx' | 'tbx' | 'csv' | 'txt' | 'xlsx' | 'xls' | 'sdltm';

/**
 * What is wrong, for the user's message (import-errors.ts words it in both languages); the
 * `message` stays English and technical, for the log. Default: `malformed`.
 */
export type FormatReason = 'malformed' | 'quote' | 'columns' | 'separator' | 'language' | 'not-workbook' | 'no-sheet' | 'not-sdltm';

export type FormatErrorInit = { format: FormatName; line?: number; unit?: number; message: string; reason?: FormatReason };

/** A bad input file; the message always names the unit and/or line when they are known. */
export class FormatError extends Error {
  readonly format: FormatName;
  readonly line?: number;
  readonly unit?: number;
  readonly detail: string;
  readonly reason: FormatReason;

  constructor({ format, line, unit, message, reason = 'malformed' }: FormatErrorInit) {
    const where = [unit !== undefined ? `unit ${unit}` : '', line !== undefined ? `line ${line}` : ''].filter(Boolean).join(', ');
    super(`${format.toUpperCase()}${where ? ` ${where}` : ''}: ${message}`);
    this.name = 'FormatError';
    this.format = format;
    this.line = line;
    this.unit = unit;
    this.detail = message;
    this.reason = reason;
  }
}

export type LangPair = { srcLang: string; tgtLang: string };

/** What to do with a unit that lacks the source or target language. */
export type MissingPolicy = 'error' | 'skip';
