/**
 * A post-edited document as XLIFF 1.2 (valid against OASIS's strict schema): one <trans-unit>
 * per segment in document order, its `id` the segment's number from 1, grouped by paragraph,
 * the previous source as a `match` context (what a 101 match compares), and the status as
 * `state` / `state-qualifier` (the mapping is in services/tasks/README.md, "Post-editing"):
 *
 * | status     | state                    | state-qualifier | approved |
 * |------------|--------------------------|-----------------|----------|
 * | new        | needs-translation        |                 |          |
 * | mt         | needs-review-translation | leveraged-mt    |          |
 * | tm100      | needs-review-translation | exact-match     |          |
 * | context101 | needs-review-translation | exact-match     |          |
 * | fuzzy      | needs-review-translation | fuzzy-match     |          |
 * | draft      | needs-review-translation |                 |          |
 * | translated | translated               |                 | yes      |
 * | approved   | signed-off               |                 | yes      |
 */
import type { PeExportSegment } from '@mtp/proto';
import { bcp47, escapeXml, previousSources } from './export-xml';

type State = { state: string; qualifier?: string; approved?: boolean };

export const XLIFF_STATES: Record<string, State> = {
  new: { state: 'needs-translation' },
  mt: { state: 'needs-review-translation', qualifier: 'leveraged-mt' },
  tm100: { state: 'needs-review-translation', qualifier: 'exact-match' },
  context101: { state: 'needs-review-translation', qualifier: 'exact-match' },
  fuzzy: { state: 'needs-review-translation', qualifier: 'fuzzy-match' },
  draft: { state: 'needs-review-translation' },
  translated: { state: 'translated', approved: true },
  approved: { state: 'signed-off', approved: true },
};

export type XliffExportOptions = { fileName: string; srcLang: string; tgtLang: string };

function transUnit(segment: PeExportSegment, index: number, previous: string): string {
  const { state, qualifier, approved } = XLIFF_STATES[segment.status] ?? XLIFF_STATES.draft!;
  const attrs = `${approved ? ' approved="yes"' : ''}`;
  const targetAttrs = `state="${state}"${qualifier ? ` state-qualifier="${qualifier}"` : ''}`;
  return (
    `        <trans-unit id="${index + 1}"${attrs} xml:space="preserve">\n` +
    `          <source>${escapeXml(segment.source)}</source>\n` +
    `          <target ${targetAttrs}>${escapeXml(segment.target)}</target>\n` +
    '          <context-group purpose="match">\n' +
    `            <context context-type="x-previous-source">${escapeXml(previous)}</context>\n` +
    '          </context-group>\n' +
    '        </trans-unit>\n'
  );
}

export function writePeXliff(segments: readonly PeExportSegment[], options: XliffExportOptions): Buffer {
  const previous = previousSources(segments);
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n',
    `  <file original="${escapeXml(options.fileName)}" source-language="${bcp47(options.srcLang)}"`,
    ` target-language="${bcp47(options.tgtLang)}" datatype="plaintext">\n`,
    '    <header>\n      <tool tool-id="mtp" tool-name="mtp post-editing"/>\n    </header>\n    <body>\n',
  ];
  let open: number | null = null;
  segments.forEach((segment, i) => {
    // A paragraph is a <group>, so a tool that re-segments knows which sentences belong together.
    if (segment.paragraph !== open) {
      if (open !== null) parts.push('      </group>\n');
      parts.push(`      <group id="p${segment.paragraph}" restype="x-paragraph">\n`);
      open = segment.paragraph;
    }
    parts.push(transUnit(segment, i, previous[i]!));
  });
  if (open !== null) parts.push('      </group>\n');
  parts.push('    </body>\n  </file>\n</xliff>\n');
  return Buffer.from(parts.join(''), 'utf8');
}
