/**
 * Lookup queries for the translation-memory bench, built from sentences sampled while the banks'
 * files were generated (so a 10M-unit run need not replay the generator):
 * - fuzzy: a stored sentence with one word (not the first) replaced by another word of the
 *   language, drawn as the memory's words are: a typical fuzzy hit;
 * - exact: a stored source, one segment, as text translation asks;
 * - document batches: 200 segments, every other one stored (a document re-translated in part);
 * - concordance: what a post-editor types for Alt+K: in turn the sentence's rarest word, a 2-3
 *   word phrase of it, and its most common word (short common words match everywhere).
 */
import { prng, vocabulary, wordSampler, type SentenceMaker } from './generate-tmx';

/** Keeps every `every`-th source that `next` makes in `into`. */
export function sampling(next: SentenceMaker, every: number, into: string[]): SentenceMaker {
  let made = 0;
  return () => {
    const sentence = next();
    if (++made % every === 0) into.push(sentence.source);
    return sentence;
  };
}

/** Fisher-Yates with a seeded PRNG: query order independent of the bank order. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = prng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export type ConcordanceKind = 'rare word' | 'phrase' | 'common word';
export type ConcordanceQuery = { kind: ConcordanceKind; text: string };
export const CONCORDANCE_KINDS: readonly ConcordanceKind[] = ['rare word', 'phrase', 'common word'];

const wordsOf = (sentence: string) => sentence.slice(0, -1).toLowerCase().split(' ');

export class QueryMaker {
  private readonly random = prng(7);
  private readonly otherWord: () => string;
  /** Zipf rank of each word (0 the most common): the generator's vocabulary is in rank order. */
  private readonly rank: Map<string, number>;

  constructor(seed: number) {
    this.otherWord = wordSampler(seed, prng(8));
    this.rank = new Map(vocabulary(100_000, prng(seed)).map((word, i) => [word, i]));
  }

  fuzzy(sentence: string): string {
    const words = sentence.slice(0, -1).split(' ');
    const swap = 1 + Math.floor(this.random() * (words.length - 1));
    words[swap] = this.otherWord();
    return `${words.join(' ')}.`;
  }

  /** 200 segments: stored sources at even positions, fuzzy variants of others at odd ones. */
  batch(stored: readonly string[], start: number, size = 200): string[] {
    return Array.from({ length: size }, (_, i) => {
      const sentence = stored[(start + i) % stored.length]!;
      return i % 2 === 0 ? sentence : this.fuzzy(sentence);
    });
  }

  concordance(sentence: string, index: number): ConcordanceQuery {
    const words = wordsOf(sentence);
    const kind = CONCORDANCE_KINDS[index % CONCORDANCE_KINDS.length]!;
    if (kind === 'phrase') {
      const length = Math.min(words.length, 2 + Math.floor(this.random() * 2));
      const start = Math.floor(this.random() * (words.length - length + 1));
      return { kind, text: words.slice(start, start + length).join(' ') };
    }
    const byRank = [...words].sort((a, b) => (this.rank.get(a) ?? 0) - (this.rank.get(b) ?? 0));
    return { kind, text: kind === 'rare word' ? byRank.at(-1)! : byRank[0]! };
  }
}
