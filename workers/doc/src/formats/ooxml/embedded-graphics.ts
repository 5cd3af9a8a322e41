/**
 * SmartArt and charts, which Word, PowerPoint and Excel store the same way under their own
 * folder (`word/`, `ppt/`, `xl/`): SmartArt text in `diagrams/data*.xml` plus a cached rendering
 * in `diagrams/drawing*.xml` (what the application shows; its paragraphs mirror the data's), and
 * chart titles and axis titles as DrawingML paragraphs under `c:rich`. Series and category names
 * come from the chart's cached cell values and are not translated.
 */
import { drawingParagraphUnit, drawingParagraphs } from './drawingml-paragraph.js';
import { numberedParts } from './ooxml-document.js';
import type { TextUnit } from './text-units.js';
import type { Document } from './xml-dom.js';
import type { OoxmlPackage } from './zip-package.js';

export type OfficeFolder = 'word' | 'ppt' | 'xl';

const CHART_TEXT_CONTAINERS = new Set(['rich']);

export function graphicParts(pkg: OoxmlPackage, folder: OfficeFolder): string[] {
  return [
    ...numberedParts(pkg, new RegExp(`^${folder}/diagrams/data\\d+\\.xml$`)),
    ...numberedParts(pkg, new RegExp(`^${folder}/diagrams/drawing\\d+\\.xml$`)),
    ...numberedParts(pkg, new RegExp(`^${folder}/charts/chart\\d+\\.xml$`)),
  ];
}

/** The units of a SmartArt or chart part, or undefined when `partName` is neither. */
export function graphicUnits(doc: Document, partName: string): TextUnit[] | undefined {
  const root = doc.documentElement;
  const diagram = /^(\w+)\/diagrams\/(data|drawing)(\d+)\.xml$/.exec(partName);
  if (root && diagram) {
    const placement = { mirrorGroup: `${diagram[1]}/diagram${diagram[3]}`, isMirror: diagram[2] === 'drawing' };
    return drawingParagraphs(root).map((p) => drawingParagraphUnit(p, placement));
  }
  if (root && /^\w+\/charts\/chart\d+\.xml$/.test(partName)) {
    return drawingParagraphs(root, CHART_TEXT_CONTAINERS).map((p) => drawingParagraphUnit(p));
  }
  return undefined;
}
