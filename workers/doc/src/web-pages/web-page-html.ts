/**
 * A fetched page, cut into what to translate and written back. The document worker's HTML
 * format does the finding and writing (formats/text/html-segments.ts, html-write.ts: text
 * nodes by line, and the `alt`, `title`, `placeholder`, `aria-label` attributes and the meta
 * description), so a page and an uploaded .html file are translated alike. Two differences for
 * pages: a line's translation goes into its first text node and its other text nodes are emptied,
 * but unlike a document no emptied inline element is removed (the page's scripts and styles may
 * select them: the DOM stays the original's, only text changes); `code`, `kbd` and `samp` are left untouched too (on a web page they are mostly
 * commands and identifiers a reader copies), and links are made absolute against the page's
 * address (or its `<base href>`) so the translated copy, served from our origin, still points
 * at the original site's pages, pictures and styles.
 */
import { parse, serialize } from 'parse5';
import { declareUtf8, decodeHtml } from '../formats/text/html-charset';
import { elements, getAttr, removeAttr, setAttr, type Element, type ParentNode, type TextNode } from '../formats/text/html-dom';
import { collectSegments } from '../formats/text/html-segments';

const KEPT_AS_IS = new Set(['code', 'kbd', 'samp']);
const URL_ATTRS = ['href', 'src', 'action', 'poster', 'cite', 'formaction'];

export type PageText = { id: string; text: string };

export type OpenedPage = {
  /** In document order (the title and meta description first, then the body top down), so the first chunk is the first screen. */
  texts: PageText[];
  /** The page with these translations (by text id) laid in, as UTF-8 HTML. Call once. */
  write(translations: ReadonlyMap<string, string>, tgtLang: string): Buffer;
};

/** The translation into the line's first non-blank text node (its surrounding whitespace kept), the others emptied. */
function layInLine(texts: readonly TextNode[], target: string): void {
  const first = texts.find((t) => t.value.trim());
  if (!first) return;
  for (const t of texts) if (t !== first) t.value = t.value.trim() ? '' : t.value;
  const [lead] = /^\s*/.exec(first.value)!;
  const [trail] = /\s*$/.exec(first.value)!;
  first.value = `${lead}${target.replace(/\s*\n\s*/g, ' ')}${trail}`;
}

/** Every node's position in a depth-first walk of the tree (the order the page reads in). */
function documentOrder(root: ParentNode): Map<object, number> {
  const order = new Map<object, number>();
  const visit = (node: ParentNode) => {
    for (const child of node.childNodes) {
      order.set(child, order.size);
      if ('childNodes' in child) visit(child);
    }
  };
  visit(root);
  return order;
}

function absolute(value: string, base: string): string {
  const trimmed = value.trim();
  // Fragments and script/data/mail links keep their meaning as they are.
  if (!trimmed || trimmed.startsWith('#') || /^(javascript|data|mailto|tel):/i.test(trimmed)) return value;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return value;
  }
}

function makeLinksAbsolute(all: Element[], pageUrl: string): void {
  const baseEl = all.find((el) => el.tagName === 'base' && getAttr(el, 'href'));
  const base = baseEl ? absolute(getAttr(baseEl, 'href')!, pageUrl) : pageUrl;
  for (const el of all) {
    for (const name of URL_ATTRS) {
      const value = getAttr(el, name);
      if (value !== undefined && el !== baseEl) setAttr(el, name, absolute(value, base));
    }
    const srcset = getAttr(el, 'srcset');
    if (srcset !== undefined) {
      const entries = srcset.split(',').map((entry) => {
        const [url, ...descriptor] = entry.trim().split(/\s+/);
        return [absolute(url ?? '', base), ...descriptor].join(' ');
      });
      setAttr(el, 'srcset', entries.join(', '));
    }
  }
}

export function openWebPage(body: Buffer, pageUrl: string): OpenedPage {
  const decoded = decodeHtml(body);
  const document = parse(decoded.text);
  const all = [...elements(document)];
  // Marked only while the segments are found (html-segments.ts honours translate="no"), then
  // unmarked: the written page keeps the original's attributes.
  const marked = all.filter((el) => KEPT_AS_IS.has(el.tagName) && getAttr(el, 'translate') === undefined);
  for (const el of marked) setAttr(el, 'translate', 'no');
  const { runs, attrs } = collectSegments(document);
  for (const el of marked) removeAttr(el, 'translate');
  // collectSegments lists lines, then attributes; a line sits where its first text node does, an attribute where its element does.
  const order = documentOrder(document);
  const texts = [
    ...runs.flatMap((r) => r.lines).map((l) => ({ id: l.id, text: l.text, at: order.get(l.texts[0]!) ?? 0 })),
    ...attrs.map((a) => ({ id: a.id, text: a.text, at: order.get(a.element) ?? 0 })),
  ]
    .sort((a, b) => a.at - b.at)
    .map(({ id, text }) => ({ id, text }));

  return {
    texts,
    write(translations, tgtLang) {
      for (const line of runs.flatMap((r) => r.lines)) {
        const target = translations.get(line.id);
        if (target) layInLine(line.texts, target);
      }
      for (const attr of attrs) {
        const target = translations.get(attr.id);
        if (target) setAttr(attr.element, attr.name, target);
      }
      for (const el of all) if (el.tagName === 'html') setAttr(el, 'lang', tgtLang);
      makeLinksAbsolute(all, pageUrl);
      declareUtf8(document);
      return Buffer.from(serialize(document), 'utf8');
    },
  };
}
