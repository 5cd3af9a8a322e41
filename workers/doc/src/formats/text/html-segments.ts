/**
 * Finds what to translate in an HTML tree. A "run" is the consecutive text and inline elements
 * (`b`, `a`, `span`...) among a block element's children; block children start new runs, so
 * `<div>intro<p>para</p></div>` gives two. A run is cut into lines at its `br` elements, at any
 * depth, and each line is one paragraph: old pages build menus and address blocks from
 * `<a>..</a><br>` sequences, and a line per paragraph keeps every link with its own text.
 * Some attributes (`title`, `alt`, `placeholder`...) are paragraphs too.
 *
 * Never translated: `script`, `style`, `pre` (code listings, ASCII art), `textarea`, `svg`,
 * `math`, `template`, raw-text containers, and anything under `translate="no"` or
 * `class="notranslate"` (the convention Google and DeepL honour). Inline `code` is translated
 * as part of its sentence: machine translation keeps identifiers, and the sentence needs them.
 */
import { getAttr, isElement, isText, type ChildNode, type Element, type ParentNode, type TextNode } from './html-dom';

/**
 * Phrasing content: these do not break a sentence. Embedded and scripted ones are also in
 * SKIPPED, so they stay in place inside the paragraph, untouched.
 */
const INLINE = new Set(
  `a abbr acronym b bdi bdo big br button cite code data del dfn em font i img input ins kbd label mark nobr q rb rp rt
  ruby s samp small span strike strong sub sup time tt u var wbr script noscript svg math canvas iframe object embed
  video audio picture textarea output meter progress`.split(/\s+/),
);
/** Raw-text containers (noscript, noframes, xmp hold unparsed markup) and non-prose content. */
const SKIPPED = new Set(
  `script style pre textarea svg math template noscript noframes xmp plaintext iframe object embed canvas video audio
  picture meter progress`.split(/\s+/),
);
const TRANSLATED_ATTRS = ['title', 'alt', 'placeholder', 'aria-label'];

/** One paragraph: the text nodes between two `br` of a run (ruby annotations left out). */
export type Line = { id: string; texts: TextNode[]; text: string };
export type Run = { parent: Element; nodes: ChildNode[]; lines: Line[] };
export type AttrSegment = { id: string; element: Element; name: string; text: string };

export function isProtected(el: Element): boolean {
  if (SKIPPED.has(el.tagName)) return true;
  if (getAttr(el, 'translate')?.toLowerCase() === 'no') return true;
  return (getAttr(el, 'class') ?? '').split(/\s+/).includes('notranslate');
}

export const isInline = (node: ChildNode) => !isElement(node) || INLINE.has(node.tagName);

/**
 * The lines of a run, in order, with whitespace collapsed as a browser shows it. Running this
 * on a deep copy of the run's element gives the same lines, which mode 1 relies on.
 */
export function runLines(nodes: readonly ChildNode[]): Omit<Line, 'id'>[] {
  const lines: TextNode[][] = [[]];
  const visit = (node: ChildNode) => {
    if (isText(node)) lines[lines.length - 1]!.push(node);
    else if (isElement(node) && !isProtected(node)) {
      if (node.tagName === 'br') lines.push([]);
      else if (node.tagName !== 'rt' && node.tagName !== 'rp') node.childNodes.forEach(visit);
    }
  };
  nodes.forEach(visit);
  return lines
    .map((texts) => ({
      texts,
      text: texts
        .map((t) => t.value)
        .join('')
        .replace(/[ \t\r\n\f]+/g, ' ')
        .trim(),
    }))
    .filter((l) => l.text);
}

function attributeSegments(el: Element): { name: string; text: string }[] {
  const out = TRANSLATED_ATTRS.map((name) => ({ name, text: getAttr(el, name)?.trim() ?? '' }));
  const type = getAttr(el, 'type')?.toLowerCase();
  if (el.tagName === 'input' && (type === 'submit' || type === 'button' || type === 'reset')) {
    out.push({ name: 'value', text: getAttr(el, 'value')?.trim() ?? '' });
  }
  const metaName = getAttr(el, 'name')?.toLowerCase();
  if (el.tagName === 'meta' && (metaName === 'description' || metaName === 'keywords')) {
    out.push({ name: 'content', text: getAttr(el, 'content')?.trim() ?? '' });
  }
  return out.filter((a) => a.text);
}

export function collectSegments(document: ParentNode): { runs: Run[]; attrs: AttrSegment[] } {
  const runs: Run[] = [];
  const attrs: AttrSegment[] = [];
  let paragraphs = 0;
  const addAttrs = (el: Element) => {
    for (const a of attributeSegments(el)) attrs.push({ id: `a${attrs.length}`, element: el, ...a });
  };
  // Attributes of inline elements inside a run are still translated.
  const addInlineAttrs = (node: ChildNode) => {
    if (!isElement(node) || isProtected(node)) return;
    addAttrs(node);
    node.childNodes.forEach(addInlineAttrs);
  };
  const walk = (parent: ParentNode) => {
    let current: ChildNode[] = [];
    const flush = () => {
      const lines = runLines(current).map((l) => ({ ...l, id: `b${paragraphs++}` }));
      if (lines.length && isElement(parent as ChildNode)) runs.push({ parent: parent as Element, nodes: current, lines });
      current = [];
    };
    for (const child of parent.childNodes) {
      if (isElement(child) && isProtected(child)) {
        // Protected inline content stays in place inside the run, untouched.
        if (INLINE.has(child.tagName)) current.push(child);
        else flush();
      } else if (isInline(child)) {
        current.push(child);
        addInlineAttrs(child);
      } else {
        flush();
        if (isElement(child)) {
          addAttrs(child);
          walk(child);
        }
      }
    }
    flush();
  };
  walk(document);
  return { runs, attrs };
}
