/**
 * English: parts of speech from compromise. A term is a noun phrase (Adjective | Noun)* Noun of
 * up to four words, with no determiner, pronoun or everyday word (`number`, `case`) at its
 * edges; a participle may modify (`untethered scratch drive actuator`); hyphenated words stay
 * one phrase (`steering-arm actuator` = `steering arm actuator`). Words are grouped by their
 * singular (compromise's root), so `control primitives` counts with `control primitive`.
 *
 * compromise is a rule tagger and reads nouns of technical prose as verbs now and then
 * (`hysteresis states`, `the release voltage`); two fixes from the document itself: a word the
 * document mostly uses as a noun is a noun, and a verb between a determiner, adjective or
 * preposition and a noun is a modifier.
 */
import nlp from 'compromise';
import { ENGLISH_EDGE_STOPWORDS, ENGLISH_GENERAL_NOUNS } from './stopwords';
import type { SentenceAnalyzer, TermRun } from './term-tokens';

type Tagged = { text: string; normal: string; root: string; tags: Set<string>; start: number; end: number; pre: string; post: string };

type CompromiseTerm = {
  text: string;
  normal: string;
  root?: string;
  tags: string[];
  pre: string;
  post: string;
  offset: { start: number; length: number };
};

/** Latin letters (with digits, apostrophes, dots of `e.g.`); math italics and Greek are formulas. */
const WORD = /^[\p{Script=Latin}\d'’.&]+$/u;

function tagSentence(sentence: string): Tagged[] {
  const doc = nlp(sentence);
  doc.compute('root');
  const json = doc.json({ offset: true }) as { terms: CompromiseTerm[] }[];
  return json.flatMap((s) =>
    s.terms.map((t) => ({
      text: t.text,
      normal: t.normal,
      root: t.root ?? t.normal,
      tags: new Set(t.tags),
      start: t.offset.start,
      end: t.offset.start + t.offset.length,
      pre: t.pre,
      post: t.post,
    })),
  );
}

const isNounTag = (t: Tagged) =>
  t.tags.has('Noun') && !t.tags.has('Pronoun') && !t.tags.has('Value') && !t.tags.has('Date') && !t.tags.has('Possessive');
const isPlainVerb = (t: Tagged) =>
  t.tags.has('Verb') && !t.tags.has('Copula') && !t.tags.has('Auxiliary') && !t.tags.has('Modal') && !t.tags.has('Negative');
const isParticiple = (t: Tagged) => isPlainVerb(t) && (t.tags.has('PastTense') || t.tags.has('Gerund') || t.tags.has('Participle'));

/** A boundary between two words that a phrase cannot cross: punctuation other than a hyphen. */
const breaksAfter = (t: Tagged) => /[^\s\-‐]/u.test(t.post);
const breaksBefore = (t: Tagged) => /[^\s]/u.test(t.pre);

export function createEnglishAnalyzer(sentences: readonly string[]): SentenceAnalyzer {
  const tagged = new Map<string, Tagged[]>();
  // How often the document uses each word as a noun and as a verb (the tagger's second opinion).
  const asNoun = new Map<string, number>();
  const asVerb = new Map<string, number>();
  for (const sentence of sentences) {
    if (tagged.has(sentence)) continue;
    const words = tagSentence(sentence);
    tagged.set(sentence, words);
    for (const w of words) {
      if (isNounTag(w)) asNoun.set(w.root, (asNoun.get(w.root) ?? 0) + 1);
      else if (isPlainVerb(w)) asVerb.set(w.root, (asVerb.get(w.root) ?? 0) + 1);
    }
  }
  const mostlyNoun = (w: Tagged) => (asNoun.get(w.root) ?? 0) > (asVerb.get(w.root) ?? 0);

  return {
    maxWords: 4,
    runs(sentence: string): TermRun[] {
      const words = tagged.get(sentence) ?? tagSentence(sentence);
      const runs: TermRun[] = [];
      let run: TermRun = [];
      const close = () => {
        if (run.length > 0) runs.push(run);
        run = [];
      };
      words.forEach((w, i) => {
        if (breaksBefore(w)) close();
        const prev = words[i - 1];
        const next = words[i + 1];
        // Fewer than three letters is a variable of a formula (`Cj`, `ZM`) more often than a word.
        const usable = WORD.test(w.text) && (w.normal.match(/\p{L}/gu)?.length ?? 0) >= 3 && !ENGLISH_EDGE_STOPWORDS.has(w.normal);
        const noun = usable && (isNounTag(w) || (isPlainVerb(w) && !isParticiple(w) && mostlyNoun(w)));
        const adjective = usable && w.tags.has('Adjective') && !noun;
        const nextIsNominal = !!next && !breaksAfter(w) && (isNounTag(next) || next.tags.has('Adjective'));
        const afterFrame =
          !prev || breaksAfter(prev) || ['Determiner', 'Adjective', 'Preposition', 'Conjunction', 'Noun'].some((tag) => prev.tags.has(tag));
        // `sets`, `keeps` (a verb with its -s) are a clause's verb, never a modifier.
        const finite = w.tags.has('PresentTense') && w.root !== w.normal;
        const modifier = usable && isPlainVerb(w) && !noun && !finite && nextIsNominal && (isParticiple(w) || afterFrame);
        if (!noun && !adjective && !modifier) close();
        else {
          const key = noun ? w.root : w.normal;
          run.push({ start: w.start, end: w.end, key: key.replace(/[’']s$/u, ''), canStart: true, canEnd: noun });
          // An English compound's modifiers are singular (`cluster system`): a plural noun is a
          // head, and a noun after it starts another phrase (`V_dh,j sets cluster Cj`).
          if (noun && w.root !== w.normal && (w.tags.has('Plural') || w.tags.has('PresentTense'))) close();
        }
        if (breaksAfter(w)) close();
      });
      close();
      return runs;
    },
    specificity: (words, shown) => {
      if (words.length > 1) return 1;
      // An acronym or a coined word (`USDA`, `MicroStressBot`) is the document's own; a plain
      // word alone is mostly general English, and academic prose's commonest nouns never are terms.
      if (/\p{Lu}.*\p{Lu}/u.test(shown)) return 1;
      if (ENGLISH_GENERAL_NOUNS.has(words[0]!)) return 0;
      return PLAIN_WORD_SPECIFICITY;
    },
  };
}

/**
 * Why 0.2: a paper says `voltage` or `arm` a hundred times and `snap-down voltage` twenty; a
 * plain single word must be about five times as frequent as a phrase to rank beside it.
 */
const PLAIN_WORD_SPECIFICITY = 0.2;
