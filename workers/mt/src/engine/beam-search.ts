/**
 * Batched beam search over a StepDecoder, after transformers' BeamSearchScorer: each sentence
 * keeps `beams` rows; every step takes the 2 x beams best (row, token) continuations by summed
 * log-probability, moves those ending in EOS to the finished hypotheses (length-normalised) and
 * continues with the best `beams` others, reordering the KV cache by their source rows. A
 * sentence is done when its finished list is full and no live beam can beat its worst entry.
 */
import { logNormalizer, maskRow, type SearchOptions, type StepDecoder } from './step-decoder';

export type BeamOptions = SearchOptions & { beams: number; lengthPenalty?: number };

type Candidate = { row: number; token: number; score: number };
type Hypothesis = { tokens: number[]; score: number };

class FinishedHypotheses {
  readonly list: Hypothesis[] = [];
  constructor(
    private readonly size: number,
    private readonly lengthPenalty: number,
  ) {}

  get worst(): number {
    return this.list.length < this.size ? -Infinity : Math.min(...this.list.map((h) => h.score));
  }

  add(tokens: number[], sumLogProbs: number, length: number): void {
    const score = sumLogProbs / Math.max(1, length) ** this.lengthPenalty;
    if (this.list.length < this.size) this.list.push({ tokens, score });
    else if (score > this.worst)
      this.list.splice(
        this.list.findIndex((h) => h.score === this.worst),
        1,
        { tokens, score },
      );
  }

  isDone(bestRunningSum: number, length: number): boolean {
    if (this.list.length < this.size) return false;
    return this.worst >= bestRunningSum / Math.max(1, length) ** this.lengthPenalty;
  }

  best(): number[] {
    return this.list.reduce((a, b) => (b.score > a.score ? b : a)).tokens;
  }
}

/** The `k` best (row, token) pairs of a sentence's rows, by beam score + token log-probability. */
function topCandidates(logits: Float32Array, rows: number[], scores: Float64Array, vocab: number, k: number): Candidate[] {
  const top: Candidate[] = [];
  let floor = -Infinity;
  for (const row of rows) {
    if (scores[row] === -Infinity) continue;
    const offset = row * vocab;
    const base = scores[row]! - logNormalizer(logits, offset, vocab);
    for (let token = 0; token < vocab; token++) {
      const score = base + logits[offset + token]!;
      if (score <= floor) continue;
      let i = top.length;
      while (i > 0 && top[i - 1]!.score < score) i--;
      top.splice(i, 0, { row, token, score });
      if (top.length > k) top.pop();
      if (top.length === k) floor = top[k - 1]!.score;
    }
  }
  return top;
}

/** Best hypothesis per sentence, without the start token and without EOS. */
export async function beamSearch(decoder: StepDecoder, batch: number, options: BeamOptions): Promise<number[][]> {
  const { beams } = options;
  const vocab = decoder.vocabSize;
  const eos = new Set(options.eosTokenIds);
  const finished = Array.from({ length: batch }, () => new FinishedHypotheses(beams, options.lengthPenalty ?? 1));
  let live = Array.from({ length: batch }, (_, i) => i);
  // Row layout: sentence s of `live` owns rows s*beams .. s*beams+beams-1.
  let seqs: number[][] = Array.from({ length: batch * beams }, () => []);
  // Only the first beam starts live, or the first step would pick the same token `beams` times.
  let scores = Float64Array.from({ length: batch * beams }, (_, r) => (r % beams === 0 ? 0 : -Infinity));
  let tokens = new Array<number>(batch * beams).fill(options.decoderStartTokenId);
  for (let step = 0; step < options.maxNewTokens && live.length > 0; step++) {
    const logits = await decoder.step(tokens);
    const last = step === options.maxNewTokens - 1;
    const nextSource: number[] = [];
    const nextTokens: number[] = [];
    const nextScores: number[] = [];
    const nextSeqs: number[][] = [];
    const nextLive: number[] = [];
    for (let s = 0; s < live.length; s++) {
      const rows = Array.from({ length: beams }, (_, k) => s * beams + k);
      for (const r of rows) maskRow(logits, r * vocab, options, step);
      const hyps = finished[live[s]!]!;
      const chosen: Candidate[] = [];
      topCandidates(logits, rows, scores, vocab, 2 * beams).forEach((c, rank) => {
        if (chosen.length === beams) return;
        if (!eos.has(c.token)) chosen.push(c);
        // An EOS ranked below the beam width would not have been among the kept beams.
        else if (rank < beams) hyps.add(seqs[c.row]!, c.score, step + 1);
      });
      const done = chosen.length === 0 || hyps.isDone(chosen[0]!.score, step + 1);
      if (done || last) {
        if (!done) for (const c of chosen) hyps.add([...seqs[c.row]!, c.token], c.score, step + 1);
        continue;
      }
      nextLive.push(live[s]!);
      // Rarely fewer than `beams` non-EOS candidates remain: pad with dead beams to keep the layout.
      while (chosen.length < beams) chosen.push({ ...chosen[0]!, score: -Infinity });
      for (const c of chosen) {
        nextSource.push(c.row);
        nextTokens.push(c.token);
        nextScores.push(c.score);
        nextSeqs.push([...seqs[c.row]!, c.token]);
      }
    }
    if (nextLive.length === 0) break;
    decoder.select(nextSource, nextLive.length === live.length);
    live = nextLive;
    seqs = nextSeqs;
    scores = Float64Array.from(nextScores);
    tokens = nextTokens;
  }
  return finished.map((h) => (h.list.length > 0 ? h.best() : []));
}
