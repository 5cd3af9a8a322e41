/**
 * The saxes-built DOM against the one xmldom's own parser builds: every XML part of every real
 * Word, PowerPoint and Excel file in the fixtures serializes to the same text either way (so
 * editing and writing behave as before), and malformed XML is refused.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseXmlText } from '../src/formats/ooxml/fast-xml-parse.js';

const FIXTURES = new URL('../fixtures/ooxml/', import.meta.url);
const SHARED = ['docx', 'pptx', 'xlsx'].map((ext) => new URL(`../../../../shared/fixtures/real/${ext}/`, import.meta.url));
/** The package fixtures here and the shared real files (by name, each once). */
const packages = new Map<string, URL>();
for (const dir of [FIXTURES, ...SHARED.filter((url) => existsSync(url))]) {
  for (const name of readdirSync(dir)) {
    if (/\.(docx|pptx|xlsx)$/.test(name) && !name.startsWith('encrypted') && !packages.has(name)) packages.set(name, new URL(name, dir));
  }
}

const serialize = (doc: Parameters<XMLSerializer['serializeToString']>[0]) => new XMLSerializer().serializeToString(doc);

describe('parseXmlText', () => {
  it.each([...packages])('builds the DOM xmldom builds for every XML part of %s', (name, url) => {
    const files = unzipSync(readFileSync(url));
    const parts = Object.keys(files).filter((part) => /\.(xml|rels)$/.test(part));
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) {
      const text = strFromU8(files[part]!);
      expect(serialize(parseXmlText(text)), `${name}: ${part}`).toBe(serialize(new DOMParser().parseFromString(text, 'text/xml')));
    }
  });

  it('keeps the declaration, CDATA, comments, processing instructions, entities and namespaces', () => {
    const text =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<w:document xmlns:w="urn:w" xmlns:x="urn:x" xmlns="urn:d">' +
      '<w:t xml:space="preserve"> a &lt; b &#x4E2D; </w:t><![CDATA[x<y]]><!-- note --><?pi data?><x:y x:k="1 &amp; 2"/><plain/></w:document>';
    const doc = parseXmlText(text);
    expect(serialize(doc)).toBe(serialize(new DOMParser().parseFromString(text, 'text/xml')));
    const plain = doc.getElementsByTagName('plain')[0]!;
    expect(plain.namespaceURI).toBe('urn:d');
    expect(doc.getElementsByTagNameNS('urn:x', 'y')[0]!.getAttributeNS('urn:x', 'k')).toBe('1 & 2');
    expect(doc.getElementsByTagNameNS('urn:w', 't')[0]!.textContent).toBe(' a < b 中 ');
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
