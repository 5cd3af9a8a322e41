/**
 * What every language's analyzer hands the shared candidate counter: a sentence cut into runs
 * of words that may stand together in a term (a run ends at punctuation, a stopword, a number,
 * a verb...), each word with its place in the sentence and the key its variants share (a
 * singular, a stem, a dictionary form). The counter then takes the windows of a run that start
 * and end where a term may start and end; ranking is the same for every language.
 */
export type TermToken = {
  /** Where the word starts and ends in the sentence (UTF-16 offsets, end exclusive). */
  start: number;
  end: number;
  /** The grouping key: lower-cased lemma or stem, so `actuators` and `actuator` count as one. */
  key: string;
  /** May stand first in a term (an English determiner may not; an adjective may). */
  canStart: boolean;
  /** May stand last (the head: a noun, or a noun-like word of a language without a tagger). */
  canEnd: boolean;
  /** May be a term by itself (default yes; a Chinese verb may close a term but is none alone). */
  alone?: boolean;
};

/** Words that may form terms together, in sentence order. */
export type TermRun = TermToken[];

/** Cuts one sentence into runs. Analyzers are synchronous once built (kuromoji loads first). */
export type SentenceAnalyzer = {
  runs(sentence: string): TermRun[];
  /** Longest term in words (Chinese and Japanese words are short, so they allow more). */
  maxWords: number;
  /**
   * Whether a language writes its terms as compounds of dictionary words (Chinese): then how
   * often the document combines a candidate's words with others ranks it too (`compoundingOf`).
   */
  compounds?: boolean;
  /** A last say on one window (e.g. a single Chinese verb is not a term). */
  accepts?(tokens: readonly TermToken[], sentence: string): boolean;
  /**
   * How specific to a domain a candidate is, 0..1 (default 1): a single word's C-value is
   * multiplied by it, so that general words (`产品`, `system`) rank below the document's own
   * vocabulary; between compounds of the same score, the more specific comes first.
   */
  specificity?(words: readonly string[], shown: string): number;
  /** 0..1, a compound's score is multiplied by it (default 1): a poor cut ranks low. */
  compoundWeight?(words: readonly string[]): number;
};

/** Digits, with their separators and units of a measurement: never a term nor part of one. */
export const NUMBER_LIKE = /^[\p{N}.,:%/+\-–×x]+$/u;

/** Any letter at all (a token of marks only is punctuation). */
export const HAS_LETTER = /\p{L}/u;

/** Collects a sentence's runs: a token joins the current run, a word that is none (null) ends it. */
export class RunCollector {
  private readonly runs: TermRun[] = [];
  private run: TermRun = [];

  add(token: TermToken | null): void {
    if (token) this.run.push(token);
    else this.close();
  }

  close(): void {
    if (this.run.length > 0) this.runs.push(this.run);
    this.run = [];
  }

  done(): TermRun[] {
    this.close();
    return this.runs;
  }
}
