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

export type FormatErrorInit = { format: FormatName; line?: number; unit?: number; message: string };

/** A bad input file; the message always names the unit and/or line when they are known. */
export class FormatError extends Error {
  readonly format: FormatName;
  readonly line?: number;
  readonly unit?: number;
  readonly detail: string;

  constructor({ format, line, unit, message }: FormatErrorInit) {
    const where = [unit !== undefined ? `unit ${unit}` : '', line !== undefined ? `line ${line}` : ''].filter(Boolean).join(', ');
    super(`${format.toUpperCase()}${where ? ` ${where}` : ''}: ${message}`);
    this.name = 'FormatError';
    this.format = format;
    this.line = line;
    this.unit = unit;
    this.detail = message;
  }
}

export type LangPair = { srcLang: string; tgtLang: string };

/** What to do with a unit that lacks the source or target language. */
export type MissingPolicy = 'error' | 'skip';
