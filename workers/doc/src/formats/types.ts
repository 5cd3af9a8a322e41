/**
 * The one contract every document format implements. A format opens a file into its
 * translatable paragraphs (in document order) and counts what the section 5 limits need; after
 * translation it writes a new file in the same format with the translations laid in, in one of
 * three output modes. Everything not translated (styles, images, formulas, structure) is copied
 * through unchanged.
 */

/** 0 translation only, 1 bilingual by paragraph, 2 bilingual by sentence (ARCHITECTURE.md). */
export type OutputMode = 0 | 1 | 2;

/** One translatable unit: a paragraph, a table cell's paragraph, a slide's text paragraph, a cell. */
export type Paragraph = {
  /** Stable within the opened document: the format finds the place again by it when writing. */
  id: string;
  /** Plain text to translate (inline markup removed; line breaks as `\n`). Never empty. */
  text: string;
};

/** What the limits of spec section 5 are checked against. Absent counts do not apply to the format. */
export type DocumentStats = {
  pages?: number;
  cells?: number;
  words: number;
  chars: number;
};

/** A paragraph's translation: its sentences, source and target side by side (for mode 2). */
export type TranslatedParagraph = {
  sentences: { source: string; target: string }[];
  /** The whole paragraph's translation (the targets joined as the target language joins them). */
  target: string;
};

export type WriteOptions = {
  mode: OutputMode;
  srcLang: string;
  tgtLang: string;
  /**
   * OOXML formats (and the legacy ones written through them): a last step on the written OOXML
   * package, e.g. translating its pictures. A legacy format runs it before converting back, so
   * its pictures are reached without another conversion round trip.
   */
  finishPackage?: (ooxml: Buffer) => Promise<Buffer>;
  /** PDF: translates one picture a text page paints (null: nothing to translate in it). */
  translatePicture?: PictureTranslator;
};

/** A picture's translated version (same size and format), or null when it has no text to translate. */
export type PictureTranslator = (image: Buffer, format: 'png' | 'jpeg') => Promise<Buffer | null>;

export interface OpenedDocument {
  paragraphs: Paragraph[];
  stats: DocumentStats;
  /** About how much memory the opened document holds (a cache of opened documents weighs them by it). */
  heldBytes?(): number;
  /**
   * The translated file. `translations` has an entry for every paragraph id; a paragraph
   * missing from it is left as it was.
   */
  write(translations: ReadonlyMap<string, TranslatedParagraph>, options: WriteOptions): Promise<Buffer>;
  /**
   * Optional: lays some paragraphs' translations in ahead of the first `write`, as they arrive,
   * so that write has only the rest left to do. The write that follows must give the same
   * translations for these paragraphs; a write in another mode ignores what was laid in.
   */
  layIn?(translations: ReadonlyMap<string, TranslatedParagraph>, options: Pick<WriteOptions, 'mode'>): void;
}

export interface DocumentFormat {
  /** Lower-case extensions without the dot, e.g. `['docx']`. */
  extensions: readonly string[];
  /**
   * Reads the file. Throws `DocumentError` for a file it cannot read (corrupt, encrypted,
   * too large when unpacked), never anything half-read.
   */
  open(input: Buffer, options: { srcLang: string }): Promise<OpenedDocument>;
}

/** Why a file was refused; the gateway maps each reason to a code and message (spec section 8). */
export type DocumentErrorReason =
  | 'corrupt' // file parsing failed
  | 'encrypted' // password-protected / confidential file rejected
  | 'unknown_format'
  | 'too_large' // over the section 5 limits, or a zip bomb
  | 'empty'; // nothing to translate

export class DocumentError extends Error {
  constructor(
    readonly reason: DocumentErrorReason,
    detail: string,
  ) {
    super(detail);
    this.name = 'DocumentError';
  }
}
