/**
 * Word documents: the body (incl. tables and text boxes, whose mc:Choice and mc:Fallback copies
 * get the same translation), headers, footers, footnotes, endnotes, comments, and the text of
 * SmartArt and chart titles (embedded-graphics.ts).
 */
import type { DocumentFormat } from '../types.js';
import { graphicParts, graphicUnits } from './embedded-graphics.js';
import { numberedParts, openOoxml, type OoxmlFormatSpec } from './ooxml-document.js';
import { wordParagraphUnit } from './wordml-paragraph.js';
import { NS, descendants, type Element } from './xml-dom.js';
import { partText } from './zip-package.js';

/** Pages when Word did not record them: about 500 words or 3000 characters (CJK) per page. */
function estimatePages(words: number, chars: number): number {
  return Math.max(1, Math.ceil(words / 500), Math.ceil(chars / 3000));
}

export const docxSpec: OoxmlFormatSpec = {
  mainPart: 'word/document.xml',
  textParts: (pkg) => [
    'word/document.xml',
    ...numberedParts(pkg, /^word\/header\d*\.xml$/),
    ...numberedParts(pkg, /^word\/footer\d*\.xml$/),
    'word/footnotes.xml',
    'word/endnotes.xml',
    'word/comments.xml',
    ...graphicParts(pkg, 'word'),
  ],
  units(doc, partName) {
    const graphic = graphicUnits(doc, partName);
    if (graphic) return graphic;
    const groupIds = new Map<Element, number>();
    // A Strict document's parts all use the Strict namespace; its paragraphs are read and written in it.
    const w = doc.documentElement?.namespaceURI === NS.wStrict ? NS.wStrict : NS.w;
    return descendants(doc, w, 'p').map((p) => wordParagraphUnit(p, groupIds, partName));
  },
  stats(pkg, { words, chars }) {
    // docProps/app.xml is a flat extended-properties part; <Pages> is what Word last laid out.
    const recorded = /<(?:\w+:)?Pages>\s*(\d+)\s*</.exec(partText(pkg, 'docProps/app.xml') ?? '');
    const pages = recorded ? Number(recorded[1]) : 0;
    return { pages: pages > 0 ? pages : estimatePages(words, chars), words, chars };
  },
};

export const docxFormat: DocumentFormat = {
  extensions: ['docx'],
  async open(input) {
    return openOoxml(input, docxSpec);
  },
};
