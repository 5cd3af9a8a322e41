/**
 * XML text to a light-dom Document through saxes (a strict, streaming, namespace-aware parser)
 * and back. The tree keeps what xmldom kept, so a part that is not edited is written back as it
 * was read: elements and attributes with their namespaces and prefixes, namespace declarations
 * as attributes, text, CDATA, comments and processing instructions (the XML declaration
 * included). The output escapes exactly as xmldom's XMLSerializer did.
 */
import { SaxesParser } from 'saxes';
import { Comment, CDATASection, Document, ELEMENT_NODE, ProcessingInstruction, Text, type Element, type Node } from './light-dom.js';
import { CDATA_SECTION_NODE, COMMENT_NODE, DOCUMENT_NODE, PROCESSING_INSTRUCTION_NODE, TEXT_NODE } from './light-dom.js';

const XML_DECLARATION = /^<\?xml\s+([^?]*)\?>/;

export function parseXmlText(text: string): Document {
  const doc = new Document();
  const parser = new SaxesParser({ xmlns: true });
  let current: Node = doc;
  const open: Node[] = [];
  // saxes reports the declaration as parsed fields, not as a node: it is carried over as written.
  const declaration = XML_DECLARATION.exec(text);
  if (declaration) doc.appendChild(new ProcessingInstruction(doc, 'xml', declaration[1]!));

  parser.on('opentag', (tag) => {
    const el = doc.createElementNS(tag.uri || null, tag.name);
    for (const name in tag.attributes) {
      const attr = tag.attributes[name]!;
      el.addAttribute({ name, namespaceURI: attr.uri || null, prefix: attr.prefix || null, localName: attr.local, value: attr.value });
    }
    current.appendChild(el);
    open.push(current);
    current = el;
  });
  parser.on('closetag', () => {
    current = open.pop()!;
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
