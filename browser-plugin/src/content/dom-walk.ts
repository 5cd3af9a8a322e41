/**
 * What on a page is translated: text nodes and the `alt`, `title`, `placeholder` and
 * `aria-label` attributes, outside script, style, code, pre, textarea, editable regions,
 * `translate="no"` and the `notranslate` class (the conventions page authors use to keep names
 * and code as they are). A `translate="no"` subtree is skipped whole. Items in the first
 * screenful come first, so what the reader sees is translated first.
 */
import { shape, worthTranslating } from '../shared/text-shape';

export const TRANSLATED_ATTRIBUTES = ['alt', 'title', 'placeholder', 'aria-label'] as const;

const SKIPPED_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'CODE',
  'PRE',
  'KBD',
  'SAMP',
  'VAR',
  'TEXTAREA',
  'IFRAME',
  'OBJECT',
]);

export type PageItem =
  | { kind: 'text'; node: Text; original: string; core: string }
  | { kind: 'attr'; element: Element; name: string; original: string; core: string };

/** Elements whose whole subtree stays as it is. */
export function isSkipped(element: Element, ownHosts: ReadonlySet<Element>): boolean {
  if (ownHosts.has(element) || SKIPPED_TAGS.has(element.tagName.toUpperCase())) return true;
  if (element.getAttribute('translate')?.trim().toLowerCase() === 'no') return true;
  if (element.classList.contains('notranslate')) return true;
  return element instanceof HTMLElement && element.isContentEditable;
}

function onFirstScreen(element: Element): boolean {
  const r = element.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < window.innerHeight && r.left < window.innerWidth;
}

/** Every item to translate under `document.body`, the first screenful's first. */
export function collectItems(doc: Document, ownHosts: ReadonlySet<Element>): PageItem[] {
  const body = doc.body;
  if (!body || isSkipped(doc.documentElement, ownHosts) || isSkipped(body, ownHosts)) return [];
  const items: { item: PageItem; first: boolean }[] = [];
  const visible = new Map<Element, boolean>();
  const firstScreen = (el: Element) => visible.get(el) ?? visible.set(el, onFirstScreen(el)).get(el)!;
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node instanceof Element && isSkipped(node, ownHosts) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const visit = (node: Node) => {
    if (node instanceof Text) {
      const { core } = shape(node.data);
      if (worthTranslating(core) && node.parentElement)
        items.push({ item: { kind: 'text', node, original: node.data, core }, first: firstScreen(node.parentElement) });
      return;
    }
    if (!(node instanceof Element)) return;
    for (const name of TRANSLATED_ATTRIBUTES) {
      const value = node.getAttribute(name);
      if (value === null) continue;
      const { core } = shape(value);
      if (worthTranslating(core))
        items.push({ item: { kind: 'attr', element: node, name, original: value, core }, first: firstScreen(node) });
    }
  };
  visit(body);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) visit(node);
  // A stable sort: document order within each group.
  return [...items.filter((i) => i.first), ...items.filter((i) => !i.first)].map((i) => i.item);
}
