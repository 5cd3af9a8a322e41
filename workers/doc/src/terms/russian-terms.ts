/**
 * Russian: no part-of-speech tagger is installed, so terms are found by the shape of their words:
 * up to three words, adjectives first (their endings: -ый, -ий, -ой, -ая, -ое, -ые, -ого, -ому,
 * -ым, -ом, -ую, -ых, -ыми...) and a noun last (a word without an adjective's ending), as
 * `краеведческая библиотека` or `научная библиотека`. Stopwords and numbers break a phrase.
 * Variants are grouped by the Snowball stems of `@nlpjs/lang-ru` (`библиотеки` = `библиотека`);
 * the form shown is the one written most often.
 */
// The @nlpjs packs ship no types: packages that compile this file (the gateway) must see ours too.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./nlpjs.d.ts" />
import { StemmerRu, StopwordsRu } from '@nlpjs/lang-ru';
import { RUSSIAN_EXTRA_STOPWORDS } from './stopwords';
import type { SentenceAnalyzer, TermRun } from './term-tokens';

const WORD = /[\p{Script=Cyrillic}\p{Script=Latin}\d]+(?:-[\p{Script=Cyrillic}\p{Script=Latin}\d]+)*/gu;
/** Adjective and participle endings (full forms, all genders and cases). */
const ADJECTIVE_ENDING = /(ый|ий|ой|ая|яя|ое|ее|ые|ие|ого|его|ому|ему|ым|им|ом|ем|ую|юю|ых|их|ыми|ими)$/u;
/** Whatever sits between two words of one phrase: spaces only (a comma or a dash ends it). */
const SPACES_ONLY = /^\s+$/u;

const stemmer = new StemmerRu();
const stopwords = new StopwordsRu();

function isStopword(lower: string): boolean {
  return stopwords.isStopword(lower) || RUSSIAN_EXTRA_STOPWORDS.has(lower);
}

export function createRussianAnalyzer(): SentenceAnalyzer {
  return {
    maxWords: 3,
    runs(sentence: string): TermRun[] {
      const runs: TermRun[] = [];
      let run: TermRun = [];
      let lastEnd = -1;
      const close = () => {
        if (run.length > 0) runs.push(run);
        run = [];
      };
      for (const match of sentence.matchAll(WORD)) {
        const text = match[0];
        const start = match.index;
        if (lastEnd >= 0 && !SPACES_ONLY.test(sentence.slice(lastEnd, start))) close();
        lastEnd = start + text.length;
        const lower = text.toLowerCase();
        const letters = lower.match(/\p{L}/gu)?.length ?? 0;
        if (letters < 3 || /\d/u.test(lower) || isStopword(lower) || !/\p{Script=Cyrillic}/u.test(lower)) {
          close();
          continue;
        }
        const adjective = ADJECTIVE_ENDING.test(lower) && lower.length > 4;
        // A noun ends a phrase: an adjective may not follow it (`библиотека краеведческая` is two).
        if (!adjective && run.length > 0 && !adjectiveAt(sentence, run[run.length - 1]!)) close();
        run.push({ start, end: lastEnd, key: stemmer.stemWord(lower), canStart: true, canEnd: !adjective });
        if (!adjective) close();
      }
      close();
      return runs;
    },
  };
}

function adjectiveAt(sentence: string, token: { start: number; end: number }): boolean {
  const lower = sentence.slice(token.start, token.end).toLowerCase();
  return ADJECTIVE_ENDING.test(lower) && lower.length > 4;
}
