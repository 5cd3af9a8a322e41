/**
 * Text on PowerPoint's masters that really shows: shapes of a slide layout or slide master that
 * are not placeholders (a logo caption, "Confidential", a text box) appear on every slide that
 * uses them, and the notes master's on every printed notes page.
 *
 * Placeholders (`p:ph`) on slide masters, layouts and the notes master are not translated: their
 * text is either the prompt ("Click to edit Master title style") that a slide's own placeholder
 * replaces, or the footer/date/header that each slide and notes page carries its own copy of
 * (translated with that slide). The handout master has no such copies: its header, footer, date
 * and page-number placeholders are what prints on handouts, so they are translated unless its
 * `p:hf` turns them off.
 *
 * Only layouts used by a slide that shows master shapes (`showMasterSp`, "Hide background
 * graphics") are read, and masters only through such a layout that does not hide them; text
 * on an unused layout is never seen, and would only be charged for.
 */
import { drawingParagraphUnit, drawingParagraphs } from './drawingml-paragraph.js';
import { numberedParts } from './ooxml-document.js';
import { relationshipsOf } from './relationships.js';
import type { TextUnit } from './text-units.js';
import { NS, childElements, firstChild, type Document, type Element } from './xml-dom.js';
import { partText, type OoxmlPackage } from './zip-package.js';

const NOTES_MASTER = /^ppt\/notesMasters\/notesMaster\d+\.xml$/;
const HANDOUT_MASTER = /^ppt\/handoutMasters\/handoutMaster\d+\.xml$/;
/** Placeholders printed as they are on handouts, named as in `p:hf`'s attributes. */
const HANDOUT_PRINTED = new Set(['hdr', 'ftr', 'dt', 'sldNum']);

/** `showMasterSp="0"` on the part's root (`p:sld`, `p:sldLayout`): the master's shapes are hidden. */
function hidesMasterShapes(pkg: OoxmlPackage, partName: string): boolean {
  const root = /<(?:[\w.-]+:)?(?:sld|sldLayout)[\s>][^>]*>/.exec(partText(pkg, partName) ?? '')?.[0] ?? '';
  return /\sshowMasterSp="(?:0|false)"/.test(root);
}

/** Targets of `partName`'s relationships of a type ending in `/typeSuffix` that the package has. */
function related(pkg: OoxmlPackage, partName: string, typeSuffix: string): string[] {
  return [...relationshipsOf(pkg, partName).values()]
    .filter((rel) => rel.type.endsWith(`/${typeSuffix}`) && pkg.files.has(rel.target))
    .map((rel) => rel.target);
}

/** Layouts and masters whose shapes show on the slides, then the notes master (when there are notes) and handout master. */
export function shownMasterParts(pkg: OoxmlPackage, slides: string[], notes: string[]): string[] {
  const layouts = new Set(slides.filter((slide) => !hidesMasterShapes(pkg, slide)).flatMap((slide) => related(pkg, slide, 'slideLayout')));
  const masters = new Set(
    [...layouts].filter((layout) => !hidesMasterShapes(pkg, layout)).flatMap((layout) => related(pkg, layout, 'slideMaster')),
  );
  const inOrder = (names: Set<string>) => numberedParts(pkg, /\.xml$/).filter((name) => names.has(name));
  return [
    ...inOrder(layouts),
    ...inOrder(masters),
    ...(notes.length > 0 ? numberedParts(pkg, NOTES_MASTER) : []),
    ...numberedParts(pkg, HANDOUT_MASTER),
  ];
}

export function isMasterPart(partName: string): boolean {
  return /^ppt\/slide(?:Layouts|Masters)\//.test(partName) || NOTES_MASTER.test(partName) || HANDOUT_MASTER.test(partName);
}

/** The `p:ph` of the shape or graphic frame holding `p`, if that is a placeholder. */
function placeholderOf(p: Element): Element | undefined {
  for (let up = p.parentNode as Element | null; up; up = up.parentNode as Element | null) {
    if (up.namespaceURI !== NS.p || (up.localName !== 'sp' && up.localName !== 'graphicFrame')) continue;
    const nonVisual = childElements(up)[0];
    const nvPr = nonVisual ? firstChild(nonVisual, NS.p, 'nvPr') : undefined;
    return nvPr ? firstChild(nvPr, NS.p, 'ph') : undefined;
  }
  return undefined;
}

export function masterUnits(doc: Document, partName: string): TextUnit[] {
  const root = doc.documentElement;
  if (!root) return [];
  const hf = firstChild(root, NS.p, 'hf');
  const printedOnHandouts = (ph: Element) => {
    const type = ph.getAttribute('type') ?? '';
    return HANDOUT_PRINTED.has(type) && !/^(?:0|false)$/.test(hf?.getAttribute(type) ?? '');
  };
  const handout = HANDOUT_MASTER.test(partName);
  return drawingParagraphs(root)
    .filter((p) => {
      const ph = placeholderOf(p);
      return !ph || (handout && printedOnHandouts(ph));
    })
    .map((p) => drawingParagraphUnit(p));
}
