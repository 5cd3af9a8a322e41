/**
 * Text written into XML that our own writers make by hand (TMX and TBX exports of memories and
 * termbases, TMX and XLIFF exports of post-editing), where a library would be heavier than the
 * few elements written: one escaping rule, so every export survives the same inputs.
 */

/**
 * Escapes text for XML element content or attribute values. CR is kept as a reference so it
 * survives parsing; characters XML 1.0 cannot hold at all (a document's stray control codes) are
 * dropped, since no escape makes them legal.
 */
export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/\r/g, '&#13;')
      // eslint-disable-next-line no-control-regex -- XML 1.0 cannot carry these characters at all
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
  );
}
