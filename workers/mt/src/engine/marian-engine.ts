/**
 * The local ONNX engine for Marian / OPUS-MT exports: `MarianEngine.load(dir)` then
 * `translate(texts)`. Texts are split into sentences (kept layout), all sentences of the call
 * are tokenized, sorted by length and run in batches through the encoder and a greedy or beam
 * search over the merged decoder's KV cache, then put back in order and in their layout.
 */
import path from 'node:path';
import type ort from 'onnxruntime-node';
import { beamSearch } from './beam-search';
import { greedySearch } from './greedy-search';
import { loadMarianConfig, type MarianConfig } from './marian-config';
import { findModelFiles, type ModelFiles, type TokenizerChoice } from './model-files';
import { computeModelVersion } from './model-version';
import { OnnxStepDecoder } from './onnx-decoder';
import { createSessions, type Provider } from './onnx-session';
import { joinText, splitText } from '@mtp/segmenter';
import { encodeBatch } from './encode-batch';
import { loadMarianTokenizer, pickTargetLanguageToken, type MarianTokenizer } from './tokenizer';
import { ModelFilesError } from '../errors';
import type { ProviderSetting } from '../settings';

export type EngineOptions = {
  /** Prefer the int8 `*_quantized.onnx` files. */
  quantized?: boolean;
  /** onnxruntime intra-op threads. */
  threads?: number;
  /** Idle onnxruntime threads spin-wait instead of sleeping (MT_SPIN; off by default, see onnx-session.ts). */
  spin?: boolean;
  provider?: ProviderSetting;
  /** auto (default): source.spm + target.spm + vocab.json when present, else tokenizer.json. */
  tokenizer?: TokenizerChoice;
  /** Sentences per batch (default 32). */
  batchSize?: number;
  /** Cap on new tokens per sentence, below the model's own max length. */
  maxLength?: number;
  /** Source and target languages; default: from a folder named `<src>_<tgt>`. */
  sourceLang?: string;
  targetLang?: string;
  /** `>>cmn_Hans<<`-style token put before each source; default: the target language's, if the vocabulary has one. */
  targetLanguageToken?: string;
};

export type TranslateOptions = {
  /** 1 = greedy (default); more = beam search. */
  beams?: number;
  /** Cap on new tokens per sentence for this call. */
  maxLength?: number;
  /** EOS is masked until this many new tokens: benchmarks use it to force a fixed length. */
  minLength?: number;
  /** Translate each text as one unit, without sentence splitting. */
  noSplit?: boolean;
};

export type EngineInfo = {
  dir: string;
  sourceLang: string | undefined;
  targetLang: string | undefined;
  modelVersion: string;
  provider: Provider;
  providerReason: string;
  threads: number | undefined;
  quantized: boolean;
  encoder: string;
  decoder: string;
  tokenizer: 'tokenizer.json' | 'spm';
  targetLanguageToken: string | undefined;
  vocabSize: number;
  decoderLayers: number;
  maxLength: number;
  /** generation_config's num_beams: what the model's authors decode with (translate() defaults to greedy). */
  numBeams: number;
  batchSize: number;
};

const DEFAULT_BATCH_SIZE = 32;

export class MarianEngine {
  private constructor(
    readonly files: ModelFiles,
    readonly config: MarianConfig,
    readonly tokenizer: MarianTokenizer,
    private readonly encoder: ort.InferenceSession,
    private readonly decoder: ort.InferenceSession,
    private readonly vocabSize: number,
    /** Ids put before every source: the target-language token of multi-target models. */
    private readonly sourcePrefix: number[],
    private readonly infoBase: Omit<EngineInfo, 'modelVersion'>,
    readonly modelVersion: string,
  ) {}

  static async load(dir: string, options: EngineOptions = {}): Promise<MarianEngine> {
    const absDir = path.resolve(dir);
    const files = findModelFiles(absDir, { quantized: options.quantized, tokenizer: options.tokenizer });
    const config = loadMarianConfig(files.config, files.generationConfig, absDir);
    const eosId = config.eosTokenIds[0]!;
    const tokenizer = loadMarianTokenizer(files.tokenizer, { eosId, padId: config.padTokenId }, absDir);
    const { sessions, choice } = await createSessions([files.encoder, files.decoder], {
      provider: options.provider,
      threads: options.threads,
      spin: options.spin,
    });
    const [encoder, decoder] = sessions as [ort.InferenceSession, ort.InferenceSession];
    const logitsMeta = decoder.outputMetadata.find((m) => m.name === 'logits');
    const logitsCols = logitsMeta?.isTensor ? logitsMeta.shape[2] : undefined;
    const vocabSize = typeof logitsCols === 'number' ? logitsCols : config.vocabSize;
    const pair = /^([a-z-]+)_([a-z-]+)$/.exec(path.basename(absDir));
    const targetLang = options.targetLang ?? pair?.[2];
    const targetLanguageToken = options.targetLanguageToken ?? pickTargetLanguageToken(tokenizer, targetLang);
    if (targetLanguageToken && tokenizer.tokenId(targetLanguageToken) === undefined) {
      throw new ModelFilesError(absDir, `the vocabulary has no ${targetLanguageToken} token`);
    }
    const info: Omit<EngineInfo, 'modelVersion'> = {
      dir: absDir,
      sourceLang: options.sourceLang ?? pair?.[1],
      targetLang,
      provider: choice.provider,
      providerReason: choice.reason,
      threads: options.threads,
      quantized: files.quantized,
      encoder: path.relative(absDir, files.encoder),
      decoder: path.relative(absDir, files.decoder),
      tokenizer: files.tokenizer.kind,
      targetLanguageToken,
      vocabSize,
      decoderLayers: config.decoderLayers,
      maxLength: Math.min(config.maxLength - 1, options.maxLength ?? Infinity),
      numBeams: config.numBeams,
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    };
    const prefix = targetLanguageToken ? [tokenizer.tokenId(targetLanguageToken)!] : [];
    return new MarianEngine(files, config, tokenizer, encoder, decoder, vocabSize, prefix, info, computeModelVersion(files));
  }

  info(): EngineInfo {
    return { ...this.infoBase, modelVersion: this.modelVersion };
  }

  /** Translates each text; sentence splitting follows the engine's languages (English rules if unknown). */
  async translate(texts: readonly string[], options: TranslateOptions = {}): Promise<string[]> {
    const source = this.infoBase.sourceLang ?? 'en';
    const target = this.infoBase.targetLang ?? 'en';
    const splits = texts.map((t) => (options.noSplit ? { sentences: t.trim() ? [t.trim()] : [], plan: undefined } : splitText(t, source)));
    const sentences = splits.flatMap((s) => s.sentences);
    const translated = await this.translateSentences(sentences, options);
    let next = 0;
    return splits.map((s) => {
      const own = translated.slice(next, next + s.sentences.length);
      next += s.sentences.length;
      return s.plan ? joinText(s.plan, own, target) : (own[0] ?? '');
    });
  }

  /** Translates sentences as they are (no splitting), batched by similar length. */
  async translateSentences(sentences: readonly string[], options: TranslateOptions = {}): Promise<string[]> {
    const maxTokens = this.config.maxPositionEmbeddings;
    const encoded = sentences.map((s) => this.tokenizer.encode(s, maxTokens, this.sourcePrefix));
    // Longest first: similar lengths share a batch, so padding and straggler steps stay small.
    const order = encoded.map((_, i) => i).sort((a, b) => encoded[b]!.length - encoded[a]!.length);
    const out = new Array<string>(sentences.length);
    const batchSize = this.infoBase.batchSize;
    for (let start = 0; start < order.length; start += batchSize) {
      const idx = order.slice(start, start + batchSize);
      const generated = await this.generate(
        idx.map((i) => encoded[i]!),
        options,
      );
      idx.forEach((i, k) => (out[i] = this.tokenizer.decode(generated[k]!)));
    }
    return out;
  }

  /** Generated target ids for a batch of source ids (each ending in EOS). */
  async generate(batch: number[][], options: TranslateOptions = {}): Promise<number[][]> {
    const beams = Math.max(1, options.beams ?? 1);
    if (batch.length === 0) return [];
    const { hiddenStates, attentionMask } = await encodeBatch(this.encoder, batch, this.config.padTokenId, beams);
    const decoder = new OnnxStepDecoder(
      this.decoder,
      { layers: this.config.decoderLayers, heads: this.config.decoderHeads, headDim: this.config.headDim },
      this.vocabSize,
      { hiddenStates, attentionMask },
    );
    const search = {
      decoderStartTokenId: this.config.decoderStartTokenId,
      eosTokenIds: this.config.eosTokenIds,
      bannedTokenIds: this.config.bannedTokenIds,
      maxNewTokens: Math.min(this.infoBase.maxLength, options.maxLength ?? Infinity),
      minNewTokens: options.minLength,
    };
    return beams === 1
      ? greedySearch(decoder, batch.length, search)
      : beamSearch(decoder, batch.length, { ...search, beams, lengthPenalty: this.config.lengthPenalty });
  }

  async dispose(): Promise<void> {
    await Promise.all([this.encoder.release(), this.decoder.release()]);
  }
}
