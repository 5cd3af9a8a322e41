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
      el.attributes.push({ name, namespaceURI: attr.uri || null, prefix: attr.prefix || null, localName: attr.local, value: attr.value });
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

function write(node: Node, out: string[]): void {
  switch (node.nodeType) {
    case ELEMENT_NODE: {
      const el = node as Element;
      let tag = `<${el.tagName}`;
      for (const attr of el.attributes) tag += ` ${attr.name}="${attr.value.replace(ATTRIBUTE_ESCAPES, encode)}"`;
      if (!el.firstChild) {
        out.push(`${tag}/>`);
        return;
      }
      out.push(`${tag}>`);
      for (let child: Node | null = el.firstChild; child; child = child.nextSibling) write(child, out);
      out.push(`</${el.tagName}>`);
      return;
    }
    case TEXT_NODE:
      out.push((node as Text).data.replace(TEXT_ESCAPES, encode));
      return;
    case CDATA_SECTION_NODE:
      out.push(`<![CDATA[${(node as CDATASection).data.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`);
      return;
    case COMMENT_NODE:
      out.push(`<!--${(node as Comment).data}-->`);
      return;
    case PROCESSING_INSTRUCTION_NODE:
      out.push(`<?${(node as ProcessingInstruction).target} ${(node as ProcessingInstruction).data}?>`);
      return;
    case DOCUMENT_NODE:
      for (let child = node.firstChild; child; child = child.nextSibling) write(child, out);
  }
}

export function serializeXmlText(node: Node): string {
  const out: string[] = [];
  write(node, out);
  return out.join('');
}
