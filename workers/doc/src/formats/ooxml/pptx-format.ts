/**
 * PowerPoint presentations: every DrawingML paragraph of the slides (shapes, group shapes,
 * tables, graphic frames), notes slides, the text of masters and layouts that shows on them
 * (slide-masters.ts), comments (legacy `p:text` and modern `a:p`), SmartArt data and charts
 * (titles, axis titles, series and category names).
 *
 * SmartArt and charts: see embedded-graphics.ts.
 */
import type { DocumentFormat } from '../types.js';
import { drawingParagraphUnit, drawingParagraphs } from './drawingml-paragraph.js';
import { graphicParts, graphicUnits } from './embedded-graphics.js';
import { numberedParts, openOoxml, type OoxmlFormatSpec } from './ooxml-document.js';
import { plainTextUnit } from './spreadsheet-text.js';
import type { TextUnit } from './text-units.js';
import { relationshipsOf } from './relationships.js';
import { isMasterPart, masterUnits, shownMasterParts } from './slide-masters.js';
import { NS, descendants, parseXml } from './xml-dom.js';
import type { OoxmlPackage } from './zip-package.js';

const SLIDE = /^ppt\/slides\/slide\d+\.xml$/;

function otherTextParts(pkg: OoxmlPackage): string[] {
  return [...numberedParts(pkg, /^ppt\/comments\/[^/]+\.xml$/), ...graphicParts(pkg, 'ppt')];
}

const PRESENTATION = 'ppt/presentation.xml';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Slides in the order they are shown (`p:sldIdLst`), then any slide part the list does not name. */
function slidesInShowOrder(pkg: OoxmlPackage): string[] {
  const rels = relationshipsOf(pkg, PRESENTATION);
  const presentation = parseXml(pkg.files.get(PRESENTATION) as Uint8Array, PRESENTATION);
  const listed = descendants(presentation, NS.p, 'sldId')
    .map((sldId) => rels.get(sldId.getAttributeNS(OFFICE_RELS, 'id') ?? '')?.target)
    .filter((name): name is string => name !== undefined && pkg.files.has(name));
  return [...new Set([...listed, ...numberedParts(pkg, SLIDE)])];
}

/** Each slide's notes right after the slides, in slide order. */
function notesInShowOrder(pkg: OoxmlPackage, slides: string[]): string[] {
  const notes = slides.flatMap((slide) =>
    [...relationshipsOf(pkg, slide).values()].filter((rel) => rel.type.endsWith('/notesSlide')).map((rel) => rel.target),
  );
  return [...new Set([...notes.filter((name) => pkg.files.has(name)), ...numberedParts(pkg, /^ppt\/notesSlides\/notesSlide\d+\.xml$/)])];
}

export const pptxSpec: OoxmlFormatSpec = {
  mainPart: PRESENTATION,
  textParts(pkg) {
    const slides = slidesInShowOrder(pkg);
    const notes = notesInShowOrder(pkg, slides);
    return [...slides, ...notes, ...shownMasterParts(pkg, slides, notes), ...otherTextParts(pkg)];
  },
  units(doc, partName): TextUnit[] {
    const root = doc.documentElement;
    if (!root) return [];
    if (partName.startsWith('ppt/comments/')) {
      return [...descendants(doc, NS.p, 'text').map(plainTextUnit), ...drawingParagraphs(root).map((p) => drawingParagraphUnit(p))];
    }
    if (isMasterPart(partName)) return masterUnits(doc, partName);
    const graphic = graphicUnits(doc, partName);
    if (graphic) return graphic;
    return drawingParagraphs(root).map((p) => drawingParagraphUnit(p));
  },
  stats(pkg, { words, chars }) {
    return { pages: slidesInShowOrder(pkg).length, words, chars };
  },
};

export const pptxFormat: DocumentFormat = {
  extensions: ['pptx'],
  async open(input) {
    return openOoxml(input, pptxSpec);
  },
};
