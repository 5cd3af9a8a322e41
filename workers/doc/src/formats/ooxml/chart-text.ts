/**
 * The text a chart part (`{word,ppt,xl}/charts/chartN.xml`) shows, in document order: titles,
 * axis titles and custom data labels (DrawingML paragraphs under `c:rich`), and series and
 * category names: the cached values of the cells they come from (`c:strCache`, multi-level
 * `c:multiLvlStrCache`, `c15:dlblRangeCache` labels), literal names (`c:strLit`, a series'
 * `c:tx/c:v`). The cell references (`c:f`) are never touched, nor are numbers.
 *
 * Where the cells are:
 * - xlsx: in the workbook's own sheets, translated as cells. Excel redraws the chart from the
 *   cells, so a cached name takes the translation of the cell with the same text (a mirror of
 *   `CELL_TEXT_GROUP`) and, with no such cell (a formula's result, another workbook), stays
 *   as it is, like its cell.
 * - docx, pptx: in an embedded workbook (`embeddings/*.xlsx`) or an external file. Word and
 *   PowerPoint draw the chart from the cache, so the cache is translated; each name once per
 *   chart (a category repeated for every series gets one translation). The embedded workbook
 *   is left as it is: see the README ("Charts").
 */
import { drawingParagraphUnit, drawingParagraphs } from './drawingml-paragraph.js';
import { plainTextUnit } from './spreadsheet-text.js';
import type { OoxmlUnit } from './ooxml-document.js';
import { NS, childElements, is, type Element } from './xml-dom.js';

/** Mirror group of a workbook's cell texts (shared and inline strings). */
export const CELL_TEXT_GROUP = 'xl/cells';

const RICH_TEXT = new Set(['rich']);
/** Caches of cell values (any namespace: `c15:dlblRangeCache` is an extension's). */
const CELL_CACHES = new Set(['strCache', 'multiLvlStrCache', 'dlblRangeCache']);

type ChartText = { kind: 'paragraph' | 'cached' | 'literal'; el: Element };

/** Paragraphs and name values of the chart, in document order. */
function chartTexts(root: Element): ChartText[] {
  const found: ChartText[] = [];
  const values = (el: Element, kind: ChartText['kind']) => {
    for (const v of el.getElementsByTagNameNS(NS.c, 'v')) if (is(v.parentNode, NS.c, 'pt')) found.push({ kind, el: v });
  };
  const visit = (el: Element) => {
    for (const child of childElements(el)) {
      const chartElement = child.namespaceURI === NS.c ? child.localName : undefined;
      if (chartElement === 'rich') {
        for (const p of drawingParagraphs(child, RICH_TEXT)) found.push({ kind: 'paragraph', el: p });
      } else if (CELL_CACHES.has(child.localName ?? '')) values(child, 'cached');
      else if (chartElement === 'strLit') values(child, 'literal');
      else if (chartElement === 'v' && is(el, NS.c, 'tx')) found.push({ kind: 'literal', el: child });
      else visit(child);
    }
  };
  visit(root);
  return found;
}

/**
 * The units of a chart part. `cellsTranslated`: the names' cells are translated elsewhere in the
 * package (xlsx), so cached names only mirror them.
 */
export function chartUnits(root: Element, partName: string, cellsTranslated: boolean): OoxmlUnit[] {
  const seen = new Set<string>();
  return chartTexts(root).map(({ kind, el }): OoxmlUnit => {
    if (kind === 'paragraph') return drawingParagraphUnit(el);
    const unit = plainTextUnit(el);
    if (kind === 'cached' && cellsTranslated) return { ...unit, mirrorGroup: CELL_TEXT_GROUP, isMirror: true, mirrorOnly: true };
    // The same name in several series: the first one is translated, the others follow it.
    const isMirror = seen.has(unit.text);
    seen.add(unit.text);
    return { ...unit, mirrorGroup: partName, isMirror };
  });
}
