/**
 * Excel workbooks: shared strings (plain and rich text, phonetic runs ignored), inline strings
 * in the sheets, cell comments (legacy and threaded), text boxes in drawings, SmartArt and chart
 * titles (embedded-graphics.ts). Formulas (`f`), cached values (`v`)
 * and numbers are never touched.
 *
 * Sheet names are deliberately NOT translated: formulas in other sheets, defined names, charts,
 * pivot caches, data validations, hyperlinks ("#Sheet1!A1") and VBA refer to sheets by name,
 * and rewriting all of them safely is not doable with certainty; a broken reference corrupts
 * data silently, an untranslated tab name does not.
 */
import type { DocumentFormat } from '../types.js';
import { drawingParagraphUnit, drawingParagraphs } from './drawingml-paragraph.js';
import { graphicParts, graphicUnits } from './embedded-graphics.js';
import { numberedParts, openOoxml, type OoxmlFormatSpec } from './ooxml-document.js';
import { plainTextUnit, richTextUnit } from './spreadsheet-text.js';
import type { TextUnit } from './text-units.js';
import { childElements, type Document, type Element } from './xml-dom.js';
import type { OoxmlPackage } from './zip-package.js';

const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

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

/** Only sheets with inline strings hold text; the others are never parsed nor rewritten. */
function sheetsWithInlineStrings(pkg: OoxmlPackage): string[] {
  return numberedParts(pkg, SHEET).filter((name) => sheetXml(pkg, name).includes('inlineStr'));
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
    ...sheetsWithInlineStrings(pkg),
    ...numberedParts(pkg, /^xl\/comments[^/]*\.xml$/),
    ...numberedParts(pkg, /^xl\/threadedComments\/threadedComment\d+\.xml$/),
    ...numberedParts(pkg, /^xl\/drawings\/drawing\d+\.xml$/),
    ...graphicParts(pkg, 'xl'),
  ],
  units(doc, partName): TextUnit[] {
    if (partName === 'xl/sharedStrings.xml') return ownElements(doc, 'si').map((si) => richTextUnit(si));
    if (SHEET.test(partName)) return ownElements(doc, 'is').map((is) => richTextUnit(is));
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
