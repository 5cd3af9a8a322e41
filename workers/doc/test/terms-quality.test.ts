/**
 * Term extraction quality on two real documents against lists made by hand before the extractor
 * ran (`fixtures/terms/README.md`): precision and recall of the top 20, each at least 0.6.
 *
 *   precision@20 = |top20 ∩ expected| / 20
 *   recall@20    = |top20 ∩ expected| / min(20, |expected|)
 *
 * Matching is by normalized form: lower case, hyphens as spaces, English words singular.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openDocument } from '../src/pipeline/open-document';
import { extractTerms, type TermLang } from '../src/terms/extract-terms';

const SHARED = new URL('../../../../shared/fixtures/', import.meta.url);
const TOP = 20;

type Expected = { document: string; lang: TermLang; terms: string[] };

/** `Snap-down voltages` and `snap down voltage` are one term. */
export function normalizedTerm(term: string): string {
  return term
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[-‐–_]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .split(' ')
    .map(singular)
    .join(' ');
}

function singular(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

async function measure(name: string) {
  const expected = JSON.parse(await readFile(new URL(`fixtures/terms/${name}.expected.json`, import.meta.url), 'utf8')) as Expected;
  const file = new URL(expected.document.replace('../shared/fixtures/', ''), SHARED);
  const fileName = expected.document.split('/').pop()!;
  const { document } = await openDocument(fileName, await readFile(file), expected.lang);
  const terms = await extractTerms(
    document.paragraphs.map((p) => p.text),
    expected.lang,
  );
  const wanted = new Set(expected.terms.map(normalizedTerm));
  const top = terms.slice(0, TOP).map((t) => t.term);
  const hits = top.filter((t) => wanted.has(normalizedTerm(t)));
  const precision = hits.length / TOP;
  const recall = hits.length / Math.min(TOP, wanted.size);
  console.log(
    `${name}: precision@${TOP} ${precision.toFixed(2)}, recall@${TOP} ${recall.toFixed(2)}\n` +
      top.map((t, i) => `  ${i + 1}. ${t}${wanted.has(normalizedTerm(t)) ? '' : '   (not in the list)'}`).join('\n'),
  );
  return { precision, recall, top };
}

describe('term extraction on real documents with a hand-made expected list', () => {
  it('finds the terms of a Chinese product sheet (stress009_zh.docx)', async () => {
    const { precision, recall } = await measure('stress009_zh');
    expect(precision).toBeGreaterThanOrEqual(0.6);
    expect(recall).toBeGreaterThanOrEqual(0.6);
  });

  it('finds the terms of an English research paper (tika_testJournalParser.pdf)', async () => {
    const { precision, recall } = await measure('journal_parser_en');
    expect(precision).toBeGreaterThanOrEqual(0.6);
    expect(recall).toBeGreaterThanOrEqual(0.6);
  });
});
