/**
 * Candidate terms of a document (document scan, issue 21): each paragraph is cut into sentences
 * as translation cuts it (code and math left out), each sentence into runs of words by its
 * language's analyzer, the windows of those runs are counted as candidates, and the candidates
 * are ranked by C-value (`c-value.ts`), best first, each with the form it is most often written
 * in and a sentence that uses it.
 */
import { splitText } from '@mtp/segmenter';
import { TERM_EXTRACTION_LIMITS, type ExtractedTerm } from '@mtp/proto';
import { CandidateCounter, compoundingOf, shownForm, type CountedCandidate } from './candidate-counter';
import { cValues } from './c-value';
import { createChineseAnalyzer } from './chinese-terms';
import { createEnglishAnalyzer } from './english-terms';
import { createJapaneseAnalyzer } from './japanese-terms';
import { createRussianAnalyzer } from './russian-terms';
import type { SentenceAnalyzer } from './term-tokens';

export type TermLang = 'zh-cn' | 'en-us' | 'ja' | 'ru';

export type ExtractTermsOptions = {
  /** At most this many candidates (default and ceiling: TERM_EXTRACTION_LIMITS.maxCandidates). */
  limit?: number;
  /** Fewer occurrences than this drop a candidate (default: 2, or 1 in a short document). */
  minFrequency?: number;
  /** Called now and then on a long document (a job's progress() keeps its ack wait alive). */
  progress?: () => void;
};

/** Why every 200 sentences: a long document takes seconds; the worker's heartbeats and other jobs must get turns. */
const SENTENCES_PER_TURN = 200;

/**
 * Why 3000 words (about 6 pages): in a shorter document most terms occur once, and dropping them
 * would leave a product sheet with a handful of candidates; in a longer one a term that occurs
 * once is almost always noise.
 */
const SHORT_DOCUMENT_WORDS = 3000;

/** Why half: a compound seen only as a modifier is a term about as often as not (`IDE接口` is). */
const MODIFIER_ONLY_WEIGHT = 0.5;

/** Why 240: an example is shown in a table cell; a longer sentence is cut around the term. */
const EXAMPLE_CHARS = 240;

export function isTermLang(lang: string): lang is TermLang {
  return lang === 'zh-cn' || lang === 'en-us' || lang === 'ja' || lang === 'ru';
}

async function analyzerFor(lang: TermLang, sentences: readonly string[]): Promise<SentenceAnalyzer> {
  switch (lang) {
    case 'zh-cn':
      return createChineseAnalyzer(sentences);
    case 'ja':
      return createJapaneseAnalyzer();
    case 'en-us':
      return createEnglishAnalyzer(sentences);
    case 'ru':
      return createRussianAnalyzer();
  }
}

export async function extractTerms(
  paragraphs: readonly string[],
  lang: TermLang,
  opts: ExtractTermsOptions = {},
): Promise<ExtractedTerm[]> {
  const sentences = paragraphs.flatMap((text) => splitText(text, lang).sentences);
  const analyzer = await analyzerFor(lang, sentences);
  const counter = new CandidateCounter(analyzer);
  for (const [i, sentence] of sentences.entries()) {
    counter.addSentence(sentence);
    if (i % SENTENCES_PER_TURN === SENTENCES_PER_TURN - 1) {
      opts.progress?.();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  const minFrequency = opts.minFrequency ?? (counter.words < SHORT_DOCUMENT_WORDS ? 1 : 2);
  const limit = Math.min(opts.limit ?? TERM_EXTRACTION_LIMITS.maxCandidates, TERM_EXTRACTION_LIMITS.maxCandidates);
  const ranked = cValues(counter.candidates)
    .filter(({ candidate }) => candidate.frequency >= minFrequency)
    // A word never seen as the head of its phrase only modifies others (`数码` in `数码相框`,
    // `IDE` in `IDE接口`): it names nothing by itself in this document.
    .filter(({ candidate }) => candidate.words.length > 1 || candidate.heads > 0)
    .map(({ candidate, cValue }) => {
      const term = shownForm(candidate);
      // Termhood times what frequency adds beyond it (C-value is linear in frequency already; the
      // log lifts a term seen ten times above ten long windows seen once), times specificity.
      // A compound of general words (`运行温度`, `control signal`) is a term as often as not, so
      // specificity only breaks its ties; a compound cut at the wrong place weighs less instead.
      const specificity = analyzer.specificity?.(candidate.words, term) ?? 1;
      const weight = candidate.words.length === 1 ? specificity : (analyzer.compoundWeight?.(candidate.words) ?? 1);
      const compounding = analyzer.compounds ? compoundingOf(counter, candidate.words) : 1;
      // A compound never seen at the end of its run always modified a word after it (`ATA标准` in
      // `ATA标准IDE接口规范`); unlike a single word it may still name something, so it only weighs less.
      const headed = candidate.heads > 0 ? 1 : MODIFIER_ONLY_WEIGHT;
      return { candidate, term, specificity, score: cValue * Math.log2(1 + candidate.frequency) * weight * compounding * headed };
    })
    .filter(({ score }) => score > 0)
    .filter(({ term }) => term.length <= TERM_EXTRACTION_LIMITS.termChars)
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.specificity - a.specificity ||
        a.candidate.words.length - b.candidate.words.length ||
        (a.candidate.key < b.candidate.key ? -1 : 1),
    );
  return ranked.slice(0, limit).map(({ candidate, term, score }) => ({
    term,
    frequency: candidate.frequency,
    score: Math.round(score * 1000) / 1000,
    example: exampleOf(candidate, term, counter.sentences),
  }));
}

/** The example sentence, cut around the term when it is long. */
function exampleOf(candidate: CountedCandidate, term: string, sentences: readonly string[]): string {
  const sentence = sentences[candidate.example]!.replace(/\s+/gu, ' ').trim();
  if (sentence.length <= EXAMPLE_CHARS) return sentence;
  const at = Math.max(0, sentence.indexOf(term));
  const from = Math.max(0, Math.min(at - EXAMPLE_CHARS / 3, sentence.length - EXAMPLE_CHARS));
  const cut = sentence.slice(Math.floor(from), Math.floor(from) + EXAMPLE_CHARS);
  return `${from > 0 ? '…' : ''}${cut}${from + EXAMPLE_CHARS < sentence.length ? '…' : ''}`;
}
