/**
 * The parts of a Marian `config.json` + `generation_config.json` the engine needs: cache
 * geometry for the merged decoder, special token ids and the generation defaults.
 */
import { readFileSync } from 'node:fs';
import { ModelFilesError } from '../errors';

export type MarianConfig = {
  modelType: string;
  decoderLayers: number;
  decoderHeads: number;
  headDim: number;
  /** Rows of the output layer (Marian's decoder vocabulary; usually the shared vocabulary). */
  vocabSize: number;
  padTokenId: number;
  eosTokenIds: number[];
  decoderStartTokenId: number;
  /** Total decoder length including the start token, as generation_config / config says. */
  maxLength: number;
  numBeams: number;
  lengthPenalty: number;
  /** Single-token bans (`bad_words_ids`): Marian bans its pad token, which doubles as the start token. */
  bannedTokenIds: number[];
  forcedEosTokenId: number | undefined;
  maxPositionEmbeddings: number;
};

type Json = Record<string, unknown>;

/** HF's generation default when neither file names one. */
const DEFAULT_MAX_LENGTH = 512;

function readJson(file: string, dir: string): Json {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
    return value as Json;
  } catch (err) {
    throw new ModelFilesError(dir, `cannot read ${file}: ${(err as Error).message}`, { cause: err });
  }
}

function int(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function ids(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flat(2).filter((v): v is number => Number.isInteger(v));
  return [];
}

export function parseMarianConfig(config: Json, generation: Json = {}, dir = '.'): MarianConfig {
  // generation_config.json wins over config.json for generation settings, as in transformers.
  const gen = (key: string): unknown => generation[key] ?? config[key];
  const need = (key: string, value: number | undefined): number => {
    if (value === undefined) throw new ModelFilesError(dir, `config.json lacks ${key}`);
    return value;
  };
  const dModel = need('d_model', int(config.d_model));
  const decoderHeads = need('decoder_attention_heads', int(config.decoder_attention_heads));
  if (dModel % decoderHeads !== 0) throw new ModelFilesError(dir, `config.json: d_model ${dModel} is not a multiple of the head count`);
  const padTokenId = need('pad_token_id', int(gen('pad_token_id')));
  const eosTokenIds = ids(gen('eos_token_id'));
  if (eosTokenIds.length === 0) throw new ModelFilesError(dir, 'config.json lacks eos_token_id');
  // bad_words_ids is a list of token sequences; a one-token sequence is a plain ban.
  const badWords = gen('bad_words_ids');
  const bannedTokenIds = Array.isArray(badWords)
    ? badWords.filter((w): w is number[] => Array.isArray(w) && w.length === 1).map((w) => w[0]!)
    : [];
  return {
    modelType: typeof config.model_type === 'string' ? config.model_type : 'marian',
    decoderLayers: need('decoder_layers', int(config.decoder_layers)),
    decoderHeads,
    headDim: dModel / decoderHeads,
    vocabSize: need('vocab_size', int(config.decoder_vocab_size) ?? int(config.vocab_size)),
    padTokenId,
    eosTokenIds,
    decoderStartTokenId: int(gen('decoder_start_token_id')) ?? padTokenId,
    maxLength: int(gen('max_length')) ?? DEFAULT_MAX_LENGTH,
    numBeams: int(gen('num_beams')) ?? 1,
    lengthPenalty: typeof gen('length_penalty') === 'number' ? (gen('length_penalty') as number) : 1,
    bannedTokenIds,
    forcedEosTokenId: int(gen('forced_eos_token_id')),
    maxPositionEmbeddings: int(config.max_position_embeddings) ?? DEFAULT_MAX_LENGTH,
  };
}

export function loadMarianConfig(configFile: string, generationFile: string | undefined, dir: string): MarianConfig {
  const config = readJson(configFile, dir);
  const generation = generationFile ? readJson(generationFile, dir) : {};
  return parseMarianConfig(config, generation, dir);
}
