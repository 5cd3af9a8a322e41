/**
 * The parts' own DOM against xmldom's: every XML part of every real Word, PowerPoint and Excel
 * file in the fixtures is read and written back to exactly the text xmldom's parser and
 * serializer gave (so untouched parts stay as they were written before), the same edits give the
 * same text, and malformed XML is refused.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { DOMParser, XMLSerializer, type Document } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseXmlText, serializeXmlText } from '../src/formats/ooxml/xml-text.js';

const FIXTURES = new URL('../fixtures/ooxml/', import.meta.url);
const SHARED = ['docx', 'pptx', 'xlsx'].map((ext) => new URL(`../../../../shared/fixtures/real/${ext}/`, import.meta.url));
/** The package fixtures here and the shared real files (by name, each once). */
const packages = new Map<string, URL>();
for (const dir of [FIXTURES, ...SHARED.filter((url) => existsSync(url))]) {
  for (const name of readdirSync(dir)) {
    if (/\.(docx|pptx|xlsx)$/.test(name) && !name.startsWith('encrypted') && !packages.has(name)) packages.set(name, new URL(name, dir));
  }
}

const xmldomRoundTrip = (text: string) => new XMLSerializer().serializeToString(new DOMParser().parseFromString(text, 'text/xml'));

describe('parseXmlText', () => {
  it.each([...packages])('writes back what xmldom wrote for every XML part of %s', (name, url) => {
    const files = unzipSync(readFileSync(url));
    const parts = Object.keys(files).filter((part) => /\.(xml|rels)$/.test(part));
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) {
      const text = strFromU8(files[part]!);
      expect(serializeXmlText(parseXmlText(text)), `${name}: ${part}`).toBe(xmldomRoundTrip(text));
    }
  });

  it('keeps the declaration, CDATA, comments, processing instructions, entities and namespaces', () => {
    const text =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<w:document xmlns:w="urn:w" xmlns:x="urn:x" xmlns="urn:d">' +
      '<w:t xml:space="preserve"> a &lt; b &gt; c &#x4E2D; </w:t><![CDATA[x<y]]><!-- note --><?pi data?><x:y x:k="1 &amp; 2&#9;&#10;&#13;&quot;&lt;&gt;"/><plain/></w:document>';
    const doc = parseXmlText(text);
    expect(serializeXmlText(doc)).toBe(xmldomRoundTrip(text));
    const plain = doc.getElementsByTagNameNS('urn:d', 'plain')[0]!;
    expect(plain.namespaceURI).toBe('urn:d');
    expect(doc.getElementsByTagNameNS('urn:x', 'y')[0]!.getAttributeNS('urn:x', 'k')).toBe('1 & 2\t\n\r"<>');
    expect(doc.getElementsByTagNameNS('urn:w', 't')[0]!.textContent).toBe(' a < b > c 中 ');
  });

  it('writes what xmldom writes after the same edits', () => {
    const text =
      '<w:document xmlns:w="urn:w"><w:p><w:r><w:rPr><w:b/></w:rPr><w:t>one</w:t></w:r><w:r><w:t>two</w:t></w:r></w:p></w:document>';
    type Editable = ReturnType<typeof parseXmlText> | Document;
    // The same calls on both DOMs: clone a paragraph, put new text and a new element in it, drop a run.
    const edit = (doc: Editable) => {
      const p = doc.getElementsByTagNameNS('urn:w', 'p')[0]!;
      const copy = p.cloneNode(true) as typeof p;
      const t = copy.getElementsByTagNameNS('urn:w', 't')[0]!;
      t.textContent = 'x < y & "z" ]]> \t';
      t.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:space', 'preserve');
      const tab = doc.createElementNS('urn:w', 'w:tab');
      t.parentNode!.insertBefore(tab as never, t as never);
      const second = copy.getElementsByTagNameNS('urn:w', 'r')[1]!;
      copy.removeChild(second as never);
      p.parentNode!.insertBefore(copy as never, p.nextSibling as never);
      p.getElementsByTagNameNS('urn:w', 't')[1]!.textContent = '';
      return doc;
    };
    const ours = serializeXmlText(edit(parseXmlText(text)) as ReturnType<typeof parseXmlText>);
    const theirs = new XMLSerializer().serializeToString(edit(new DOMParser().parseFromString(text, 'text/xml')) as Document);
    expect(ours).toBe(theirs);
    expect(ours).toContain('<w:t xml:space="preserve">x &lt; y &amp; "z" ]]&gt; \t</w:t>');
  });

  it.each([
    ['an unclosed element', '<a><b></a>'],
    ['an unbound prefix', '<w:a/>'],
    ['text after the root', '<a/>text'],
    ['an undefined entity', '<a>&nbsp;</a>'],
  ])('refuses %s', (_what, text) => {
    expect(() => parseXmlText(text)).toThrow();
  });
});
