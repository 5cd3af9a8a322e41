/**
 * Settings of the MT worker, read from the environment once and checked: a bad value stops the
 * process with a message naming the variable (like the gateway's config).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type ProviderSetting = 'auto' | 'cpu' | 'cuda';

export type MtSettings = {
  /** One folder per pair, named `<src>_<tgt>` (`en-us_zh-cn`). MODELS_DIR, default DATA_DIR/models. */
  modelsDir: string;
  /** onnxruntime intra-op threads per session. MT_THREADS, default: the CPU count (at most 8). */
  threads: number;
  /** MT_SPIN=1: idle onnxruntime threads spin-wait (faster only on cores nothing else uses). */
  spin: boolean;
  /** MT_PROVIDER: `auto` uses CUDA when this onnxruntime has it, else CPU. */
  provider: ProviderSetting;
  /** MT_QUANTIZED=1 prefers the `*_quantized.onnx` (int8) files of a model folder. */
  quantized: boolean;
  /** Sentences per decoder batch. MT_BATCH_SIZE, default 32. */
  batchSize: number;
  /** Hard cap on generated tokens per sentence, on top of the model's own max length. MT_MAX_LENGTH. */
  maxLength: number;
  /** `models pull`: a Hugging Face-compatible hub. MODELS_BASE_URL, default https://huggingface.co. */
  modelsBaseUrl: string;
  /** `models pull`: repo name for a pair, `{src}`/`{tgt}` are OPUS codes. MODELS_REPO_TEMPLATE. */
  modelsRepoTemplate: string;
  /** MODELS_AUTO_PULL=0: an empty MODELS_DIR is not filled with the default set at start. */
  modelsAutoPull: boolean;
};

/** Where models come from, for `models pull` and the first-start pull; also read by the gateway. */
export type ModelHubSettings = {
  /** MODELS_BASE_URL without a trailing `/`. */
  baseUrl: string;
  /** MODELS_REPO_TEMPLATE. */
  repoTemplate: string;
  /** MODELS_AUTO_PULL (0 or 1, default 1). */
  autoPull: boolean;
  /** HF_TOKEN: sent as a bearer token (gated or private repos). */
  token: string | undefined;
};

/** Xenova's OPUS-MT conversions carry the ONNX layout (`onnx/…`, tokenizer.json); Helsinki-NLP's do not. */
export const DEFAULT_REPO_TEMPLATE = 'Xenova/opus-mt-{src}-{tgt}';
export const DEFAULT_BASE_URL = 'https://huggingface.co';
/** Past 8 threads one session gains little on CPU; more parallelism comes from more workers. */
const MAX_DEFAULT_THREADS = 8;

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
  return n;
}

/** MT_SPIN (0 or 1): whether idle onnxruntime threads spin-wait; read by every process that runs engines. */
export function spinSetting(env: NodeJS.ProcessEnv): boolean {
  const spin = optional(env, 'MT_SPIN') ?? '0';
  if (!['0', '1'].includes(spin)) throw new Error(`MT_SPIN must be 0 or 1, got ${JSON.stringify(spin)}`);
  return spin === '1';
}

/** The MODELS_* settings alone, checked: a bad value throws an Error naming the variable. */
export function loadModelHubSettings(env: NodeJS.ProcessEnv = process.env): ModelHubSettings {
  const baseUrl = optional(env, 'MODELS_BASE_URL') ?? DEFAULT_BASE_URL;
  if (!/^https?:\/\//.test(baseUrl)) throw new Error(`MODELS_BASE_URL must start with http:// or https://, got ${JSON.stringify(baseUrl)}`);
  const repoTemplate = optional(env, 'MODELS_REPO_TEMPLATE') ?? DEFAULT_REPO_TEMPLATE;
  if (!repoTemplate.includes('{src}') || !repoTemplate.includes('{tgt}')) {
    throw new Error(`MODELS_REPO_TEMPLATE must contain {src} and {tgt}, got ${JSON.stringify(repoTemplate)}`);
  }
  const autoPull = optional(env, 'MODELS_AUTO_PULL') ?? '1';
  if (!['0', '1'].includes(autoPull)) throw new Error(`MODELS_AUTO_PULL must be 0 or 1, got ${JSON.stringify(autoPull)}`);
  return { baseUrl: baseUrl.replace(/\/+$/, ''), repoTemplate, autoPull: autoPull === '1', token: optional(env, 'HF_TOKEN') };
}

export function loadMtSettings(env: NodeJS.ProcessEnv = process.env): MtSettings {
  const dataDir = path.resolve(optional(env, 'DATA_DIR') ?? path.join(REPO_ROOT, '.data'));
  const provider = optional(env, 'MT_PROVIDER') ?? 'auto';
  if (provider !== 'auto' && provider !== 'cpu' && provider !== 'cuda') {
    throw new Error(`MT_PROVIDER must be auto, cpu or cuda, got ${JSON.stringify(provider)}`);
  }
  const quantized = optional(env, 'MT_QUANTIZED') ?? '0';
  if (!['0', '1', 'true', 'false'].includes(quantized)) throw new Error(`MT_QUANTIZED must be 0 or 1, got ${JSON.stringify(quantized)}`);
  const hub = loadModelHubSettings(env);
  return {
    modelsDir: path.resolve(optional(env, 'MODELS_DIR') ?? path.join(dataDir, 'models')),
    threads: intVar(env, 'MT_THREADS', Math.min(MAX_DEFAULT_THREADS, os.availableParallelism())),
    spin: spinSetting(env),
    provider,
    quantized: quantized === '1' || quantized === 'true',
    batchSize: intVar(env, 'MT_BATCH_SIZE', 32),
    maxLength: intVar(env, 'MT_MAX_LENGTH', 512),
    modelsBaseUrl: hub.baseUrl,
    modelsRepoTemplate: hub.repoTemplate,
    modelsAutoPull: hub.autoPull,
  };
}
