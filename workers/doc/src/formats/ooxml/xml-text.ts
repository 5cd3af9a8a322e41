/**
 * XML text to a light-dom Document through saxes (a strict, streaming parser) and back. The tree keeps what xmldom kept, so a part that is not edited is written back as it
 * was read: elements and attributes with their namespaces and prefixes, namespace declarations
 * as attributes, text, CDATA, comments and processing instructions (the XML declaration
 * included). The output escapes exactly as xmldom's XMLSerializer did.
 */
import { SaxesParser } from 'saxes';
import { Comment, CDATASection, Document, ELEMENT_NODE, ProcessingInstruction, Text, type Element, type Node } from './light-dom.js';
import { CDATA_SECTION_NODE, COMMENT_NODE, DOCUMENT_NODE, PROCESSING_INSTRUCTION_NODE, TEXT_NODE } from './light-dom.js';

const XML_DECLARATION = /^<\?xml\s+([^?]*)\?>/;
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Prefix -> namespace in scope ('' is the default namespace); shared until an element declares one. */
type Scope = Map<string, string>;

function declarations(attributes: Record<string, string>, scope: Scope): Scope {
  let own = scope;
  for (const name in attributes) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    if (own === scope) own = new Map(scope);
    own.set(name === 'xmlns' ? '' : name.slice(6), attributes[name]!);
  }
  return own;
}

function namespaceOf(scope: Scope, prefix: string, what: string): string | null {
  const uri = scope.get(prefix);
  if (uri === undefined && prefix !== '') throw new Error(`unbound namespace prefix ${prefix} (${what})`);
  return uri || null;
}

/**
 * saxes checks well-formedness; namespaces are resolved here (its own namespace mode parsed about
 * half as fast and made an object per attribute).
 */
export function parseXmlText(text: string): Document {
  const doc = new Document();
  const parser = new SaxesParser({ xmlns: false });
  let current: Node = doc;
  const open: Node[] = [];
  let scope: Scope = new Map([
    ['xml', XML_NS],
    ['xmlns', XMLNS_NS],
  ]);
  const scopes: Scope[] = [];
  // saxes reports the declaration as parsed fields, not as a node: it is carried over as written.
  const declaration = XML_DECLARATION.exec(text);
  if (declaration) doc.appendChild(new ProcessingInstruction(doc, 'xml', declaration[1]!));

  parser.on('opentag', (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    const own = declarations(attributes, scope);
    const colon = tag.name.indexOf(':');
    const el = doc.createElementNS(namespaceOf(own, colon < 0 ? '' : tag.name.slice(0, colon), tag.name), tag.name);
    for (const name in attributes) {
      const split = name.indexOf(':');
      const prefix = split < 0 ? null : name.slice(0, split);
      // Unprefixed attributes are in no namespace; `xmlns` itself is in the xmlns namespace.
      const namespaceURI = name === 'xmlns' ? XMLNS_NS : prefix === null ? null : namespaceOf(own, prefix, name);
      const localName = split < 0 ? name : name.slice(split + 1);
      el.addAttribute({ name, namespaceURI, prefix, localName, value: attributes[name]! });
    }
    current.appendChild(el);
    open.push(current);
    scopes.push(scope);
    current = el;
    scope = own;
  });
  parser.on('closetag', () => {
    current = open.pop()!;
    scope = scopes.pop()!;
  });
  parser.on('text', (data) => {
    // Outside the root only whitespace is legal (saxes refuses the rest): kept before the root,
    // dropped after it (as xmldom did).
    if (current !== doc || !doc.documentElement) current.appendChild(new Text(doc, data));
  });
  parser.on('cdata', (data) => current.appendChild(new CDATASection(doc, data)));
  parser.on('comment', (data) => current.appendChild(new Comment(doc, data)));
  parser.on('processinginstruction', ({ target, body }) => current.appendChild(new ProcessingInstruction(doc, target, body)));
  parser.write(text).close();
  return doc;
}

const ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const encode = (c: string) => ENTITIES[c]!;
const TEXT_ESCAPES = /[<&>]/g;
const ATTRIBUTE_ESCAPES = /[<>&"\t\n\r]/g;
const NEEDS_TEXT_ESCAPE = /[<&>]/;
const NEEDS_ATTRIBUTE_ESCAPE = /[<>&"\t\n\r]/;

/** Appending to one string (V8 joins the pieces once) is about twice as fast as an array joined at the end. */
function write(node: Node, out: { xml: string }): void {
  switch (node.nodeType) {
    case ELEMENT_NODE: {
      const el = node as Element;
      out.xml += '<' + el.tagName;
      for (const attr of el.attributes) {
        const value = NEEDS_ATTRIBUTE_ESCAPE.test(attr.value) ? attr.value.replace(ATTRIBUTE_ESCAPES, encode) : attr.value;
        out.xml += ' ' + attr.name + '="' + value + '"';
      }
      if (!el.firstChild) {
        out.xml += '/>';
        return;
      }
      out.xml += '>';
      for (let child: Node | null = el.firstChild; child; child = child.nextSibling) write(child, out);
      out.xml += '</' + el.tagName + '>';
      return;
    }
    case TEXT_NODE: {
      const data = (node as Text).data;
      out.xml += NEEDS_TEXT_ESCAPE.test(data) ? data.replace(TEXT_ESCAPES, encode) : data;
      return;
    }
    case CDATA_SECTION_NODE:
      out.xml += '<![CDATA[' + (node as CDATASection).data.replace(/]]>/g, ']]]]><![CDATA[>') + ']]>';
      return;
    case COMMENT_NODE:
      out.xml += '<!--' + (node as Comment).data + '-->';
      return;
    case PROCESSING_INSTRUCTION_NODE:
      out.xml += '<?' + (node as ProcessingInstruction).target + ' ' + (node as ProcessingInstruction).data + '?>';
      return;
    case DOCUMENT_NODE:
      for (let child = node.firstChild; child; child = child.nextSibling) write(child, out);
  }
}

export function serializeXmlText(node: Node): string {
  const out = { xml: '' };
  write(node, out);
  return out.xml;
}
