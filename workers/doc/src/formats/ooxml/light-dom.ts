/**
 * The DOM the OOXML parts are edited in: the W3C names and behaviour for the part of the DOM
 * this package uses (elements with namespaces and prefixes, attributes, text, CDATA, comments,
 * processing instructions; linking, cloning, text content), and nothing else: no live
 * collections, no mutation bookkeeping, no namespace fix-ups on output.
 *
 * Why not @xmldom/xmldom, which this replaced: a part's nodes were about 50 bytes of heap per
 * byte of XML, building them was three times the cost of parsing, and inserting a child
 * re-indexed all its siblings; on a 100-page document, opening and writing were most of the time
 * spent outside the engine. slimdom measured slower still and linkedom is not namespace-aware.
 * Parsing stays with saxes (xml-parse.ts); serialization writes exactly what xmldom's
 * XMLSerializer wrote (checked on every XML part of the real fixtures).
 */
export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const CDATA_SECTION_NODE = 4;
export const PROCESSING_INSTRUCTION_NODE = 7;
export const COMMENT_NODE = 8;
export const DOCUMENT_NODE = 9;

export type Attr = { name: string; namespaceURI: string | null; prefix: string | null; localName: string; value: string };

type SplitName = { name: string; prefix: string | null; localName: string };
/** Names split once each: a part has thousands of elements but few distinct names, and the strings are shared. */
const splitNames = new Map<string, SplitName>();

function splitName(qualifiedName: string): SplitName {
  let split = splitNames.get(qualifiedName);
  if (!split) {
    const colon = qualifiedName.indexOf(':');
    split =
      colon < 0
        ? { name: qualifiedName, prefix: null, localName: qualifiedName }
        : { name: qualifiedName, prefix: qualifiedName.slice(0, colon), localName: qualifiedName.slice(colon + 1) };
    // Bounded: names come from documents, and a hostile one could invent millions.
    if (splitNames.size < 10_000) splitNames.set(qualifiedName, split);
  }
  return split;
}

/** Shared by every element without attributes until one is set (most OOXML elements have none). */
const NO_ATTRIBUTES: readonly Attr[] = Object.freeze([]);

export abstract class Node {
  /** On the prototype, not on each of a part's many nodes. */
  abstract get nodeType(): number;
  parentNode: Node | null = null;
  previousSibling: Node | null = null;
  nextSibling: Node | null = null;
  firstChild: Node | null = null;
  lastChild: Node | null = null;

  constructor(readonly ownerDocument: Document | null) {}

  /** A snapshot, not a live list. */
  get childNodes(): Node[] {
    const out: Node[] = [];
    for (let child = this.firstChild; child; child = child.nextSibling) out.push(child);
    return out;
  }

  get textContent(): string {
    let text = '';
    for (let child = this.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === TEXT_NODE || child.nodeType === CDATA_SECTION_NODE) text += (child as CharacterData).data;
      else if (child.nodeType === ELEMENT_NODE) text += child.textContent;
    }
    return text;
  }

  set textContent(text: string) {
    while (this.firstChild) this.removeChild(this.firstChild);
    if (text !== '') this.appendChild(new Text(this.ownerDocument ?? (this as unknown as Document), text));
  }

  appendChild<T extends Node>(child: T): T {
    return this.insertBefore(child, null);
  }

  insertBefore<T extends Node>(child: T, ref: Node | null): T {
    if (ref && ref.parentNode !== this) throw new Error('insertBefore: the reference node is not a child of this node');
    if (child.parentNode) child.parentNode.removeChild(child);
    const before = ref ? ref.previousSibling : this.lastChild;
    child.parentNode = this;
    child.previousSibling = before;
    child.nextSibling = ref;
    if (before) before.nextSibling = child;
    else this.firstChild = child;
    if (ref) ref.previousSibling = child;
    else this.lastChild = child;
    return child;
  }

  removeChild<T extends Node>(child: T): T {
    if (child.parentNode !== this) throw new Error('removeChild: not a child of this node');
    if (child.previousSibling) child.previousSibling.nextSibling = child.nextSibling;
    else this.firstChild = child.nextSibling;
    if (child.nextSibling) child.nextSibling.previousSibling = child.previousSibling;
    else this.lastChild = child.previousSibling;
    child.parentNode = child.previousSibling = child.nextSibling = null;
    return child;
  }

  replaceChild<T extends Node>(child: Node, old: T): T {
    this.insertBefore(child, old);
    return this.removeChild(old);
  }

  cloneNode(deep = false): Node {
    const copy = this.copyOfSelf();
    if (deep) for (let child = this.firstChild; child; child = child.nextSibling) copy.appendChild(child.cloneNode(true));
    return copy;
  }

  /** Descendant elements `namespace:localName` in document order (a static array). */
  getElementsByTagNameNS(namespace: string | null, localName: string): Element[] {
    const out: Element[] = [];
    const visit = (node: Node) => {
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (child.nodeType !== ELEMENT_NODE) continue;
        const el = child as Element;
        if (el.localName === localName && el.namespaceURI === namespace) out.push(el);
        visit(el);
      }
    };
    visit(this);
    return out;
  }

  protected abstract copyOfSelf(): Node;
}

export class Element extends Node {
  get nodeType(): number {
    return ELEMENT_NODE;
  }

  readonly tagName: string;
  readonly prefix: string | null;
  readonly localName: string;
  /** Attributes in document order; NO_ATTRIBUTES until the first is set. */
  attributes: Attr[] = NO_ATTRIBUTES as Attr[];

  constructor(
    ownerDocument: Document,
    readonly namespaceURI: string | null,
    qualifiedName: string,
  ) {
    super(ownerDocument);
    ({ name: this.tagName, prefix: this.prefix, localName: this.localName } = splitName(qualifiedName));
  }

  get nodeName(): string {
    return this.tagName;
  }

  getAttribute(name: string): string | null {
    return this.attributes.find((attr) => attr.name === name)?.value ?? null;
  }

  getAttributeNS(namespace: string | null, localName: string): string | null {
    return this.attributes.find((attr) => attr.localName === localName && attr.namespaceURI === namespace)?.value ?? null;
  }

  setAttribute(name: string, value: string): void {
    const attr = this.attributes.find((a) => a.name === name);
    if (attr) attr.value = value;
    else this.addAttribute({ name, namespaceURI: null, prefix: null, localName: name, value });
  }

  setAttributeNS(namespace: string | null, qualifiedName: string, value: string): void {
    const { prefix, localName } = splitName(qualifiedName);
    const attr = this.attributes.find((a) => a.localName === localName && a.namespaceURI === namespace);
    if (attr) attr.value = value;
    else this.addAttribute({ name: qualifiedName, namespaceURI: namespace, prefix, localName, value });
  }

  addAttribute(attr: Attr): void {
    if (this.attributes === NO_ATTRIBUTES) this.attributes = [];
    this.attributes.push(attr);
  }

  protected copyOfSelf(): Element {
    const copy = new Element(this.ownerDocument!, this.namespaceURI, this.tagName);
    if (this.attributes !== NO_ATTRIBUTES) copy.attributes = this.attributes.map((attr) => ({ ...attr }));
    return copy;
  }
}

export abstract class CharacterData extends Node {
  constructor(
    ownerDocument: Document,
    public data: string,
  ) {
    super(ownerDocument);
  }

  get nodeValue(): string {
    return this.data;
  }

  set nodeValue(data: string) {
    this.data = data;
  }

  override get textContent(): string {
    return this.data;
  }

  override set textContent(data: string) {
    this.data = data;
  }

  /** Text, CDATA and comments are their data; a processing instruction adds its target. */
  protected copyOfSelf(): CharacterData {
    const Kind = this.constructor as new (ownerDocument: Document, data: string) => CharacterData;
    return new Kind(this.ownerDocument!, this.data);
  }
}

export class Text extends CharacterData {
  get nodeType(): number {
    return TEXT_NODE;
  }
}

export class CDATASection extends CharacterData {
  get nodeType(): number {
    return CDATA_SECTION_NODE;
  }
}

export class Comment extends CharacterData {
  get nodeType(): number {
    return COMMENT_NODE;
  }
}

export class ProcessingInstruction extends CharacterData {
  get nodeType(): number {
    return PROCESSING_INSTRUCTION_NODE;
  }

  constructor(
    ownerDocument: Document,
    readonly target: string,
    data: string,
  ) {
    super(ownerDocument, data);
  }

  protected override copyOfSelf(): ProcessingInstruction {
    return new ProcessingInstruction(this.ownerDocument!, this.target, this.data);
  }
}

export class Document extends Node {
  get nodeType(): number {
    return DOCUMENT_NODE;
  }

  constructor() {
    super(null);
  }

  get documentElement(): Element | null {
    for (let child = this.firstChild; child; child = child.nextSibling) if (child.nodeType === ELEMENT_NODE) return child as Element;
    return null;
  }

  createElementNS(namespace: string | null, qualifiedName: string): Element {
    return new Element(this, namespace, qualifiedName);
  }

  createTextNode(data: string): Text {
    return new Text(this, data);
  }

  protected copyOfSelf(): Document {
    return new Document();
  }
}
