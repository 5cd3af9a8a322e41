/**
 * Markup (HTML or XML) cut into what is translated and what is kept: every tag, attribute,
 * comment, doctype, processing instruction and the contents of `<script>`/`<style>` (and XML
 * CDATA) stay byte-for-byte; each run of text between tags is one segment, sent without its
 * outer whitespace and put back between the same whitespace. htmlparser2 tells where each text
 * event starts and ends in the input, so nothing is re-serialized (a serializer would normalize
 * quotes, attribute order or self-closing tags).
 */
import { Parser } from 'htmlparser2';

export type MarkupFormat = 'html' | 'xml';

/** A text run: its place in the input, its decoded text, and its outer whitespace. */
type TextRun = { start: number; end: number; decoded: string };

export type SplitMarkup = {
  /** The input itself, for `joinMarkup`. */
  source: string;
  format: MarkupFormat;
  /** The runs to translate, in order; `segments[i]` is run i's text without its outer whitespace. */
  runs: { start: number; end: number; lead: string; trail: string }[];
  segments: string[];
};

/** Elements whose text is code or styling, never prose. */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style']);

/** Where the text runs of `source` are (adjacent text events merged: an entity splits a run). */
function textRuns(source: string, format: MarkupFormat): TextRun[] {
  const runs: TextRun[] = [];
  let rawDepth = 0;
  let inCdata = false;
  const parser: Parser = new Parser(
    {
      onopentagname(name) {
        if (format === 'html' && RAW_TEXT_ELEMENTS.has(name.toLowerCase())) rawDepth++;
      },
      onclosetag(name) {
        if (format === 'html' && RAW_TEXT_ELEMENTS.has(name.toLowerCase()) && rawDepth > 0) rawDepth--;
      },
      oncdatastart() {
        inCdata = true;
      },
      oncdataend() {
        inCdata = false;
      },
      ontext(data) {
        if (rawDepth > 0 || inCdata) return;
        const start = parser.startIndex;
        const end = parser.endIndex + 1;
        const last = runs[runs.length - 1];
        if (last && last.end === start) {
          last.end = end;
          last.decoded += data;
        } else {
          runs.push({ start, end, decoded: data });
        }
      },
    },
    { xmlMode: format === 'xml', decodeEntities: true, recognizeCDATA: format === 'xml' },
  );
  parser.write(source);
  parser.end();
  return runs;
}

/** Layout whitespace only: a no-break space (`&nbsp;`) is part of the text. */
const LEADING_SPACE = /^[ \t\n\r\f]*/;
const TRAILING_SPACE = /[ \t\n\r\f]*$/;

/** Cuts `source` into its text segments and the markup around them. */
export function splitMarkup(source: string, format: MarkupFormat): SplitMarkup {
  const runs: SplitMarkup['runs'] = [];
  const segments: string[] = [];
  for (const run of textRuns(source, format)) {
    const lead = LEADING_SPACE.exec(run.decoded)![0];
    if (lead.length === run.decoded.length) continue; // whitespace between tags stays as it is
    const trail = TRAILING_SPACE.exec(run.decoded)![0];
    const core = run.decoded.slice(lead.length, run.decoded.length - trail.length);
    runs.push({ start: run.start, end: run.end, lead, trail });
    segments.push(core);
  }
  return { source, format, runs, segments };
}

/** Text put back into markup: the characters that would start markup are escaped. */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The markup with each segment replaced by its translation (`translations[i]` for `segments[i]`). */
export function joinMarkup(split: SplitMarkup, translations: readonly string[]): string {
  let out = '';
  let at = 0;
  split.runs.forEach((run, i) => {
    const translated = translations[i] ?? split.segments[i]!;
    out += split.source.slice(at, run.start);
    // An unchanged segment keeps its original spelling (its entities as they were written).
    out += translated === split.segments[i] ? split.source.slice(run.start, run.end) : run.lead + escapeText(translated.trim()) + run.trail;
    at = run.end;
  });
  return out + split.source.slice(at);
}
