/**
 * Excel workbooks: shared strings (plain and rich text, phonetic runs ignored), inline strings
 * in the sheets, print headers and footers (spreadsheet-header-footer.ts), cell comments (legacy
 * and threaded), text boxes in drawings, SmartArt and charts (embedded-graphics.ts; a chart's
 * cached names follow the cells they come from). Formulas (`f`), cached values (`v`) and numbers
 * are never touched.
 *
 * Sheet names are deliberately NOT translated: formulas in other sheets, defined names, charts,
 * pivot caches, data validations, hyperlinks ("#Sheet1!A1") and VBA refer to sheets by name,
 * and rewriting all of them safely is not doable with certainty; a broken reference corrupts
 * data silently, an untranslated tab name does not.
 */
import type { DocumentFormat } from '../types.js';
import { drawingParagraphUnit, drawingParagraphs } from './drawingml-paragraph.js';
import { CELL_TEXT_GROUP } from './chart-text.js';
import { graphicParts, graphicUnits } from './embedded-graphics.js';
import { numberedParts, openOoxml, type OoxmlFormatSpec } from './ooxml-document.js';
import { elementPiece } from './part-piece.js';
import { hasHeaderFooterText, sheetHeaderFooterUnits } from './spreadsheet-header-footer.js';
import { plainTextUnit, richTextUnit } from './spreadsheet-text.js';
import type { TextUnit } from './text-units.js';
import { childElements, type Document, type Element } from './xml-dom.js';
import type { OoxmlPackage } from './zip-package.js';

const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const CHART_SHEET = /^xl\/chartsheets\/sheet\d+\.xml$/;

/** Elements named `local` in the part's own (root) namespace: transitional and strict OOXML differ. */
function ownElements(doc: Document, local: string) {
  const ns = doc.documentElement?.namespaceURI ?? '';
  return Array.from(doc.getElementsByTagNameNS(ns, local));
}

/** A cell element with its content (prefix allowed); `<c .../>` has none. */
const CELL = /<(?:[\w.-]+:)?c(?=[\s>/])[^>]*?(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?c>)/g;
const HAS_VALUE = /<(?:[\w.-]+:)?v>[^<]|<(?:[\w.-]+:)?is[\s>]/;

/**
 * Cells with a value or an inline string (empty styled cells do not count). Sheets can hold
 * hundreds of thousands of cells and xmldom parses ~1 MB/s, so cells are counted by a scan of
 * the XML text instead of a DOM.
 */
function countCells(pkg: OoxmlPackage): number {
  let cells = 0;
  for (const name of numberedParts(pkg, SHEET)) {
    for (const match of sheetXml(pkg, name).matchAll(CELL)) if (HAS_VALUE.test(match[1] ?? '')) cells++;
  }
  return cells;
}

function sheetXml(pkg: OoxmlPackage, name: string): string {
  return new TextDecoder('utf-8').decode(pkg.files.get(name));
}

/** Only sheets with inline strings or a header/footer hold text; the others are never parsed nor rewritten. */
function sheetsWithText(pkg: OoxmlPackage): string[] {
  const worksheets = numberedParts(pkg, SHEET).filter((name) => {
    const xml = sheetXml(pkg, name);
    return xml.includes('inlineStr') || hasHeaderFooterText(xml);
  });
  return [...worksheets, ...numberedParts(pkg, CHART_SHEET).filter((name) => hasHeaderFooterText(sheetXml(pkg, name)))];
}

/** A cell's text; a chart's cached copy of the same text (chart-text.ts) follows its translation. */
function cellTextUnit(container: Element): TextUnit {
  return { ...richTextUnit(container), mirrorGroup: CELL_TEXT_GROUP };
}

/** Comment texts; the leading "Author:" run Excel writes is the author's name, not translated. */
function commentUnits(doc: Document): TextUnit[] {
  const authors = ownElements(doc, 'author').map((author) => author.textContent ?? '');
  return ownElements(doc, 'comment').flatMap((comment) => {
    const text = childElements(comment).find((child) => child.localName === 'text');
    if (!text) return [];
    const author = authors[Number(comment.getAttribute('authorId'))];
    const isAuthorRun = (run: Element, runText: string) =>
      author !== undefined &&
      author !== '' &&
      run === childElements(text).find((child) => child.localName === 'r') &&
      runText.trim() === `${author}:`;
    return [richTextUnit(text, isAuthorRun)];
  });
}

export const xlsxSpec: OoxmlFormatSpec = {
  mainPart: 'xl/workbook.xml',
  textParts: (pkg) => [
    'xl/sharedStrings.xml',
    ...sheetsWithText(pkg),
    ...numberedParts(pkg, /^xl\/comments[^/]*\.xml$/),
    ...numberedParts(pkg, /^xl\/threadedComments\/threadedComment\d+\.xml$/),
    ...numberedParts(pkg, /^xl\/drawings\/drawing\d+\.xml$/),
    ...graphicParts(pkg, 'xl'),
  ],
  textPiece(partName, bytes) {
    if (!SHEET.test(partName) && !CHART_SHEET.test(partName)) return undefined;
    // A sheet with inline strings is parsed whole for its cells; otherwise only its header/footer is.
    const xml = new TextDecoder('utf-8').decode(bytes);
    return xml.includes('inlineStr') ? undefined : elementPiece(xml, 'headerFooter');
  },
  units(doc, partName): TextUnit[] {
    if (partName === 'xl/sharedStrings.xml') return ownElements(doc, 'si').map(cellTextUnit);
    if (SHEET.test(partName)) return [...ownElements(doc, 'is').map(cellTextUnit), ...sheetHeaderFooterUnits(doc)];
    if (CHART_SHEET.test(partName)) return sheetHeaderFooterUnits(doc);
    if (partName.startsWith('xl/comments')) return commentUnits(doc);
    // Excel 365 threaded comments: plain `text` per comment and reply.
    if (partName.startsWith('xl/threadedComments/')) return ownElements(doc, 'text').map(plainTextUnit);
    const graphic = graphicUnits(doc, partName);
    if (graphic) return graphic;
    const root = doc.documentElement;
    return root ? drawingParagraphs(root).map((p) => drawingParagraphUnit(p)) : [];
  },
  stats(pkg, { words, chars }) {
    return { cells: countCells(pkg), words, chars };
  },
};

export const xlsxFormat: DocumentFormat = {
  extensions: ['xlsx'],
  async open(input) {
    return openOoxml(input, xlsxSpec);
  },
};
