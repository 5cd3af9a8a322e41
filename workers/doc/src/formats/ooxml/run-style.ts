/**
 * What Word and DrawingML runs share when the translation is laid into them: a key telling runs
 * that look the same apart from those that do not, and symbol fonts.
 */
import { childElements, type Element } from './xml-dom.js';

function elementKey(el: Element, ignored: ReadonlySet<string>): string {
  const attributes = el.attributes
    .filter((attr) => !ignored.has(attr.localName) && attr.prefix !== 'xmlns' && attr.name !== 'xmlns')
    .map((attr) => `${attr.namespaceURI ?? ''}:${attr.localName}=${attr.value}`)
    .sort()
    .join(' ');
  const children = childElements(el).filter((child) => !ignored.has(child.localName));
  return `<${el.namespaceURI ?? ''}:${el.localName} ${attributes}>${children.map((child) => elementKey(child, ignored)).join('')}</>`;
}

/**
 * A run's properties as a string in which the order of attributes does not matter; `ignored`
 * names children and attributes (by local name) that change nothing a reader sees: the
 * proofing language, spell-check state, revision records. No properties and properties with
 * nothing visible in them are the same: the paragraph's own look, `''`.
 */
export function propertiesKey(properties: Element | undefined, ignored: ReadonlySet<string>): string {
  if (!properties) return '';
  const key = elementKey(properties, ignored);
  return key === `<${properties.namespaceURI ?? ''}:${properties.localName} ></>` ? '' : key;
}

/**
 * Fonts whose letters are pictures (bullets, check boxes, arrows): text in them is not language,
 * and a translation laid into such a run shows as symbols or empty boxes.
 */
const SYMBOL_FONTS = new Set([
  'symbol',
  'wingdings',
  'wingdings 2',
  'wingdings 3',
  'webdings',
  'marlett',
  'mt extra',
  'zapfdingbats',
  'zapf dingbats',
  'itc zapf dingbats',
  'monotype sorts',
]);

export function isSymbolFont(name: string | null | undefined): boolean {
  return name !== null && name !== undefined && SYMBOL_FONTS.has(name.trim().toLowerCase());
}

/** Text made only of the private-use characters Word and PowerPoint store symbol-font glyphs as (U+F020-F0FF). */
export function isSymbolText(text: string): boolean {
  return text !== '' && /^[\uF000-\uF0FF\s]+$/u.test(text) && /[\uF000-\uF0FF]/u.test(text);
}
