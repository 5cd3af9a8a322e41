/**
 * What the search algorithms need from a decoder: one step for every live row, and a way to
 * keep only some rows (drop finished sentences) or reorder them (beam search). The ONNX decoder
 * implements it with its KV cache; tests implement it with fixed synthetic logits.
 */
export type StepDecoder = {
  readonly vocabSize: number;
  /** Live rows: sentences (greedy) or sentences x beams (beam search). */
  readonly rows: number;
  /** Feeds each row's last token; answers the next-token logits, row-major [rows x vocabSize]. */
  step(tokens: readonly number[]): Promise<Float32Array>;
  /**
   * Row j of the cache becomes old row indices[j]. `decoderOnly` when every new row reads a row
   * of the same sentence, so the per-sentence encoder state (identical across beams) can stay.
   */
  select(indices: readonly number[], decoderOnly?: boolean): void;
};

export type SearchOptions = {
  decoderStartTokenId: number;
  eosTokenIds: readonly number[];
  /** Tokens never generated (Marian: the pad token, which is also the start token). */
  bannedTokenIds: readonly number[];
  /** New tokens at most, not counting the start token. */
  maxNewTokens: number;
  /** End-of-sentence is masked before this many new tokens (benchmarks force a fixed length). */
  minNewTokens?: number;
};

/** Sets banned tokens (and EOS while below the minimum length) to -Infinity in one row. */
export function maskRow(logits: Float32Array, offset: number, options: SearchOptions, generated: number): void {
  for (const id of options.bannedTokenIds) logits[offset + id] = -Infinity;
  if (generated < (options.minNewTokens ?? 0)) for (const id of options.eosTokenIds) logits[offset + id] = -Infinity;
}

export function argmax(logits: Float32Array, offset: number, size: number): number {
  let best = 0;
  let bestValue = -Infinity;
  for (let i = 0; i < size; i++) {
    const v = logits[offset + i]!;
    if (v > bestValue) {
      bestValue = v;
      best = i;
    }
  }
  return best;
}

/** logsumexp of one row: log-probabilities are logits minus this (only candidates need them). */
export function logNormalizer(logits: Float32Array, offset: number, size: number): number {
  let max = -Infinity;
  for (let i = 0; i < size; i++) max = Math.max(max, logits[offset + i]!);
  if (max === -Infinity) return 0;
  let sum = 0;
  for (let i = 0; i < size; i++) sum += Math.exp(logits[offset + i]! - max);
  return max + Math.log(sum);
}
