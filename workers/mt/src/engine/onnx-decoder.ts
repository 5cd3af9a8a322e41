/**
 * The merged decoder (`decoder_model_merged*.onnx`) as a StepDecoder for one batch: it holds
 * the batch's encoder output and attention mask (one row per search row) and the KV cache.
 */
import ort from 'onnxruntime-node';
import { gatherRows, isIdentity, KvCache, type CacheGeometry } from './kv-cache';
import type { StepDecoder } from './step-decoder';

export type EncoderOutput = {
  /** [rows, sourceLength, dModel] */
  hiddenStates: ort.Tensor;
  /** [rows, sourceLength], 1 for tokens and 0 for padding */
  attentionMask: ort.Tensor;
};

export class OnnxStepDecoder implements StepDecoder {
  private readonly cache: KvCache;
  private readonly idsType: ort.Tensor.Type;
  private hiddenStates: ort.Tensor;
  private attentionMask: ort.Tensor;

  constructor(
    private readonly session: ort.InferenceSession,
    geometry: CacheGeometry,
    readonly vocabSize: number,
    encoder: EncoderOutput,
  ) {
    this.cache = KvCache.fromSession(session, geometry);
    const ids = session.inputMetadata.find((m) => m.name === 'input_ids');
    this.idsType = ids?.isTensor ? ids.type : 'int64';
    this.hiddenStates = encoder.hiddenStates;
    this.attentionMask = encoder.attentionMask;
  }

  get rows(): number {
    return this.hiddenStates.dims[0]!;
  }

  async step(tokens: readonly number[]): Promise<Float32Array> {
    const rows = this.rows;
    if (tokens.length !== rows) throw new Error(`step got ${tokens.length} tokens for ${rows} rows`);
    const ids =
      this.idsType === 'int64'
        ? new ort.Tensor(
            'int64',
            BigInt64Array.from(tokens, (t) => BigInt(t)),
            [rows, 1],
          )
        : new ort.Tensor('int32', Int32Array.from(tokens), [rows, 1]);
    const feeds: Record<string, ort.Tensor> = {
      input_ids: ids,
      encoder_hidden_states: this.hiddenStates,
      encoder_attention_mask: this.attentionMask,
      use_cache_branch: new ort.Tensor('bool', [this.cache.useCacheBranch], [1]),
      ...this.cache.feeds(rows),
    };
    const outputs = await this.session.run(feeds, this.cache.fetches());
    this.cache.update(outputs);
    const logits = outputs.logits;
    if (!logits) throw new Error('decoder did not answer logits');
    if (logits.dims[2] !== this.vocabSize) throw new Error(`decoder logits have ${logits.dims[2]} columns, expected ${this.vocabSize}`);
    const data = logits.data as Float32Array;
    // [rows, steps fed, vocab]: only the last position matters (one step is fed per call).
    const steps = logits.dims[1] ?? 1;
    if (steps === 1) return data;
    const out = new Float32Array(rows * this.vocabSize);
    for (let r = 0; r < rows; r++) {
      const from = (r * steps + steps - 1) * this.vocabSize;
      out.set(data.subarray(from, from + this.vocabSize), r * this.vocabSize);
    }
    return out;
  }

  select(indices: readonly number[], decoderOnly = false): void {
    this.cache.select(indices, decoderOnly);
    if (decoderOnly || isIdentity(indices, this.rows)) return;
    this.hiddenStates = gatherRows(this.hiddenStates, indices);
    this.attentionMask = gatherRows(this.attentionMask, indices);
  }
}
