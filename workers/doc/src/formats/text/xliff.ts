/**
 * XLIFF 1.2 and 2.0: every `source` (1.2 `trans-unit`, 2.0 `segment`) is a paragraph and gets
 * a `target` holding its translation. XLIFF is bilingual by nature, so the output modes 1 and 2
 * are written like mode 0: the source stays in the file next to the new target.
 *
 * Inline codes survive: the target is a copy of the source's inline structure in which the
 * first text node carries the whole translation and the other text nodes are emptied. Every
 * placeholder (`x`, `ph`, `bpt`/`ept`, `sc`/`ec`...) therefore comes back exactly once, and
 * paired wrappers (`g`, `pc`) stay balanced, which is what CAT tools validate; only the position
 * of the codes inside the sentence is approximate.
 */
import { DOMParser, XMLSerializer, type Document, type Element, type Node } from '@xmldom/xmldom';
import { DocumentError, type DocumentFormat, type OpenedDocument, type Paragraph } from '../types';
import { decodeText, encodeUtf8 } from './text-encoding';
import { textStats } from './text-stats';

/** Inline elements whose content is translatable text (their children are walked). */
const TEXT_WRAPPERS = new Set(['g', 'mrk', 'pc']);

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

type Unit = { source: Element; host: Element };

function childElements(node: Node): Element[] {
  const out: Element[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === ELEMENT) out.push(c as Element);
  return out;
}

function descendants(node: Node, localName: string, out: Element[] = []): Element[] {
  for (const el of childElements(node)) {
    if (el.localName === localName) out.push(el);
    descendants(el, localName, out);
  }
  return out;
}

/** `translate="no"` is inherited from file/group down to the unit. */
function isTranslatable(el: Element): boolean {
  for (let n: Node | null = el; n && n.nodeType === ELEMENT; n = n.parentNode) {
    if ((n as Element).getAttribute('translate') === 'no') return false;
  }
  return true;
}

/** Protected inline text (1.2 `mrk mtype="protected"`, 2.0 `translate="no"`) is kept like a code. */
const isTextWrapper = (el: Element) =>
  TEXT_WRAPPERS.has(el.localName ?? '') && el.getAttribute('translate') !== 'no' && el.getAttribute('mtype') !== 'protected';

function textNodes(node: Node, out: Node[] = []): Node[] {
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === TEXT || c.nodeType === CDATA) out.push(c);
    else if (c.nodeType === ELEMENT && isTextWrapper(c as Element)) textNodes(c, out);
  }
  return out;
}

const plainText = (source: Element) =>
  textNodes(source)
    .map((n) => n.nodeValue ?? '')
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

function findUnits(root: Element, version: '1.2' | '2.0'): Unit[] {
  if (version === '1.2') {
    return descendants(root, 'trans-unit')
      .filter(isTranslatable)
      .flatMap((tu) =>
        childElements(tu)
          .filter((c) => c.localName === 'source')
          .map((source) => ({ source, host: tu })),
      );
  }
  return descendants(root, 'unit')
    .filter(isTranslatable)
    .flatMap((unit) => childElements(unit).filter((c) => c.localName === 'segment'))
    .flatMap((seg) =>
      childElements(seg)
        .filter((c) => c.localName === 'source')
        .map((source) => ({ source, host: seg })),
    );
}

function buildTarget(doc: Document, source: Element, translation: string): Element {
  const target = doc.createElementNS(source.namespaceURI, source.prefix ? `${source.prefix}:target` : 'target');
  for (let c = source.firstChild; c; c = c.nextSibling) target.appendChild(c.cloneNode(true));
  const texts = textNodes(target);
  const first = texts.find((t) => (t.nodeValue ?? '').trim()) ?? texts[0];
  for (const t of texts) t.nodeValue = t === first ? translation : '';
  if (!first) target.appendChild(doc.createTextNode(translation));
  return target;
}

function parseXliff(input: Buffer): { doc: Document; root: Element; version: '1.2' | '2.0'; bom: boolean } {
  const decoded = decodeText(input);
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(decoded.text, 'text/xml');
  } catch (e) {
    throw new DocumentError('corrupt', `not well-formed XML: ${(e as Error).message}`);
  }
  const root = doc.documentElement;
  if (!root || root.localName !== 'xliff') throw new DocumentError('unknown_format', 'the root element is not <xliff>');
  const declared = root.getAttribute('version') ?? '';
  const version = declared.startsWith('2') || (root.namespaceURI ?? '').endsWith(':2.0') ? '2.0' : '1.2';
  return { doc, root, version, bom: decoded.bom };
}

export const xliffFormat: DocumentFormat = {
  extensions: ['xliff', 'xlf'],
  async open(input): Promise<OpenedDocument> {
    const { doc, root, version, bom } = parseXliff(input);
    const units = findUnits(root, version);
    const paragraphs: Paragraph[] = [];
    const byId = new Map<string, Unit>();
    units.forEach((u, i) => {
      const text = plainText(u.source);
      if (!text) return;
      paragraphs.push({ id: `s${i}`, text });
      byId.set(`s${i}`, u);
    });
    if (paragraphs.length === 0) throw new DocumentError('empty', 'no translatable source in the XLIFF file');

    return {
      paragraphs,
      stats: textStats(paragraphs),
      // `write` mutates the parsed tree: a document is written once, after translation.
      async write(translations, { tgtLang }) {
        if (version === '2.0') root.setAttribute('trgLang', tgtLang);
        else for (const file of descendants(root, 'file')) file.setAttribute('target-language', tgtLang);
        for (const [id, unit] of byId) {
          const translation = translations.get(id);
          if (!translation) continue;
          for (const old of childElements(unit.host).filter((c) => c.localName === 'target')) unit.host.removeChild(old);
          const target = buildTarget(doc, unit.source, translation.target);
          // XLIFF 1.2 orders source, seg-source, target: the target goes after both.
          const segSource = childElements(unit.host).find((c) => c.localName === 'seg-source');
          unit.host.insertBefore(target, (segSource ?? unit.source).nextSibling);
          if (version === '1.2') {
            target.setAttribute('state', 'translated');
            target.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:lang', tgtLang);
          } else {
            unit.host.setAttribute('state', 'translated');
          }
        }
        // The output is UTF-8 whatever the input was, so the declaration must say so.
        const xml = new XMLSerializer().serializeToString(doc).replace(/^(<\?xml[^>]*encoding=)(["'])[^"']*\2/, '$1$2UTF-8$2');
        return encodeUtf8(xml, bom);
      },
    };
  },
};
