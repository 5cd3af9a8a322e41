/**
 * A WordprocessingML paragraph (`w:p`) as a TextUnit. Its text is that of its own runs
 * (wordml-scan.ts: what is read and what is not); the translation goes into the runs that carry
 * the text (wordml-edits.ts, run-alignment.ts).
 *
 * Copies of the same text share one translation (mirror groups): a text box's mc:Fallback copy,
 * a paragraph and the document data it is bound to (word-data-binding.ts), moved-to and
 * moved-from text (wordml-moves.ts).
 */
import type { TextUnit } from './text-units.js';
import { boundGroup, boundParagraph } from './word-data-binding.js';
import { insertWordTranslations, replaceWordText, wordCopyRuns } from './wordml-edits.js';
import { movedFromUnit, movesGroup } from './wordml-moves.js';
import type { WordRuns } from './wordml-runs.js';
import { scanRuns, textOfItem, type WordScan } from './wordml-scan.js';
import { NS, childElements, closest, createLike, insertAfterLater, is, isElement, remove, type Element } from './xml-dom.js';

type Placement = { mirrorGroup?: string; isMirror?: boolean };

/** Which copy of an mc:AlternateContent the paragraph lives in, so Choice and Fallback stay consistent. */
function alternatePlace(p: Element, groupIds: Map<Element, number>, groupPrefix: string): Placement {
  for (let up = p.parentNode; up; up = up.parentNode) {
    if (!isElement(up) || up.namespaceURI !== NS.mc) continue;
    if (up.localName !== 'Choice' && up.localName !== 'Fallback') continue;
    const alternate = closest(up, NS.mc, 'AlternateContent');
    if (!alternate) return {};
    if (!groupIds.has(alternate)) groupIds.set(alternate, groupIds.size);
    return { mirrorGroup: `${groupPrefix}#ac${groupIds.get(alternate)}`, isMirror: up.localName === 'Fallback' };
  }
  return {};
}

/** Revision marks on a paragraph mark: the copy is new text, and revision ids must stay unique. */
const REVISION_MARKS = new Set(['ins', 'del', 'moveFrom', 'moveTo', 'rPrChange', 'pPrChange']);

function copyParagraphProperties(pPr: Element, w: string): Element {
  const copy = pPr.cloneNode(true) as Element;
  for (const child of childElements(copy)) {
    if (is(child, w, 'pPrChange')) remove(child);
    if (is(child, w, 'rPr'))
      for (const mark of childElements(child)) if (mark.namespaceURI === w && REVISION_MARKS.has(mark.localName)) remove(mark);
  }
  return copy;
}

/**
 * The paragraph's unit and, when it has moved-from text, that text's unit (wordml-moves.ts).
 * `groupIds` numbers the part's mc:AlternateContent elements (shared by all paragraphs of one
 * part); `groupPrefix` (the part name) makes the mirror group names unique in the package.
 */
export function wordParagraphUnits(
  p: Element,
  groupIds: Map<Element, number>,
  groupPrefix: string,
): { paragraph: TextUnit; movedFrom?: TextUnit } {
  const w = p.namespaceURI ?? NS.w;
  const scan = scanRuns([p], w);
  return {
    paragraph: paragraphUnit(p, w, scan, alternatePlace(p, groupIds, groupPrefix), groupPrefix),
    movedFrom: movedFromUnit(scan.movedFrom, w, groupPrefix),
  };
}

function paragraphUnit(p: Element, w: string, scan: WordScan, alternate: Placement, groupPrefix: string): TextUnit {
  // New elements are made like existing ones (createLike), so a Strict part stays Strict.
  const bound = boundParagraph(p, w, scan);
  const runs: WordRuns = { w, scan, items: bound.items, roots: [p] };
  let placement: Placement = alternate;
  if (bound.key) placement = { mirrorGroup: boundGroup(bound.key), isMirror: alternate.isMirror };
  else if (!alternate.mirrorGroup && scan.hasMovedTo) placement = { mirrorGroup: movesGroup(groupPrefix) };

  return {
    text: bound.items.map(textOfItem).join(''),
    ...placement,
    replaceText(translation) {
      replaceWordText(runs, translation);
    },
    insertTranslations(insertions) {
      insertWordTranslations(runs, insertions);
    },
    appendTranslatedCopy(translation) {
      const copy = createLike(p, 'p');
      for (const attr of p.attributes) {
        // Word paragraph ids must stay unique in the part.
        if (attr.localName !== 'paraId' && attr.localName !== 'textId') copy.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
      }
      const pPr = childElements(p).find((child) => is(child, w, 'pPr'));
      if (pPr) {
        copy.appendChild(copyParagraphProperties(pPr, w));
        // Section properties end a section: they move to the copy so both paragraphs stay in it.
        const sectPr = childElements(pPr).find((child) => is(child, w, 'sectPr'));
        if (sectPr) remove(sectPr);
      }
      for (const run of wordCopyRuns(runs, translation)) copy.appendChild(run);
      // A bound block control holds one paragraph and is refilled from its data: the copy goes after it.
      insertAfterLater(copy, bound.blockControl ?? p);
    },
  };
}
