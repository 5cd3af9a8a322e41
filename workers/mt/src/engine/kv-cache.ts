/**
 * The merged decoder's cache: `past_key_values.{i}.decoder.key|value` (grows one position a
 * step) and `past_key_values.{i}.encoder.key|value` (cross-attention, computed on the first
 * step from the encoder states and then constant). The first step feeds empty tensors with
 * `use_cache_branch` false; each step's `present.*` outputs become the next step's pasts, except
 * the encoder ones, which the cache branch answers as placeholders and the first step's values
 * stay. Rows are gathered for beam reordering and for dropping finished sentences.
 */
import ort from 'onnxruntime-node';

type TypedArray = Float32Array | Uint16Array | BigInt64Array | Int32Array | Uint8Array;

/** Rows of a [rows, ...] tensor, in the order of `indices`. */
export function gatherRows(tensor: ort.Tensor, indices: readonly number[]): ort.Tensor {
  const data = tensor.data as TypedArray;
  const rows = tensor.dims[0]!;
  const rowSize = rows === 0 ? 0 : data.length / rows;
  const Ctor = data.constructor as new (n: number) => TypedArray;
  const out = new Ctor(indices.length * rowSize);
  indices.forEach((src, dst) => {
    if (rowSize > 0) (out as Float32Array).set((data as Float32Array).subarray(src * rowSize, (src + 1) * rowSize), dst * rowSize);
  });
  return new ort.Tensor(tensor.type, out, [indices.length, ...tensor.dims.slice(1)]);
}

export function isIdentity(indices: readonly number[], rows: number): boolean {
  return indices.length === rows && indices.every((v, i) => v === i);
}

export type CacheGeometry = { layers: number; heads: number; headDim: number };

export class KvCache {
  private pasts = new Map<string, ort.Tensor>();
  private started = false;

  constructor(
    /** `past_key_values.*` input names of the decoder session. */
    private readonly names: readonly string[],
    private readonly types: ReadonlyMap<string, ort.Tensor.Type>,
    private readonly geometry: CacheGeometry,
  ) {}

  static fromSession(session: ort.InferenceSession, geometry: CacheGeometry): KvCache {
    const types = new Map<string, ort.Tensor.Type>();
    for (const meta of session.inputMetadata) {
      if (meta.name.startsWith('past_key_values.') && meta.isTensor) types.set(meta.name, meta.type);
    }
    if (types.size !== geometry.layers * 4) {
      throw new Error(`decoder has ${types.size} past_key_values inputs, expected ${geometry.layers * 4} (4 per layer)`);
    }
    return new KvCache([...types.keys()], types, geometry);
  }

  /** True once the first step has filled the cache: the decoder then takes its cache branch. */
  get useCacheBranch(): boolean {
    return this.started;
  }

  /** The pasts to feed for `rows` rows: empty [rows, heads, 0, headDim] tensors before the first step. */
  feeds(rows: number): Record<string, ort.Tensor> {
    const feeds: Record<string, ort.Tensor> = {};
    for (const name of this.names) {
      const past = this.pasts.get(name);
      if (past) feeds[name] = past;
      else {
        const type = this.types.get(name) ?? 'float32';
        const empty = type === 'float16' ? new Uint16Array(0) : new Float32Array(0);
        feeds[name] = new ort.Tensor(type, empty, [rows, this.geometry.heads, 0, this.geometry.headDim]);
      }
    }
    return feeds;
  }

  /**
   * Outputs to fetch from the next step: after the first, the cross-attention presents are
   * placeholders, and not fetching them saves copying a [rows, heads, source, headDim] tensor per
   * layer out of onnxruntime every step.
   */
  fetches(): string[] {
    const names = this.started ? this.names.filter((n) => !n.includes('.encoder.')) : this.names;
    return ['logits', ...names.map((n) => n.replace(/^past_key_values\./, 'present.'))];
  }

  /** Takes the step's `present.*` outputs as the next pasts. */
  update(outputs: Record<string, ort.Tensor>): void {
    for (const name of this.names) {
      // The cache branch re-answers the cross-attention cache as a placeholder: keep the first one.
      if (this.started && name.includes('.encoder.')) continue;
      const present = outputs[name.replace(/^past_key_values\./, 'present.')];
      if (!present) throw new Error(`decoder did not answer ${name.replace(/^past_key_values\./, 'present.')}`);
      this.pasts.set(name, present);
    }
    this.started = true;
  }

  /** Row j becomes old row indices[j]; with `decoderOnly` the cross-attention cache stays as is. */
  select(indices: readonly number[], decoderOnly = false): void {
    for (const [name, tensor] of this.pasts) {
      if (decoderOnly && name.includes('.encoder.')) continue;
      if (isIdentity(indices, tensor.dims[0]!)) continue;
      this.pasts.set(name, gatherRows(tensor, indices));
    }
  }
}
