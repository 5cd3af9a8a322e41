/**
 * Content controls bound to the document's data (`w:dataBinding`): a cover page's title,
 * subtitle, author and abstract show an element of `docProps/core.xml`, `docProps/app.xml` or a
 * custom XML part (`customXml/itemN.xml`, found by the store item id in its `itemPropsN.xml`),
 * and Word (LibreOffice too) refills the control from that element when the file opens. So the
 * element is translated with the control: it is a mirror of the paragraph that shows it (same
 * text, same translation), or, when no paragraph shows the same text, a paragraph of its own.
 *
 * A paragraph that is only the bound control (or lies in a bound block control) is one unit
 * with the data. In a paragraph that mixes bound and other text ("Author: [name]") the bound
 * runs are not the paragraph's text: Word refills them from the translated data.
 */
import { relationshipsOf } from './relationships.js';
import type { TextUnit } from './text-units.js';
import { withInsertions } from './text-units.js';
import type { WordScan } from './wordml-scan.js';
import { isBoundControl } from './wordml-scan.js';
import { childElements, closest, firstChild, type Document, type Element } from './xml-dom.js';
import { partText, type OoxmlPackage } from './zip-package.js';

/** The store item ids Word gives the package's own property parts. */
const CORE_PROPERTIES_STORE = '{6C3C8BC8-F283-45AE-878A-BAB7291924A1}';
const EXTENDED_PROPERTIES_STORE = '{6668398D-A668-4E3E-A5EB-62B293D839F1}';

const STEP = /^(?:([\w.-]+):)?([\w.-]+)(?:\[(\d+)\])?$/;

/**
 * `STORE|/{namespace}name[n]/...`: the same string for a binding and for the element it names.
 * Bindings Word writes are absolute paths of indexed element steps; anything else (attributes,
 * functions) is not followed.
 */
export function bindingKey(storeItemId: string | null, prefixMappings: string | null, xpath: string | null): string | undefined {
  if (!storeItemId || !xpath?.startsWith('/')) return undefined;
  const prefixes = new Map([...(prefixMappings ?? '').matchAll(/xmlns:([\w.-]+)\s*=\s*(['"])(.*?)\2/g)].map((m) => [m[1]!, m[3]!]));
  const steps: string[] = [];
  for (const step of xpath.slice(1).split('/')) {
    const match = STEP.exec(step.trim());
    const namespace = match?.[1] === undefined ? '' : prefixes.get(match[1]);
    if (!match || namespace === undefined) return undefined;
    steps.push(`{${namespace}}${match[2]}[${match[3] ?? 1}]`);
  }
  return `${storeItemId.trim().toUpperCase()}|/${steps.join('/')}`;
}

function controlBindingKey(control: Element, w: string): string | undefined {
  const properties = firstChild(control, w, 'sdtPr');
  const binding = properties && firstChild(properties, w, 'dataBinding');
  if (!binding) return undefined;
  const attr = (local: string) => binding.getAttributeNS(w, local);
  return bindingKey(attr('storeItemID'), attr('prefixMappings'), attr('xpath'));
}

/** The mirror group a bound paragraph and its data element share. */
export function boundGroup(key: string): string {
  return `data-binding|${key}`;
}

export type BoundParagraph = { items: Element[]; key?: string; blockControl?: Element };

/** The paragraph's own text items, and its binding when all of them show one bound element. */
export function boundParagraph(p: Element, w: string, scan: WordScan): BoundParagraph {
  const block = closest(p, w, 'sdt');
  if (block && isBoundControl(block, w)) {
    const key = controlBindingKey(block, w);
    return key ? { items: scan.items, key, blockControl: block } : { items: scan.items };
  }
  if (scan.boundControlOf.size === 0) return { items: scan.items };
  const controls = new Set(scan.items.map((item) => scan.boundControlOf.get(item)));
  const [only] = controls;
  if (controls.size === 1 && only) {
    const key = controlBindingKey(only, w);
    if (key) return { items: scan.items, key };
  }
  return { items: scan.items.filter((item) => !scan.boundControlOf.has(item)) };
}

export type BoundData = { store: string; keys: Set<string> };

function attributes(source: string): Map<string, string> {
  const decode = (value: string) =>
    value
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&(quot|apos|lt|gt);/g, (_, name: string) => ({ quot: '"', apos: "'", lt: '<', gt: '>' })[name]!)
      .replace(/&amp;/g, '&');
  return new Map(
    [...source.matchAll(/(?:[\w.-]+:)?([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => [m[1]!, decode(m[2] ?? m[3] ?? '')]),
  );
}

/** Store item id -> part: the property parts by their package relationships, custom XML by its itemProps. */
function storeParts(pkg: OoxmlPackage): Map<string, string> {
  const out = new Map<string, string>();
  const packageRels = [...relationshipsOf(pkg, '').values()];
  const byType = (pattern: RegExp, conventional: string) => packageRels.find((rel) => pattern.test(rel.type))?.target ?? conventional;
  out.set(CORE_PROPERTIES_STORE, byType(/core-properties$/, 'docProps/core.xml'));
  out.set(EXTENDED_PROPERTIES_STORE, byType(/extended-?properties$/i, 'docProps/app.xml'));
  for (const name of pkg.names.filter((part) => /^customXml\/item\d+\.xml$/.test(part))) {
    for (const rel of relationshipsOf(pkg, name).values()) {
      if (!/customXmlProps$/.test(rel.type)) continue;
      const id = /itemID\s*=\s*["']([^"']+)["']/.exec(partText(pkg, rel.target) ?? '')?.[1];
      if (id) out.set(id.trim().toUpperCase(), name);
    }
  }
  return out;
}

/** The data parts the Word parts' controls are bound to, with the bound keys; found without parsing the Word parts. */
export function boundDataParts(pkg: OoxmlPackage, wordParts: readonly string[]): Map<string, BoundData> {
  const keys = new Set<string>();
  for (const name of wordParts) {
    const xml = partText(pkg, name);
    if (!xml?.includes('dataBinding')) continue;
    for (const match of xml.matchAll(/<(?:[\w.-]+:)?dataBinding\b([^>]*)>/g)) {
      const attrs = attributes(match[1]!);
      const key = bindingKey(attrs.get('storeItemID') ?? null, attrs.get('prefixMappings') ?? null, attrs.get('xpath') ?? null);
      if (key) keys.add(key);
    }
  }
  const out = new Map<string, BoundData>();
  if (keys.size === 0) return out;
  for (const [store, part] of storeParts(pkg)) {
    const own = new Set([...keys].filter((key) => key.startsWith(`${store}|`)));
    if (own.size > 0 && pkg.files.has(part)) out.set(part, { store, keys: own });
  }
  return out;
}

function boundDataUnit(el: Element, key: string): TextUnit {
  const text = el.textContent;
  return {
    text,
    mirrorGroup: boundGroup(key),
    isMirror: true,
    replaceText(translation) {
      el.textContent = translation;
    },
    // Mode 1: the control keeps showing the source; its translation is in the paragraph copy after it.
    appendTranslatedCopy() {},
    insertTranslations(insertions) {
      el.textContent = withInsertions(text, insertions);
    },
  };
}

/** The bound elements of a data part (elements holding text only), in document order. */
export function boundDataUnits(doc: Document, data: BoundData): TextUnit[] {
  const units: TextUnit[] = [];
  const visit = (el: Element, path: string) => {
    const children = childElements(el);
    const key = `${data.store}|${path}`;
    if (children.length === 0 && data.keys.has(key)) units.push(boundDataUnit(el, key));
    const seen = new Map<string, number>();
    for (const child of children) {
      const name = `{${child.namespaceURI ?? ''}}${child.localName}`;
      seen.set(name, (seen.get(name) ?? 0) + 1);
      visit(child, `${path}/${name}[${seen.get(name)}]`);
    }
  };
  const root = doc.documentElement;
  if (root) visit(root, `/{${root.namespaceURI ?? ''}}${root.localName}[1]`);
  return units;
}
