/**
 * The text of WordprocessingML runs under some roots (a paragraph, or the moved-from parts of
 * one): `w:t`, `w:tab`, `w:br`/`w:cr` (line breaks only), `w:noBreakHyphen`, also inside
 * hyperlinks, insertions, smart tags, content controls, moved-to text and ruby base text.
 * Deleted and moved-from text, field instructions, ruby annotations and nested content (text
 * boxes, drawings) are not part of it; neither are runs in a symbol font (a bullet or check box
 * glyph typed as text: the letters are pictures, not language).
 *
 * Fields that begin and end in the paragraph (page numbers, caption numbers, references) are
 * found so their result runs are not chosen to carry the translation (Word rewrites a result
 * when it updates the field) and translated text goes outside them.
 */
import { isSymbolFont, isSymbolText } from './run-style.js';
import { NS, childElements, firstChild, is, isElement, type Element } from './xml-dom.js';

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
const SYMBOL_GLYPH = /[\uF000-\uF0FF]/;

export type FieldBounds = { begin: Element; end: Element };

export type WordScan = {
  /** Text-carrying elements in document order. */
  items: Element[];
  /** Runs in the result of a field that begins and ends in the scanned runs, with the field's first and last run. */
  fields: Map<Element, FieldBounds>;
  /** Items inside a content control bound to the document's data (`w:dataBinding`), with that control. */
  boundControlOf: Map<Element, Element>;
  /** Moved-from text (`w:moveFrom`) met and left out (wordml-moves.ts reads it). */
  movedFrom: Element[];
  /** Whether some of the text is moved-to text (`w:moveTo`). */
  hasMovedTo: boolean;
};

export function textOfItem(item: Element): string {
  if (item.localName === 't') return item.textContent ?? '';
  if (item.localName === 'noBreakHyphen') return '-';
  return item.localName === 'tab' ? '\t' : '\n';
}

export function isLineBreak(item: Element): boolean {
  return item.localName === 'br' || item.localName === 'cr';
}

/** A content control whose content Word refills from the document's data when the file opens. */
export function isBoundControl(sdt: Element, w: string): boolean {
  const properties = firstChild(sdt, w, 'sdtPr');
  return properties !== undefined && firstChild(properties, w, 'dataBinding') !== undefined;
}

/** A run whose font is a symbol font; one whose text is symbol glyphs is found from its items. */
function hasSymbolFont(run: Element, w: string): boolean {
  // Run properties come first in a run; no array of children is made for each run.
  let first = run.firstChild;
  while (first && !isElement(first)) first = first.nextSibling;
  const properties = is(first, w, 'rPr') ? first : undefined;
  const fonts = properties && firstChild(properties, w, 'rFonts');
  return fonts !== undefined && (isSymbolFont(fonts.getAttributeNS(w, 'ascii')) || isSymbolFont(fonts.getAttributeNS(w, 'hAnsi')));
}

type OpenField = { begin: Element; inResult: boolean; runs: Element[] };

/** One scan's state; a class, not closures, since every paragraph of a document is scanned. */
class RunScanner {
  readonly scan: WordScan = { items: [], fields: new Map(), boundControlOf: new Map(), movedFrom: [], hasMovedTo: false };
  private readonly openFields: OpenField[] = [];
  private readonly controls: Element[] = [];

  constructor(private readonly w: string) {}

  visit(parent: Element): void {
    const { w, scan } = this;
    for (const child of childElements(parent)) {
      if (child.namespaceURI === NS.mc && child.localName === 'AlternateContent') continue;
      if (child.namespaceURI === w && SKIPPED.has(child.localName)) {
        if (child.localName === 'moveFrom') scan.movedFrom.push(child);
        continue;
      }
      if (child.localName === 'moveTo' && child.namespaceURI === w) scan.hasMovedTo = true;
      if (is(child, w, 'r')) this.visitRun(child);
      else if (is(child, w, 'sdt') && isBoundControl(child, w)) {
        this.controls.push(child);
        this.visit(child);
        this.controls.pop();
      } else this.visit(child);
    }
  }

  private visitRun(run: Element): void {
    const { w, scan } = this;
    if (hasSymbolFont(run, w)) return;
    const firstItem = scan.items.length;
    let glyphs = false;
    for (const child of childElements(run)) {
      if (child.namespaceURI !== w) continue;
      const local = child.localName;
      if (local === 'fldChar') {
        this.fieldChar(run, child.getAttributeNS(w, 'fldCharType'));
        continue;
      }
      // Ruby (furigana): the base text is the paragraph's, the annotation (w:rt) is not.
      if (local === 'ruby') this.visit(child);
      const isNewline = local === 'cr' || (local === 'br' && BREAK_TYPES_AS_NEWLINE.has(child.getAttributeNS(w, 'type') ?? ''));
      if (local !== 't' && local !== 'tab' && local !== 'noBreakHyphen' && !isNewline) continue;
      scan.items.push(child);
      if (local === 't' && SYMBOL_GLYPH.test(child.textContent)) glyphs = true;
      if (this.controls.length > 0) scan.boundControlOf.set(child, this.controls.at(-1)!);
      const field = this.openFields.at(-1);
      if (field?.inResult && field.runs.at(-1) !== run) field.runs.push(run);
    }
    // Symbol glyphs stored as text (private-use characters) are not language either.
    if (
      glyphs &&
      isSymbolText(
        scan.items
          .slice(firstItem)
          .map((item) => (item.localName === 't' ? item.textContent : ''))
          .join(''),
      )
    ) {
      scan.items.length = firstItem;
    }
  }

  private fieldChar(run: Element, type: string | null): void {
    if (type === 'begin') this.openFields.push({ begin: run, inResult: false, runs: [] });
    else if (type === 'separate' && this.openFields.length > 0) this.openFields.at(-1)!.inResult = true;
    else if (type === 'end') {
      // A field that began before these runs (a table of contents) ends here: nothing to record.
      const field = this.openFields.pop();
      for (const inner of field?.runs ?? []) this.scan.fields.set(inner, { begin: field!.begin, end: run });
    }
  }
}

/** `w` is the part's WordprocessingML namespace: transitional or Strict (`NS.w`, `NS.wStrict`). */
export function scanRuns(roots: readonly Element[], w: string): WordScan {
  const scanner = new RunScanner(w);
  for (const root of roots) scanner.visit(root);
  return scanner.scan;
}
