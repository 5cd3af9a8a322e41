/**
 * Batched greedy decoding: every step feeds each live row its last token and takes the argmax.
 * Rows whose sentence has ended are dropped from the batch (and the KV cache) once a quarter of
 * the batch has ended, so long stragglers do not pay for finished sentences.
 */
import { argmax, maskRow, type SearchOptions, type StepDecoder } from './step-decoder';

/** Drop finished rows once this share of the live rows has finished; copies the cache, so not every step. */
const SHRINK_SHARE = 0.25;

/** Generated ids per sentence, without the start token and without EOS. */
export async function greedySearch(decoder: StepDecoder, batch: number, options: SearchOptions): Promise<number[][]> {
  const eos = new Set(options.eosTokenIds);
  const out: number[][] = Array.from({ length: batch }, () => []);
  // sentence index of each live row
  let live = Array.from({ length: batch }, (_, i) => i);
  let tokens = live.map(() => options.decoderStartTokenId);
  const ended = new Array<boolean>(batch).fill(false);
  const vocab = decoder.vocabSize;
  for (let step = 0; step < options.maxNewTokens; step++) {
    const logits = await decoder.step(tokens);
    let endedRows = 0;
    for (let r = 0; r < live.length; r++) {
      const sentence = live[r]!;
      if (ended[sentence]) {
        endedRows++;
        continue;
      }
      maskRow(logits, r * vocab, options, step);
      const token = argmax(logits, r * vocab, vocab);
      tokens[r] = token;
      if (eos.has(token)) {
        ended[sentence] = true;
        endedRows++;
      } else {
        out[sentence]!.push(token);
      }
    }
    if (endedRows === live.length) break;
    if (endedRows > 0 && endedRows >= live.length * SHRINK_SHARE) {
      const keep: number[] = [];
      for (let r = 0; r < live.length; r++) if (!ended[live[r]!]) keep.push(r);
      decoder.select(keep);
      live = keep.map((r) => live[r]!);
      tokens = keep.map((r) => tokens[r]!);
    }
  }
  return out;
}
