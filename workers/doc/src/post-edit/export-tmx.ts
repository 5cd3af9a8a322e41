/**
 * A post-edited document as TMX 1.4: one <tu> per confirmed segment (translated or approved:
 * a memory should hold what a translator stood behind, not raw MT), in document order, so an
 * import that takes context from the previous entry gets it right too. Each <tu> also names its
 * previous source in `<prop type="x-context-pre">` (empty for the first segment) and its status
 * in `<prop type="x-status">`.
 */
import type { PeExportSegment } from '@mtp/proto';
import { bcp47, CONFIRMED, escapeXml, previousSources } from './export-xml';

export type TmxExportOptions = { srcLang: string; tgtLang: string; toolVersion?: string };

export function writePeTmx(segments: readonly PeExportSegment[], options: TmxExportOptions): Buffer {
  const src = bcp47(options.srcLang);
  const tgt = bcp47(options.tgtLang);
  const previous = previousSources(segments);
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">\n',
    `  <header creationtool="mtp" creationtoolversion="${escapeXml(options.toolVersion ?? '0.1.0')}" segtype="sentence"`,
    ` o-tmf="mtp" adminlang="en" srclang="${src}" datatype="plaintext"/>\n  <body>\n`,
  ];
  segments.forEach((segment, i) => {
    if (!CONFIRMED.has(segment.status) || segment.target.trim() === '') return;
    parts.push(
      '    <tu>\n',
      `      <prop type="x-context-pre">${escapeXml(previous[i]!)}</prop>\n`,
      `      <prop type="x-status">${escapeXml(segment.status)}</prop>\n`,
      `      <tuv xml:lang="${src}"><seg>${escapeXml(segment.source)}</seg></tuv>\n`,
      `      <tuv xml:lang="${tgt}"><seg>${escapeXml(segment.target)}</seg></tuv>\n`,
      '    </tu>\n',
    );
  });
  parts.push('  </body>\n</tmx>\n');
  return Buffer.from(parts.join(''), 'utf8');
}
