/**
 * The one sanitizer of rich text (bulletins, FAQ answers, the user terms). It runs when HTML is
 * stored and again when it is served, so a row written before a rule changed, or by anything
 * other than these functions, still leaves the server clean. An allow-list of a rich-text
 * subset (what the web editor produces): no script, style, event handler, frame or form
 * survives, links are http(s)/mailto or paths of this site, pictures come from this site only.
 */
import { AppError } from '@mtp/proto';
import sanitizeHtml from 'sanitize-html';

/** What a stored HTML field may hold after cleaning (escaping can make text longer than typed). */
export const MAX_STORED_HTML_CHARS = 200_000;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  // Absolute links may only be web or mail links; a path without a scheme stays on this site.
  allowedSchemes: ['http', 'https', 'mailto'],
  // Pictures: no scheme at all (no data:, no other host), so only paths of this site remain.
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // `//evil.example/x` would leave the site without naming a scheme.
  allowProtocolRelative: false,
  // Whatever these hold is code or markup, never text to show.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'noembed', 'noframes', 'xmp', 'template', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opens a new tab that cannot reach back into this one.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Cleans rich text; the result may be rendered as HTML. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Cleans rich text about to be stored; refuses (40000, naming the field) what would not fit. */
export function cleanForStorage(html: string, field: string): string {
  const clean = sanitizeRichText(html);
  if (clean.length > MAX_STORED_HTML_CHARS) throw new AppError('INVALID_PARAMS', field);
  return clean;
}
