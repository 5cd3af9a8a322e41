/**
 * The PDF format: paragraphs are rebuilt from positioned text (text-layout.ts), scanned pages
 * are OCR'd (scanned-page.ts), and writing lays each translation into its source block
 * (write-pdf.ts).
 */
import { PDFDocument } from 'pdf-lib';
import { isCjk } from '../../ocr/index.js';
import { DocumentError, type DocumentFormat, type DocumentStats, type OpenedDocument } from '../types.js';
import { loadPdf, type PdfJsDocument } from './pdfjs-load.js';
import { findPageImage, ocrPageImage } from './scanned-page.js';
import { blockOwners, ownersOfItems } from './tagged-structure.js';
import { groupBlocks, groupLines, runsFromTextContent } from './text-layout.js';
import { writeTranslatedPdf, type PlacedBlock } from './write-pdf.js';
import { verticalBlocks } from './vertical-text.js';

export type { PlacedBlock } from './write-pdf.js';

export const pdfFormat: DocumentFormat = {
  extensions: ['pdf'],
  async open(input: Buffer, options: { srcLang: string }): Promise<OpenedDocument> {
    const original = new Uint8Array(input); // our own copy: the caller may reuse its buffer
    const pdf = await loadPdf(original); // refuses password-protected and unreadable files
    await assertWritableAndNotEncrypted(original).catch(async (error: unknown) => {
      await pdf.destroy();
      throw error;
    });
    try {
      const blocks = await readBlocks(pdf, options.srcLang);
      if (blocks.length === 0) throw new DocumentError('empty', 'the PDF has no text to translate');
      return {
        paragraphs: blocks.map((block) => ({ id: block.id, text: block.text })),
        stats: countStats(
          pdf.numPages,
          blocks.map((block) => block.text),
        ),
        write: (translations, writeOptions) => writeTranslatedPdf(original, blocks, translations, writeOptions),
      };
    } finally {
      await pdf.destroy();
    }
  },
};

const unreadable = (pageNumber: number) => (error: unknown) => {
  throw new DocumentError('corrupt', `page ${pageNumber} cannot be read: ${(error as Error).message}`);
};

/**
 * pdf.js opens files encrypted with an empty user password (owner-password "protected" PDFs);
 * we refuse those too (their /Encrypt is in the trailer). Loading with pdf-lib here also makes
 * sure `write` will be able to parse the file: if it cannot, the file is refused now as corrupt.
 */
async function assertWritableAndNotEncrypted(bytes: Uint8Array): Promise<void> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch (error) {
    throw new DocumentError('corrupt', `the PDF cannot be parsed: ${(error as Error).message}`);
  }
  if (doc.isEncrypted) throw new DocumentError('encrypted', 'the PDF is encrypted');
}

/** All blocks of the document, page by page; pages without text but with a full-page image are OCR'd. */
export async function readBlocks(pdf: PdfJsDocument, srcLang: string): Promise<PlacedBlock[]> {
  const placed: PlacedBlock[] = [];
  for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
    const page = await pdf.getPage(pageNumber).catch(unreadable(pageNumber));
    const content = await page.getTextContent({ includeMarkedContent: true }).catch(unreadable(pageNumber));
    // A broken structure tree costs only the tagged boundaries, never the page.
    const owners = ownersOfItems(content.items, blockOwners(await page.getStructTree().catch(() => null)));
    let blocks = [
      ...groupBlocks(groupLines(runsFromTextContent(content.items, content.styles, owners))),
      ...verticalBlocks(content.items, content.styles),
    ];
    let ocr = false;
    if (blocks.length === 0) {
      const image = await findPageImage(page).catch(unreadable(pageNumber));
      // OCR failures (tesseract missing or crashing) are ours, not the file's: they propagate as is.
      if (image) [blocks, ocr] = [await ocrPageImage(page, image, srcLang), true];
    }
    // Page numbers, formula bits and stray symbols have nothing to translate.
    blocks = blocks.filter((block) => /\p{L}/u.test(block.text));
    blocks.forEach((block, index) => placed.push({ ...block, id: `p${pageNumber}-b${index + 1}`, page: pageNumber - 1, ocr }));
    page.cleanup();
  }
  return placed;
}

/** Words: whitespace-separated runs, with every CJK character counted as one word. */
export function countStats(pages: number, texts: readonly string[]): DocumentStats {
  let words = 0;
  let chars = 0;
  for (const text of texts) {
    chars += [...text].length;
    for (const token of text.split(/\s+/)) {
      if (!token) continue;
      const cjk = [...token].filter(isCjk).length;
      words += cjk + (cjk < [...token].length ? 1 : 0);
    }
  }
  return { pages, words, chars };
}
