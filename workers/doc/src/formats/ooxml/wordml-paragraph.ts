/**
 * A WordprocessingML paragraph (`w:p`) as a TextUnit. Its text is the `w:t`/`w:tab`/`w:br` of
 * its runs, also inside hyperlinks, insertions, smart tags and content controls; deleted text,
 * field instructions and nested content (text boxes, drawings) are not part of it.
 *
 * Run formatting decision: the translation goes into the run that holds the first non-empty
 * `w:t` (keeping that run's `w:rPr`); the other runs' text is removed and runs left with nothing
 * but properties are dropped. Runs without text (images, fields, footnote references, bookmarks,
 * page breaks) stay where they are.
 */
import {
  NS,
  childElements,
  closest,
  createLike,
  insertAfterLater,
  is,
  isElement,
  remove,
  setPreservedText,
  type Element,
} from './xml-dom.js';
import type { TextUnit } from './text-units.js';

/** Subtrees whose text is not this paragraph's: nested paragraphs, drawings, removed revisions. */
const SKIPPED = new Set([
  'p',
  'txbxContent',
  'drawing',
  'pict',
  'object',
  'del',
  'moveFrom',
  'pPr',
  'rPr',
  'fldSimple',
  'instrText',
  'delText',
  'rt',
]);
const BREAK_TYPES_AS_NEWLINE = new Set(['', 'textWrapping']);

function textOfItem(item: Element): string {
  if (item.localName === 't') return item.textContent ?? '';
  if (item.localName === 'noBreakHyphen') return '-';
  return item.localName === 'tab' ? '\t' : '\n';
}

/**
 * The text-carrying elements of the paragraph's own runs, in order. `w` is the paragraph's own
 * namespace: transitional or Strict WordprocessingML (`NS.w`, `NS.wStrict`).
 */
function collectItems(parent: Element, w: string, out: Element[]): Element[] {
  for (const child of childElements(parent)) {
    if (child.namespaceURI === NS.mc && child.localName === 'AlternateContent') continue;
    if (child.namespaceURI === w && SKIPPED.has(child.localName ?? '')) continue;
    const inRun = is(child.parentNode, w, 'r');
    if (inRun && child.namespaceURI === w) {
      const local = child.localName;
      const isNewline = local === 'cr' || (local === 'br' && BREAK_TYPES_AS_NEWLINE.has(child.getAttributeNS(w, 'type') ?? ''));
      if (local === 't' || local === 'tab' || local === 'noBreakHyphen' || isNewline) out.push(child);
      // Ruby (furigana): the base text is the paragraph's, the annotation (w:rt) is not.
      else if (local === 'ruby') collectItems(child, w, out);
      continue;
    }
    collectItems(child, w, out);
  }
  return out;
}

/** `w:t`, `w:tab` and `w:br` elements spelling `text`, created in the document of `like`. */
function textNodes(like: Element, text: string): Element[] {
  return text
    .split(/(\t|\n)/)
    .filter((piece) => piece.length > 0)
    .map((piece) => {
      if (piece === '\t') return createLike(like, 'tab');
      if (piece === '\n') return createLike(like, 'br');
      const t = createLike(like, 't');
      setPreservedText(t, piece);
      return t;
    });
}

function hasText(item: Element): boolean {
  return item.localName === 't' && (item.textContent ?? '') !== '';
}

function runOf(item: Element): Element {
  return item.parentNode as Element;
}

/** Which copy of an mc:AlternateContent the paragraph lives in, so Choice and Fallback stay consistent. */
function mirrorPlace(p: Element, groupIds: Map<Element, number>, groupPrefix: string): { mirrorGroup?: string; isMirror?: boolean } {
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

/**
 * `groupIds` numbers the part's mc:AlternateContent elements (shared by all paragraphs of one
 * part); `groupPrefix` (the part name) makes the mirror group names unique in the package.
 */
export function wordParagraphUnit(p: Element, groupIds: Map<Element, number>, groupPrefix: string): TextUnit {
  // New elements are made like existing ones (createLike), so a Strict part stays Strict.
  const w = p.namespaceURI ?? NS.w;
  const items = collectItems(p, w, []);
  const text = items.map(textOfItem).join('');
  const anchor = items.find((item) => hasText(item) && !closest(item, w, 'ruby')) ?? items.find(hasText) ?? items[0];

  return {
    text,
    ...mirrorPlace(p, groupIds, groupPrefix),
    replaceText(translation) {
      if (!anchor) return;
      const anchorRun = runOf(anchor);
      for (const node of textNodes(anchor, translation)) anchorRun.insertBefore(node, anchor);
      const touchedRuns = new Set(items.map(runOf));
      for (const item of items) remove(item);
      for (const run of touchedRuns) {
        if (run !== anchorRun && childElements(run).every((child) => is(child, w, 'rPr'))) remove(run);
      }
      // A ruby whose base text moved into the translation would float its furigana over nothing.
      for (const ruby of Array.from(p.getElementsByTagNameNS(w, 'ruby'))) {
        const base = childElements(ruby).find((child) => is(child, w, 'rubyBase'));
        if (base && base.getElementsByTagNameNS(w, 't').length === 0) remove(ruby);
      }
    },
    appendTranslatedCopy(translation) {
      const copy = createLike(p, 'p');
      for (const attr of Array.from(p.attributes)) {
        // Word paragraph ids must stay unique in the part.
        if (attr.localName !== 'paraId' && attr.localName !== 'textId') copy.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
      }
      const pPr = childElements(p).find((child) => is(child, w, 'pPr'));
      if (pPr) {
        copy.appendChild(pPr.cloneNode(true));
        // Section properties end a section: they move to the copy so both paragraphs stay in it.
        const sectPr = childElements(pPr).find((child) => is(child, w, 'sectPr'));
        if (sectPr) remove(sectPr);
      }
      const run = createLike(p, 'r');
      const rPr = anchor && childElements(runOf(anchor)).find((child) => is(child, w, 'rPr'));
      if (rPr) run.appendChild(rPr.cloneNode(true));
      for (const node of textNodes(p, translation)) run.appendChild(node);
      copy.appendChild(run);
      insertAfterLater(copy, p);
    },
  };
}
