/**
 * Counts term candidates over a document: every window of a run (one to `maxWords` words) that
 * starts and ends where a term may, grouped by the keys of its words, with the surface forms it
 * was written in and a sentence that shows it. Windows nested in longer ones are counted too:
 * C-value (`c-value.ts`) needs their frequency to decide whether they also stand on their own.
 */
import type { SentenceAnalyzer, TermToken } from './term-tokens';

export type CountedCandidate = {
  key: string;
  /** The keys of its words, in order (C-value looks for them inside longer candidates). */
  words: string[];
  frequency: number;
  /**
   * Occurrences that end their run, where a head-final phrase has its head (`硬盘` in `传统硬盘`,
   * `voltage` in `release voltage`): a word never seen there only modifies (`数码`, `control`).
   */
  heads: number;
  /** Surface form -> weight (a form at the start of a sentence counts half: its capital is not its own). */
  forms: Map<string, number>;
  /** Index of the sentence shown as its example. */
  example: number;
};

/** Why 300: a longer sentence is a table row or a run-on line of a PDF, a poor example. */
const EXAMPLE_MAX_CHARS = 300;

export class CandidateCounter {
  readonly candidates = new Map<string, CountedCandidate>();
  readonly sentences: string[] = [];
  /** Words seen in all (the document's size decides whether single occurrences are kept). */
  words = 0;
  /** Per word key, the different words seen right before and right after it in a run. */
  readonly leftOf = new Map<string, Set<string>>();
  readonly rightOf = new Map<string, Set<string>>();

  constructor(private readonly analyzer: SentenceAnalyzer) {}

  addSentence(sentence: string): void {
    const index = this.sentences.push(sentence) - 1;
    for (const run of this.analyzer.runs(sentence)) {
      this.words += run.length;
      for (let i = 1; i < run.length; i++) {
        neighbours(this.leftOf, run[i]!.key).add(run[i - 1]!.key);
        neighbours(this.rightOf, run[i - 1]!.key).add(run[i]!.key);
      }
      for (let first = 0; first < run.length; first++) {
        if (!run[first]!.canStart) continue;
        const last = Math.min(run.length, first + this.analyzer.maxWords);
        for (let end = first + 1; end <= last; end++) {
          const tokens = run.slice(first, end);
          if (!tokens[tokens.length - 1]!.canEnd) continue;
          if (tokens.length === 1 && tokens[0]!.alone === false) continue;
          if (this.analyzer.accepts && !this.analyzer.accepts(tokens, sentence)) continue;
          this.count(tokens, sentence, index, end === run.length);
        }
      }
    }
  }

  private count(tokens: readonly TermToken[], sentence: string, index: number, head: boolean): void {
    const words = tokens.map((t) => t.key);
    const key = words.join(' ');
    const surface = sentence.slice(tokens[0]!.start, tokens[tokens.length - 1]!.end).replace(/\s+/gu, ' ');
    let found = this.candidates.get(key);
    if (!found) {
      found = { key, words, frequency: 0, heads: 0, forms: new Map(), example: index };
      this.candidates.set(key, found);
    } else if (this.sentences[found.example]!.length > EXAMPLE_MAX_CHARS && sentence.length <= EXAMPLE_MAX_CHARS) {
      found.example = index;
    }
    found.frequency += 1;
    if (head) found.heads += 1;
    const weight = tokens[0]!.start === 0 ? 0.5 : 1;
    found.forms.set(surface, (found.forms.get(surface) ?? 0) + weight);
  }
}

function neighbours(map: Map<string, Set<string>>, key: string): Set<string> {
  let found = map.get(key);
  if (!found) map.set(key, (found = new Set()));
  return found;
}

/**
 * How much the document builds compounds around a candidate's words (Nakagawa and Mori's LR,
 * 2002): the geometric mean over its words of (distinct left neighbours + 1) x (distinct right
 * neighbours + 1), square-rooted. `接口` heads `IDE接口`, `主机接口`, `供电接口`...: a word so
 * combined names a concept of the domain, and so do the compounds built on it.
 */
export function compoundingOf(counter: CandidateCounter, words: readonly string[]): number {
  const product = words.reduce(
    (sum, word) => sum + Math.log(((counter.leftOf.get(word)?.size ?? 0) + 1) * ((counter.rightOf.get(word)?.size ?? 0) + 1)),
    0,
  );
  return Math.exp(product / (2 * words.length));
}

/** The form a candidate is shown in: the one written most often (first seen on a tie). */
export function shownForm(candidate: CountedCandidate): string {
  let best = '';
  let bestWeight = -1;
  for (const [form, weight] of candidate.forms) {
    if (weight > bestWeight) {
      best = form;
      bestWeight = weight;
    }
  }
  return best;
}
