/**
 * What the XML exports (TMX, XLIFF) share: escaping (@mtp/platform's), and the platform's language codes written
 * as BCP-47 tags. The platform's codes are lower-case (`zh-cn`, `en-us`); BCP-47 writes the
 * region in capitals (`zh-CN`, `en-US`), which is what CAT tools (OmegaT, Trados, Matecat)
 * compare against. A code without a region (`ja`, `ko`, `ru`) is already a tag.
 */
import type { PeExportSegment } from '@mtp/proto';

export { escapeXml } from '@mtp/platform';

export function bcp47(code: string): string {
  const [language, ...rest] = code.split(/[-_]/);
  return [language!.toLowerCase(), ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join('-');
}

/** Each segment's previous source in the document ('' for the first): the context a 101 match needs. */
export function previousSources(segments: readonly PeExportSegment[]): string[] {
  return segments.map((_, i) => (i === 0 ? '' : segments[i - 1]!.source));
}

/** Statuses whose target a translator confirmed. */
export const CONFIRMED = new Set(['translated', 'approved']);
