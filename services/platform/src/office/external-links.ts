/**
 * Before LibreOffice opens an OOXML package, what would make it reach out is taken out: every
 * relationship with `TargetMode="External"` except hyperlinks (linked images, templates, frames,
 * OLE links, external workbooks; a hyperlink is only followed by a click), and Word fields that
 * load their content from elsewhere (INCLUDEPICTURE, INCLUDETEXT, LINK, DDE, DDEAUTO, IMPORT)
 * have their instruction emptied, so the field keeps the result it had and never updates.
 * The network namespace (office-sandbox.ts) is the real defence; this makes the converted file
 * carry no dangling links either. Every other entry is copied as stored.
 */
import { GuardedZip } from './guarded-zip';
import { OFFICE_ZIP_LIMITS } from './zip-limits';
import { writeZip, type CopiedZipPart, type NewZipPart } from './zip-writer';

const RELATIONSHIP = /<(?:[\w.-]+:)?Relationship\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:[\w.-]+:)?Relationship>)/g;
const EXTERNAL = /\bTargetMode\s*=\s*["']External["']/;
const HYPERLINK = /\bType\s*=\s*["'][^"']*\/hyperlink["']/;

/** Fields whose instruction names a file or URL to load. */
const FETCHING_FIELD = /^\s*(?:INCLUDEPICTURE|INCLUDETEXT|LINK|DDE|DDEAUTO|IMPORT)\b/i;
const FIELD_TOKEN =
  /<(?:[\w.-]+:)?fldChar\b[^>]*?fldCharType\s*=\s*["'](begin|separate|end)["'][^>]*>|(<(?:[\w.-]+:)?instrText\b[^>]*>)([\s\S]*?)(<\/(?:[\w.-]+:)?instrText>)/g;
const SIMPLE_FIELD = /(<(?:[\w.-]+:)?fldSimple\b[^>]*?\binstr\s*=\s*)(["'])([\s\S]*?)\2/g;

export function withoutExternalRelationships(rels: string): string {
  return rels.replace(RELATIONSHIP, (rel) => (EXTERNAL.test(rel) && !HYPERLINK.test(rel) ? '' : rel));
}

/**
 * Empties the instruction of fetching fields. A complex field's instruction may be split over
 * several `instrText` runs and fields nest, so instructions are gathered per open field and
 * judged when its `separate` or `end` comes.
 */
export function withoutFetchingFields(xml: string): string {
  type Open = { text: string; spans: { start: number; end: number }[] };
  const stack: Open[] = [];
  const blank: { start: number; end: number }[] = [];
  // The instruction so far is complete at `separate` or `end`: judge it, then start afresh.
  const judge = () => {
    const field = stack[stack.length - 1];
    if (!field) return;
    if (FETCHING_FIELD.test(decodeEntities(field.text))) blank.push(...field.spans);
    field.text = '';
    field.spans = [];
  };
  for (const m of xml.matchAll(FIELD_TOKEN)) {
    if (m[1] === 'begin') stack.push({ text: '', spans: [] });
    else if (m[1] === 'separate') judge();
    else if (m[1] === 'end') {
      judge();
      stack.pop();
    } else if (stack.length > 0) {
      const field = stack[stack.length - 1]!;
      const start = m.index + m[2]!.length;
      field.text += m[3]!;
      field.spans.push({ start, end: start + m[3]!.length });
    }
  }
  let out = '';
  let at = 0;
  for (const span of blank.sort((a, b) => a.start - b.start)) {
    out += xml.slice(at, span.start);
    at = span.end;
  }
  out += xml.slice(at);
  return out.replace(SIMPLE_FIELD, (all, head: string, quote: string, instr: string) =>
    FETCHING_FIELD.test(decodeEntities(instr)) ? `${head}${quote}${quote}` : all,
  );
}

const NAMED: Record<string, string> = { quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' };

/** Character references decoded, so `&#73;NCLUDEPICTURE` is recognised too. */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (all, ref: string) => {
    if (!ref.startsWith('#')) return NAMED[ref.toLowerCase()] ?? all;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const isRels = (name: string) => name.endsWith('.rels');
const isWordXml = (name: string) => /^word\/[^/]+\.xml$/.test(name);

/** The package with external links and fetching fields removed; throws `ZipRefusedError` for a bad zip. */
export async function dropExternalLinks(ooxml: Buffer): Promise<Buffer> {
  const zip = await GuardedZip.open(ooxml, OFFICE_ZIP_LIMITS);
  const parts: (NewZipPart | CopiedZipPart)[] = [];
  let changed = false;
  for (const entry of zip.entries) {
    if (isRels(entry.name) || isWordXml(entry.name)) {
      const xml = (await zip.inflate(entry)).toString('utf8');
      const clean = isRels(entry.name) ? withoutExternalRelationships(xml) : withoutFetchingFields(xml);
      if (clean !== xml) {
        changed = true;
        parts.push({ name: entry.name, data: Buffer.from(clean, 'utf8'), compress: true });
        continue;
      }
    }
    parts.push({ name: entry.name, entry, raw: zip.raw(entry) });
  }
  return changed ? writeZip(parts) : ooxml;
}
