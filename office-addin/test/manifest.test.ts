/**
 * The add-in manifest template's shape: what Office checks when a user uploads it (a task-pane
 * add-in for Word and Excel that may read and write the document), every URL on the server's
 * origin placeholder, and every resource the ribbon names defined once.
 */
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MANIFEST = path.join(path.dirname(fileURLToPath(import.meta.url)), '../manifest.xml');
const OFFICE_APP_NS = 'http://schemas.microsoft.com/office/appforoffice/1.1';
const OVERRIDES_NS = 'http://schemas.microsoft.com/office/taskpaneappversionoverrides';
const BASIC_TYPES_NS = 'http://schemas.microsoft.com/office/officeappbasictypes/1.0';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const PLACEHOLDER = '__MTP_ORIGIN__';

const xml = readFileSync(MANIFEST, 'utf8');
const doc = new DOMParser({
  onError: (level, message) => {
    throw new Error(`${level}: ${message}`);
  },
}).parseFromString(xml, 'text/xml');
const root = doc.documentElement!;

function children(parent: XmlElement, ns: string, name: string): XmlElement[] {
  return Array.from(parent.childNodes).filter(
    (n): n is XmlElement => n.nodeType === 1 && (n as XmlElement).namespaceURI === ns && (n as XmlElement).localName === name,
  );
}

function only(parent: XmlElement, ns: string, name: string): XmlElement {
  const found = children(parent, ns, name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
}

function all(ns: string, name: string): XmlElement[] {
  return Array.from(doc.getElementsByTagNameNS(ns, name));
}

describe('office-addin manifest.xml', () => {
  it('is a task-pane add-in for Word and Excel that reads and writes the document', () => {
    expect(root.namespaceURI).toBe(OFFICE_APP_NS);
    expect(root.localName).toBe('OfficeApp');
    expect(root.getAttributeNS(XSI_NS, 'type')).toBe('TaskPaneApp');
    expect(only(root, OFFICE_APP_NS, 'Id').textContent).toBe('8939ef6a-482b-49ea-96b1-0f5117aa884e');
    expect(only(root, OFFICE_APP_NS, 'Version').textContent).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const hosts = children(only(root, OFFICE_APP_NS, 'Hosts'), OFFICE_APP_NS, 'Host').map((h) => h.getAttribute('Name'));
    expect(hosts.sort()).toEqual(['Document', 'Workbook']);
    expect(only(root, OFFICE_APP_NS, 'Permissions').textContent).toBe('ReadWriteDocument');
    const source = only(only(root, OFFICE_APP_NS, 'DefaultSettings'), OFFICE_APP_NS, 'SourceLocation');
    expect(source.getAttribute('DefaultValue')).toBe(`${PLACEHOLDER}/office-addin/index.html`);
  });

  it('keeps the schema order of the base elements Office validates', () => {
    const order = Array.from(root.childNodes)
      .filter((n): n is XmlElement => n.nodeType === 1)
      .map((n) => n.localName);
    expect(order).toEqual([
      'Id',
      'Version',
      'ProviderName',
      'DefaultLocale',
      'DisplayName',
      'Description',
      'IconUrl',
      'HighResolutionIconUrl',
      'SupportUrl',
      'AppDomains',
      'Hosts',
      'DefaultSettings',
      'Permissions',
      'VersionOverrides',
    ]);
  });

  it('names only URLs on the server origin placeholder, each served by the task pane build', () => {
    const urls = [
      ...['IconUrl', 'HighResolutionIconUrl', 'SupportUrl'].map((name) => only(root, OFFICE_APP_NS, name).getAttribute('DefaultValue')),
      ...all(BASIC_TYPES_NS, 'Image')
        .filter((e) => e.hasAttribute('id'))
        .map((e) => e.getAttribute('DefaultValue')),
      ...all(BASIC_TYPES_NS, 'Url').map((e) => e.getAttribute('DefaultValue')),
    ];
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url).toMatch(new RegExp(`^${PLACEHOLDER}/(office-addin/[\\w.-]+\\.(html|png)|addins)$`));
    expect(xml.match(/https?:\/\/(?!schemas\.microsoft\.com|www\.w3\.org)/g)).toBeNull();
  });

  it('gives each host a ribbon button that opens the task pane, with every resid defined', () => {
    const overrides = only(root, OVERRIDES_NS, 'VersionOverrides');
    expect(overrides.getAttributeNS(XSI_NS, 'type')).toBe('VersionOverridesV1_0');
    const hostTypes = all(OVERRIDES_NS, 'Host').map((h) => h.getAttributeNS(XSI_NS, 'type'));
    expect(hostTypes.sort()).toEqual(['Document', 'Workbook']);
    const actions = all(OVERRIDES_NS, 'Action');
    expect(actions.map((a) => a.getAttributeNS(XSI_NS, 'type'))).toEqual(['ShowTaskpane', 'ShowTaskpane']);

    const defined = new Set(
      ['Image', 'Url', 'String'].flatMap((name) =>
        all(BASIC_TYPES_NS, name)
          .map((e) => e.getAttribute('id'))
          .filter(Boolean),
      ),
    );
    const used = Array.from(doc.getElementsByTagName('*'))
      .map((e) => e.getAttribute('resid'))
      .filter((id): id is string => Boolean(id));
    expect(used.length).toBeGreaterThan(10);
    for (const id of used) expect(defined, id).toContain(id);
    const ids = ['Image', 'Url', 'String'].flatMap((name) =>
      all(BASIC_TYPES_NS, name)
        .map((e) => e.getAttribute('id'))
        .filter(Boolean),
    );
    expect(new Set(ids).size).toBe(ids.length);
    // Short strings are limited to 125 characters, long ones to 250 (Office refuses more).
    for (const s of all(BASIC_TYPES_NS, 'String')) {
      const limit = (s.parentNode as XmlElement).localName === 'ShortStrings' ? 125 : 250;
      expect(s.getAttribute('DefaultValue')!.length).toBeLessThanOrEqual(limit);
    }
  });
});
