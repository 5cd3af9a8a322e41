/**
 * Thin helpers over the parts' DOM (light-dom.ts): OOXML parts are parsed into a tree that keeps
 * every namespace, unknown element and attribute, edited in place and serialized back.
 */
import { DocumentError } from '../types.js';
import { ELEMENT_NODE, type Document, type Element, type Node } from './light-dom.js';
import { parseXmlText, serializeXmlText } from './xml-text.js';

export type { Document, Element, Node };

export const NS = {
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  /** ISO/IEC 29500 Strict: the same elements under another namespace (Word's "Strict Open XML Document"). */
  wStrict: 'http://purl.oclc.org/ooxml/wordprocessingml/main',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
  s: 'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  mc: 'http://schemas.openxmlformats.org/markup-compatibility/2006',
  c: 'http://schemas.openxmlformats.org/drawingml/2006/chart',
  xml: 'http://www.w3.org/XML/1998/namespace',
} as const;

export function parseXml(bytes: Uint8Array, partName: string): Document {
  const text = new TextDecoder('utf-8').decode(bytes);
  try {
    return parseXmlText(text);
  } catch (error) {
    throw new DocumentError('corrupt', `${partName} is not well-formed XML: ${(error as Error).message}`);
  }
}

export function serializeXml(doc: Document): Uint8Array {
  return new TextEncoder().encode(serializeXmlText(doc));
}

export function isElement(node: Node | null | undefined): node is Element {
  return node?.nodeType === ELEMENT_NODE;
}

export function is(node: Node | null | undefined, ns: string, local: string): node is Element {
  return isElement(node) && node.namespaceURI === ns && node.localName === local;
}

export function childElements(parent: Node): Element[] {
  const out: Element[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) if (isElement(child)) out.push(child);
  return out;
}

export function firstChild(parent: Node, ns: string, local: string): Element | undefined {
  return childElements(parent).find((child) => is(child, ns, local));
}

/** All descendant elements `ns:local` in document order (a static array, safe to edit while iterating). */
export function descendants(root: Document | Element, ns: string, local: string): Element[] {
  return root.getElementsByTagNameNS(ns, local);
}

/** The nearest ancestor that is `ns:local`, or undefined. */
export function closest(node: Node, ns: string, local: string): Element | undefined {
  for (let up = node.parentNode; up; up = up.parentNode) if (is(up, ns, local)) return up;
  return undefined;
}

/** A new element in the same namespace and with the same prefix as `like` (OOXML parts fix their prefixes). */
export function createLike(like: Element, local: string): Element {
  const name = like.prefix ? `${like.prefix}:${local}` : local;
  return (like.ownerDocument as Document).createElementNS(like.namespaceURI, name);
}

export function insertAfter(node: Node, ref: Node): void {
  ref.parentNode?.insertBefore(node, ref.nextSibling);
}

const pendingInserts = new WeakMap<Document, { node: Element; after: Element }[]>();

/**
 * Queues `node` to go right after `ref` (several queued after one ref keep their order) until
 * `flushInsertions`, so the units found at open still see the part as it was read while the
 * translated copies are made.
 */
export function insertAfterLater(node: Element, ref: Element): void {
  const doc = ref.ownerDocument as Document;
  const queue = pendingInserts.get(doc) ?? [];
  queue.push({ node, after: ref });
  pendingInserts.set(doc, queue);
}

/** Performs the queued insertions. */
export function flushInsertions(doc: Document): void {
  const queue = pendingInserts.get(doc);
  if (!queue) return;
  pendingInserts.delete(doc);
  const lastAfter = new Map<Node, Node>();
  for (const { node, after } of queue) {
    const previous = lastAfter.get(after) ?? after;
    insertAfter(node, previous);
    lastAfter.set(after, node);
  }
}

export function remove(node: Node): void {
  node.parentNode?.removeChild(node);
}

/** Sets an element's text, marking it space-preserving so leading/trailing spaces survive. */
export function setPreservedText(el: Element, text: string): void {
  el.textContent = text;
  el.setAttributeNS(NS.xml, 'xml:space', 'preserve');
}
