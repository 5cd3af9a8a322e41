/**
 * Legacy binary Office files (.doc, .xls, .ppt) as document formats: LibreOffice converts them
 * to their OOXML sibling, the modern format does the reading and writing, and LibreOffice
 * converts the result back to the legacy extension. Inspection runs first so an encrypted file
 * is refused as 'encrypted' (LibreOffice would just fail or hang on the password prompt).
 */
import { convertWithLibreOffice, OfficeConversionError } from '@mtp/platform';
import { DocumentError, type DocumentFormat, type OpenedDocument } from '../formats/types';
import { inspectDocument } from '../inspect';

export type LegacyExtension = 'doc' | 'xls' | 'ppt';
export type ModernExtension = 'docx' | 'xlsx' | 'pptx';

/** The OOXML sibling each legacy format is read and written through. */
export const MODERN_OF: Record<LegacyExtension, ModernExtension> = { doc: 'docx', xls: 'xlsx', ppt: 'pptx' };

const isLegacy = (ext: string): ext is LegacyExtension => ext in MODERN_OF;

/**
 * Runs `edit` on a file as an OOXML package: a docx/pptx/xlsx as it is, a doc/ppt/xls converted
 * to its sibling and back (used for the pictures of a document with no text to write).
 */
export async function editAsOoxml(
  ext: string,
  input: Buffer,
  edit: (ooxml: Buffer) => Promise<Buffer>,
  convert?: Converter,
): Promise<Buffer> {
  if (!isLegacy(ext)) return edit(input);
  const run = convert ?? ((bytes, from, to) => convertWithLibreOffice(bytes, from, to));
  return run(await edit(await run(input, ext, MODERN_OF[ext])), MODERN_OF[ext], ext);
}

/** Buffer in, buffer out: LibreOffice in production, replaceable for other converters. */
export type Converter = (input: Buffer, fromExt: string, toExt: string) => Promise<Buffer>;

export type LegacyOptions = { convert?: Converter; timeoutMs?: number };

export function legacyFormat(
  inner: DocumentFormat,
  legacyExt: LegacyExtension,
  modernExt: ModernExtension,
  options: LegacyOptions = {},
): DocumentFormat {
  const convert: Converter =
    options.convert ?? ((input, from, to) => convertWithLibreOffice(input, from, to, { timeoutMs: options.timeoutMs }));

  const converted = async (input: Buffer, from: string, to: string): Promise<Buffer> => {
    try {
      return await convert(input, from, to);
    } catch (e) {
      // A file LibreOffice cannot read is a broken upload; a missing soffice is our fault.
      if (e instanceof OfficeConversionError && e.reason === 'failed') {
        throw new DocumentError('corrupt', `cannot convert .${from} to .${to}: ${e.message}`);
      }
      throw e;
    }
  };

  return {
    extensions: [legacyExt],
    async open(input, openOptions): Promise<OpenedDocument> {
      const { format } = inspectDocument(`upload.${legacyExt}`, input);
      if (format !== legacyExt) throw new DocumentError('unknown_format', `expected a .${legacyExt} file, got ${format}`);
      const modern = await converted(input, legacyExt, modernExt);
      const opened = await inner.open(modern, openOptions);
      return {
        paragraphs: opened.paragraphs,
        stats: opened.stats,
        heldBytes: opened.heldBytes?.bind(opened),
        layIn: opened.layIn?.bind(opened),
        async write(translations, writeOptions) {
          const written = await opened.write(translations, writeOptions);
          return converted(written, modernExt, legacyExt);
        },
      };
    },
  };
}
