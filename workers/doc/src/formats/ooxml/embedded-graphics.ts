/**
 * SmartArt and charts, which Word, PowerPoint and Excel store the same way under their own
 * folder (`word/`, `ppt/`, `xl/`): SmartArt text in `diagrams/data*.xml` plus a cached rendering
 * in `diagrams/drawing*.xml` (what the application shows; its paragraphs mirror the data's), and
 * charts' titles, axis titles and series and category names (chart-text.ts).
 */
import { chartUnits } from './chart-text.js';
import { drawingParagraphUnit, drawingParagraphs } from './drawingml-paragraph.js';
import { numberedParts, type OoxmlUnit } from './ooxml-document.js';
import type { Document } from './xml-dom.js';
import type { OoxmlPackage } from './zip-package.js';

export type OfficeFolder = 'word' | 'ppt' | 'xl';

export function graphicParts(pkg: OoxmlPackage, folder: OfficeFolder): string[] {
  return [
    ...numberedParts(pkg, new RegExp(`^${folder}/diagrams/data\\d+\\.xml$`)),
    ...numberedParts(pkg, new RegExp(`^${folder}/diagrams/drawing\\d+\\.xml$`)),
    ...numberedParts(pkg, new RegExp(`^${folder}/charts/chart\\d+\\.xml$`)),
  ];
}

/** The units of a SmartArt or chart part, or undefined when `partName` is neither. */
export function graphicUnits(doc: Document, partName: string): OoxmlUnit[] | undefined {
  const root = doc.documentElement;
  const diagram = /^(\w+)\/diagrams\/(data|drawing)(\d+)\.xml$/.exec(partName);
  if (root && diagram) {
    const placement = { mirrorGroup: `${diagram[1]}/diagram${diagram[3]}`, isMirror: diagram[2] === 'drawing' };
    return drawingParagraphs(root).map((p) => drawingParagraphUnit(p, placement));
  }
  if (root && /^\w+\/charts\/chart\d+\.xml$/.test(partName)) {
    // A workbook's charts show its own cells, which are translated as cells.
    return chartUnits(root, partName, partName.startsWith('xl/'));
  }
  return undefined;
}
