/**
 * Word documents: the body (incl. tables and text boxes, whose mc:Choice and mc:Fallback copies
 * get the same translation), headers, footers, footnotes, endnotes, comments, the text of
 * SmartArt and chart titles (embedded-graphics.ts), tracked moved text (wordml-moves.ts) and the
 * document data that content controls show (word-data-binding.ts).
 */
import type { DocumentFormat } from '../types.js';
import { graphicParts, graphicUnits } from './embedded-graphics.js';
import { numberedParts, openOoxml, type OoxmlFormatSpec } from './ooxml-document.js';
import type { TextUnit } from './text-units.js';
import { boundDataParts, boundDataUnits, type BoundData } from './word-data-binding.js';
import { wordParagraphUnits } from './wordml-paragraph.js';
import { NS, descendants, type Document, type Element } from './xml-dom.js';
import { partText, type OoxmlPackage } from './zip-package.js';

/** Pages when Word did not record them: about 500 words or 3000 characters (CJK) per page. */
function estimatePages(words: number, chars: number): number {
  return Math.max(1, Math.ceil(words / 500), Math.ceil(chars / 3000));
}

function wordParts(pkg: OoxmlPackage): string[] {
  return [
    'word/document.xml',
    ...numberedParts(pkg, /^word\/header\d*\.xml$/),
    ...numberedParts(pkg, /^word\/footer\d*\.xml$/),
    'word/footnotes.xml',
    'word/endnotes.xml',
    'word/comments.xml',
  ];
}

/** Paragraphs in order, then moved-from text (a mirror of moved-to text that may come after it). */
function wordUnits(doc: Document, partName: string): TextUnit[] {
  const groupIds = new Map<Element, number>();
  // A Strict document's parts all use the Strict namespace; its paragraphs are read and written in it.
  const w = doc.documentElement?.namespaceURI === NS.wStrict ? NS.wStrict : NS.w;
  const units = descendants(doc, w, 'p').map((p) => wordParagraphUnits(p, groupIds, partName));
  return [...units.map((unit) => unit.paragraph), ...units.flatMap((unit) => (unit.movedFrom ? [unit.movedFrom] : []))];
}

/**
 * One spec per opened file: the data parts bound to content controls are found with the text
 * parts (they come after the Word parts, whose paragraphs are their originals) and read by
 * `units` for those parts.
 */
export function docxSpec(): OoxmlFormatSpec {
  let boundData = new Map<string, BoundData>();
  return {
    mainPart: 'word/document.xml',
    textParts(pkg) {
      const word = wordParts(pkg);
      boundData = boundDataParts(pkg, word);
      return [...word, ...graphicParts(pkg, 'word'), ...boundData.keys()];
    },
    units(doc, partName) {
      const data = boundData.get(partName);
      if (data) return boundDataUnits(doc, data);
      return graphicUnits(doc, partName) ?? wordUnits(doc, partName);
    },
    stats(pkg, { words, chars }) {
      // docProps/app.xml is a flat extended-properties part; <Pages> is what Word last laid out.
      const recorded = /<(?:\w+:)?Pages>\s*(\d+)\s*</.exec(partText(pkg, 'docProps/app.xml') ?? '');
      const pages = recorded ? Number(recorded[1]) : 0;
      return { pages: pages > 0 ? pages : estimatePages(words, chars), words, chars };
    },
  };
}

export const docxFormat: DocumentFormat = {
  extensions: ['docx'],
  async open(input) {
    return openOoxml(input, docxSpec());
  },
};
