/**
 * The front door of document translation: which format reads a file (extension and content must
 * agree), refusals for encrypted, corrupt, unknown or too large files, and the section 5 limits
 * on what the format counted. Everything throws `DocumentError` with a reason the caller maps to
 * the spec's codes and messages.
 */
import { docxFormat, pptxFormat, xlsxFormat } from '../formats/ooxml/index';
import { pdfFormat } from '../formats/pdf/index';
import { htmlFormat, srtFormat, txtFormat, xliffFormat } from '../formats/text/index';
import type { DocumentFormat, OpenedDocument } from '../formats/types';
import { checkDocumentLimits, inspectDocument, type InspectedFormat } from '../inspect/index';
import { legacyFormat, odfFormat } from '../legacy/index';

export const FORMATS: Record<InspectedFormat, DocumentFormat> = {
  docx: docxFormat,
  pptx: pptxFormat,
  xlsx: xlsxFormat,
  pdf: pdfFormat,
  txt: txtFormat,
  html: htmlFormat,
  srt: srtFormat,
  xliff: xliffFormat,
  doc: legacyFormat(docxFormat, 'doc', 'docx'),
  ppt: legacyFormat(pptxFormat, 'ppt', 'pptx'),
  xls: legacyFormat(xlsxFormat, 'xls', 'xlsx'),
  odt: odfFormat(docxFormat, 'odt', 'docx'),
  ods: odfFormat(xlsxFormat, 'ods', 'xlsx'),
  odp: odfFormat(pptxFormat, 'odp', 'pptx'),
};

export type OpenedFile = { format: InspectedFormat; document: OpenedDocument };

/** Inspects, opens and checks one uploaded file. */
export async function openDocument(fileName: string, bytes: Buffer, srcLang: string): Promise<OpenedFile> {
  const { format } = inspectDocument(fileName, bytes);
  const document = await FORMATS[format].open(bytes, { srcLang });
  checkDocumentLimits(format, document.stats, bytes.length);
  return { format, document };
}
