/**
 * HTML files declare their encoding in a `<meta>` near the top (old pages in windows-1252 or
 * ISO-8859-1 are common). We decode by that declaration, always write UTF-8, and make the
 * declaration say UTF-8 so browsers read the result right.
 */
import { decodeText } from './text-encoding';
import { createElement, elements, getAttr, setAttr, type ParentNode } from './html-dom';

const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w:.-]+)/i;

export type DecodedHtml = { text: string; encoding: string; bom: boolean };

export function decodeHtml(input: Buffer): DecodedHtml {
  const b = input;
  const hasBom = (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) || (b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff);
  if (hasBom) return decodeText(input);
  // The HTML standard's prescan looks at the first 1024 bytes; the label there is ASCII.
  const label = META_CHARSET.exec(input.subarray(0, 1024).toString('latin1'))?.[1];
  if (label) {
    try {
      const decoder = new TextDecoder(label);
      // A page that claims UTF-16 in a meta is really ASCII-compatible (HTML standard rule).
      if (!decoder.encoding.startsWith('utf-16')) return { text: decoder.decode(input), encoding: decoder.encoding, bom: false };
    } catch {
      // Unknown label: fall through to detection.
    }
  }
  // No declaration: UTF-8 if valid, else the same guess as plain text (GBK pages are common).
  return decodeText(input);
}

/** Rewrites every charset declaration to UTF-8, adding `<meta charset="utf-8">` when none exists. */
export function declareUtf8(document: ParentNode): void {
  let declared = false;
  let head: ReturnType<typeof createElement> | undefined;
  for (const el of elements(document)) {
    if (el.tagName === 'head') head ??= el;
    if (el.tagName !== 'meta') continue;
    if (getAttr(el, 'charset') !== undefined) {
      setAttr(el, 'charset', 'utf-8');
      declared = true;
    } else if (getAttr(el, 'http-equiv')?.toLowerCase() === 'content-type') {
      setAttr(el, 'content', 'text/html; charset=utf-8');
      declared = true;
    }
  }
  if (!declared && head) {
    const meta = createElement('meta', { charset: 'utf-8' });
    meta.parentNode = head;
    head.childNodes.unshift(meta);
  }
}
