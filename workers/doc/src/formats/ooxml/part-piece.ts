/**
 * One small element of a large part, parsed and written on its own. A worksheet's print header
 * sits at the end of a sheet that can hold millions of cells, none of them translated here
 * (they are shared strings): parsing the whole sheet for it would cost about 20 bytes of heap
 * per byte of XML and rewrite every cell. The piece is the part's root start tag (its namespace
 * declarations) around the element's own text; after editing, the element as serialized goes
 * back where it was and every other byte of the part stays as it was.
 */
import { serializeXml, type Document } from './xml-dom.js';

export type PartPiece = {
  /** A small XML document: the part's root element holding only the element. */
  xml: Uint8Array;
  /** The part's bytes with the element replaced by the edited piece's. */
  splice(edited: Document): Uint8Array;
};

/** The first element `localName` (in the root's prefix) of the part's XML as a piece, or undefined when it has none. */
export function elementPiece(xml: string, localName: string): PartPiece | undefined {
  const root = /<(?![?!])(([\w.-]+:)?[\w.-]+)[^>]*>/.exec(xml);
  if (!root || root[0].endsWith('/>')) return undefined;
  const [rootTag, rootName, prefix = ''] = root;
  const name = `${prefix}${localName}`;
  const element = new RegExp(`<${name}(?=[\\s>/])[^>]*?(?:/>|>[\\s\\S]*?</${name}>)`).exec(xml);
  if (!element) return undefined;
  const encoder = new TextEncoder();
  return {
    xml: encoder.encode(`${rootTag}${element[0]}</${rootName}>`),
    splice(edited) {
      const serialized = new TextDecoder('utf-8').decode(serializeXml(edited));
      const edit = serialized.slice(serialized.indexOf(`<${name}`), serialized.lastIndexOf(`</${rootName}>`));
      return encoder.encode(`${xml.slice(0, element.index)}${edit}${xml.slice(element.index + element[0].length)}`);
    },
  };
}
