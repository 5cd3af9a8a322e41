/**
 * Marian tokenization, two ways to the same ids: a `tokenizer.json` through
 * @huggingface/tokenizers, or the model's own `source.spm` (SentencePiece Unigram) with pieces
 * mapped through `vocab.json` exactly as transformers' MarianTokenizer does. Source text gets
 * `</s>` appended; decoding drops special tokens and turns U+2581 back into spaces.
 */
import { readFileSync } from 'node:fs';
import { Tokenizer } from '@huggingface/tokenizers';
import { ModelFilesError } from '../errors';
import type { TokenizerFiles } from './model-files';
import { loadSpmModel, MODEL_TYPE } from './spm-model';
import { SPACE_SYMBOL, SpmNormalizer } from './spm-normalizer';
import { UnigramSegmenter } from './spm-unigram';

export type MarianTokenizer = {
  readonly kind: 'tokenizer.json' | 'spm';
  /** Source ids ending in `</s>`, at most `maxTokens` long, after `prefix` (a target-language token). */
  encode(text: string, maxTokens?: number, prefix?: readonly number[]): number[];
  /** The id of a vocabulary entry (language tokens such as `>>cmn_Hans<<`). */
  tokenId(piece: string): number | undefined;
  /** Target text of generated ids; special tokens (eos, pad, unk, language codes) are skipped. */
  decode(ids: ArrayLike<number>): string;
};

export type SpecialIds = { eosId: number; padId: number };

type Json = Record<string, unknown>;

function readJson(file: string, dir: string): Json {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Json;
  } catch (err) {
    throw new ModelFilesError(dir, `cannot read ${file}: ${(err as Error).message}`, { cause: err });
  }
}

function finish(ids: number[], eosId: number, maxTokens: number, prefix: readonly number[] = []): number[] {
  const body = [...prefix, ...ids];
  if (body.length >= maxTokens) body.length = maxTokens - 1;
  body.push(eosId);
  return body;
}

/** SentencePiece merges a run of unknown characters into one `<unk>`; the JS library emits one each. */
function fuseUnknown(ids: number[], unkId: number | undefined): number[] {
  if (unkId === undefined) return ids;
  return ids.filter((id, i) => !(id === unkId && ids[i - 1] === unkId));
}

function stringToken(config: Json, key: string, fallback: string): string {
  const v = config[key];
  if (typeof v === 'string') return v;
  // Newer tokenizer_config.json files store special tokens as AddedToken objects.
  if (typeof v === 'object' && v !== null && typeof (v as Json).content === 'string') return (v as Json).content as string;
  return fallback;
}

function createJsonTokenizer(files: Extract<TokenizerFiles, { kind: 'tokenizer.json' }>, special: SpecialIds, dir: string) {
  const config = files.tokenizerConfig ? readJson(files.tokenizerConfig, dir) : {};
  const tokenizer = new Tokenizer(readJson(files.tokenizerJson, dir), config);
  const unkId = tokenizer.token_to_id(stringToken(config, 'unk_token', '<unk>'));
  return {
    kind: 'tokenizer.json' as const,
    encode(text: string, maxTokens = Infinity, prefix?: readonly number[]): number[] {
      const ids = tokenizer.encode(text, { add_special_tokens: false }).ids;
      return finish(fuseUnknown(ids, unkId), special.eosId, maxTokens, prefix);
    },
    tokenId: (piece: string) => tokenizer.token_to_id(piece),
    decode(ids: ArrayLike<number>): string {
      const kept = Array.from(ids).filter((id) => id !== special.eosId && id !== special.padId);
      // The library refuses an empty list; an empty generation is an empty translation.
      return kept.length === 0 ? '' : tokenizer.decode(kept, { skip_special_tokens: true }).trim();
    },
  };
}

function createSpmTokenizer(files: Extract<TokenizerFiles, { kind: 'spm' }>, special: SpecialIds, dir: string) {
  const load = (file: string) => {
    try {
      return loadSpmModel(file);
    } catch (err) {
      throw new ModelFilesError(dir, `cannot read ${file}: ${(err as Error).message}`, { cause: err });
    }
  };
  const source = load(files.sourceSpm);
  // The target model is only read to fail early on a broken file; decoding needs the vocabulary.
  load(files.targetSpm);
  if (source.modelType !== MODEL_TYPE.UNIGRAM) throw new ModelFilesError(dir, `${files.sourceSpm} is not a Unigram SentencePiece model`);
  const config = files.tokenizerConfig ? readJson(files.tokenizerConfig, dir) : {};
  const vocab = new Map<string, number>();
  for (const [piece, id] of Object.entries(readJson(files.vocabJson, dir))) {
    if (typeof id === 'number') vocab.set(piece, id);
  }
  const pieceOf: string[] = [];
  for (const [piece, id] of vocab) pieceOf[id] = piece;
  const unkToken = stringToken(config, 'unk_token', '<unk>');
  const unkId = vocab.get(unkToken);
  if (unkId === undefined) throw new ModelFilesError(dir, `${files.vocabJson} has no ${unkToken} entry`);
  const specialIds = new Set([special.eosId, special.padId, unkId]);
  for (const [piece, id] of vocab) if (/^>>.+<<$/.test(piece)) specialIds.add(id);
  const normalizer = new SpmNormalizer(source);
  const segmenter = new UnigramSegmenter(source);
  return {
    kind: 'spm' as const,
    tokenId: (piece: string) => vocab.get(piece),
    encode(text: string, maxTokens = Infinity, prefix?: readonly number[]): number[] {
      // Like MarianTokenizer, an unknown run's surface text is looked up too: the shared
      // vocabulary may know it from the other language's pieces.
      const pieces = segmenter.segment(normalizer.normalize(text));
      return finish(
        pieces.map((p) => vocab.get(p.piece) ?? unkId),
        special.eosId,
        maxTokens,
        prefix,
      );
    },
    decode(ids: ArrayLike<number>): string {
      let out = '';
      for (const id of Array.from(ids)) if (!specialIds.has(id)) out += pieceOf[id] ?? '';
      return out.replaceAll(SPACE_SYMBOL, ' ').trim();
    },
  };
}

export function loadMarianTokenizer(files: TokenizerFiles, special: SpecialIds, dir: string): MarianTokenizer {
  return files.kind === 'tokenizer.json' ? createJsonTokenizer(files, special, dir) : createSpmTokenizer(files, special, dir);
}

/**
 * Multi-target OPUS-MT models (opus-mt-en-zh, en-mul, ...) need a `>>lang<<` token first in the
 * source to pick the target language; the first of these the vocabulary has is used.
 */
const TARGET_LANGUAGE_TOKENS: Record<string, string[]> = {
  zh: ['>>cmn_Hans<<', '>>zho_Hans<<', '>>cmn<<', '>>zho<<', '>>zh<<'],
  en: ['>>eng<<', '>>en<<'],
  ja: ['>>jpn<<', '>>ja<<'],
  ko: ['>>kor<<', '>>ko<<'],
  ru: ['>>rus<<', '>>ru<<'],
};

export function pickTargetLanguageToken(tokenizer: MarianTokenizer, targetLang: string | undefined): string | undefined {
  const base = targetLang?.toLowerCase().split(/[-_]/)[0] ?? '';
  return TARGET_LANGUAGE_TOKENS[base]?.find((token) => tokenizer.tokenId(token) !== undefined);
}
