/** Small helpers over parse5's default tree, which has no DOM methods of its own. */
import { defaultTreeAdapter as tree, html, type DefaultTreeAdapterTypes as T } from 'parse5';

export type Element = T.Element;
export type ChildNode = T.ChildNode;
export type TextNode = T.TextNode;
export type ParentNode = T.ParentNode;

export const isElement = (n: T.Node): n is Element => tree.isElementNode(n);
export const isText = (n: T.Node): n is TextNode => tree.isTextNode(n);

export function getAttr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

export function setAttr(el: Element, name: string, value: string): void {
  const attr = el.attrs.find((a) => a.name === name);
  if (attr) attr.value = value;
  else el.attrs.push({ name, value });
}

export function removeAttr(el: Element, name: string): void {
  el.attrs = el.attrs.filter((a) => a.name !== name);
}

export function createElement(tagName: string, attrs: Record<string, string> = {}): Element {
  return tree.createElement(
    tagName,
    html.NS.HTML,
    Object.entries(attrs).map(([name, value]) => ({ name, value })),
  );
}

export function createText(value: string): TextNode {
  return tree.createTextNode(value);
}

export function insertAfter(node: ChildNode, newNode: ChildNode): void {
  const parent = node.parentNode!;
  const next = parent.childNodes[parent.childNodes.indexOf(node) + 1];
  if (next) tree.insertBefore(parent, newNode, next);
  else tree.appendChild(parent, newNode);
}

export function insertBefore(node: ChildNode, newNode: ChildNode): void {
  tree.insertBefore(node.parentNode!, newNode, node);
}

export const detach = (node: ChildNode) => tree.detachNode(node);

/** Deep copy of an element (parse5 nodes are plain objects linked to their parents). */
export function cloneElement(el: Element): Element {
  const copy = tree.createElement(
    el.tagName,
    el.namespaceURI,
    el.attrs.map((a) => ({ ...a })),
  );
  for (const child of el.childNodes) {
    if (isElement(child)) tree.appendChild(copy, cloneElement(child));
    else if (isText(child)) tree.appendChild(copy, createText(child.value));
    else if (tree.isCommentNode(child)) tree.appendChild(copy, tree.createCommentNode(child.data));
  }
  return copy;
}

export function* elements(node: ParentNode): Generator<Element> {
  for (const child of node.childNodes) {
    if (!isElement(child)) continue;
    yield child;
    yield* elements(child);
  }
}
