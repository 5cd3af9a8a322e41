/**
 * Legacy binary Office files (.doc, .xls, .ppt) and OpenDocument files (.odt, .ods, .odp) as
 * document formats: LibreOffice converts them to their OOXML sibling, the modern format does the
 * reading and writing, and LibreOffice converts the result back to the uploaded extension.
 * Inspection runs first so an encrypted file is refused as 'encrypted' (LibreOffice would just
 * fail or hang on the password prompt); an OpenDocument package is also inflated once under the
 * zip budget before LibreOffice, which inflates all of it, is given it.
 */
import { convertWithLibreOffice, OfficeConversionError } from '@mtp/platform';
import { DocumentError, type DocumentFormat, type OpenedDocument } from '../formats/types';
import { checkOdfPackage, inspectDocument, isOdfFormat, type OdfFormat } from '../inspect';

export type LegacyExtension = 'doc' | 'xls' | 'ppt';
export type ModernExtension = 'docx' | 'xlsx' | 'pptx';
/** Every format read and written through its OOXML sibling. */
export type ConvertedExtension = LegacyExtension | OdfFormat;

/** The OOXML sibling each converted format is read and written through. */
export const MODERN_OF: Record<ConvertedExtension, ModernExtension> = {
  doc: 'docx',
  xls: 'xlsx',
  ppt: 'pptx',
  odt: 'docx',
  ods: 'xlsx',
  odp: 'pptx',
};

const isConverted = (ext: string): ext is ConvertedExtension => Object.hasOwn(MODERN_OF, ext);

/**
 * Runs `edit` on a file as an OOXML package: a docx/pptx/xlsx as it is, a doc/ppt/xls or
 * odt/ods/odp converted to its sibling and back (used for the pictures of a document with no
 * text to write; the file was opened, so checked, when it was prepared).
 */
export async function editAsOoxml(
  ext: string,
  input: Buffer,
  edit: (ooxml: Buffer) => Promise<Buffer>,
  convert?: Converter,
): Promise<Buffer> {
  if (!isConverted(ext)) return edit(input);
  const run = convert ?? ((bytes, from, to) => convertWithLibreOffice(bytes, from, to));
  return run(await edit(await run(input, ext, MODERN_OF[ext])), MODERN_OF[ext], ext);
}

/** Buffer in, buffer out: LibreOffice in production, replaceable for other converters. */
export type Converter = (input: Buffer, fromExt: string, toExt: string) => Promise<Buffer>;

export type LegacyOptions = { convert?: Converter; timeoutMs?: number };

/** A .doc/.xls/.ppt through its OOXML sibling. */
export function legacyFormat(
  inner: DocumentFormat,
  legacyExt: LegacyExtension,
  modernExt: ModernExtension,
  options: LegacyOptions = {},
): DocumentFormat {
  return convertedFormat(inner, legacyExt, modernExt, options);
}

/** An .odt/.ods/.odp through its OOXML sibling, written back as the same OpenDocument format. */
export function odfFormat(
  inner: DocumentFormat,
  odfExt: OdfFormat,
  modernExt: ModernExtension,
  options: LegacyOptions = {},
): DocumentFormat {
  return convertedFormat(inner, odfExt, modernExt, options);
}

function convertedFormat(
  inner: DocumentFormat,
  outerExt: ConvertedExtension,
  modernExt: ModernExtension,
  options: LegacyOptions,
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
    extensions: [outerExt],
    async open(input, openOptions): Promise<OpenedDocument> {
      const { format } = inspectDocument(`upload.${outerExt}`, input);
      if (format !== outerExt) throw new DocumentError('unknown_format', `expected a .${outerExt} file, got ${format}`);
      if (isOdfFormat(outerExt)) await checkOdfPackage(`upload.${outerExt}`, input);
      const modern = await converted(input, outerExt, modernExt);
      const opened = await inner.open(modern, openOptions);
      return {
        paragraphs: opened.paragraphs,
        stats: opened.stats,
        heldBytes: opened.heldBytes?.bind(opened),
        layIn: opened.layIn?.bind(opened),
        async write(translations, writeOptions) {
          const written = await opened.write(translations, writeOptions);
          return converted(written, modernExt, outerExt);
        },
      };
    },
  };
}
