/**
 * Settings of the remote chat engine (an OpenAI-compatible chat-completions endpoint: vLLM,
 * Ollama, llama.cpp server, ...), read from the environment and checked: a bad value throws an
 * Error naming the variable, like the worker's other settings. No MT_REMOTE_URL: no remote engine.
 */
import { LANGUAGES } from '@mtp/proto';
import { parsePairName, type Pair } from '../models/pairs';

export type RemoteSettings = {
  /** MT_REMOTE_URL without a trailing `/` or `/v1`: requests go to `{baseUrl}/v1/chat/completions`. */
  baseUrl: string;
  /** MT_REMOTE_MODEL: the model name the server knows (`qwen2.5:7b-instruct`, `Qwen/Qwen2.5-7B-Instruct`). */
  model: string;
  /** MT_REMOTE_KEY: sent as `Authorization: Bearer <key>`; absent for servers without auth. */
  apiKey?: string;
  /** MT_REMOTE_PAIRS: the ordered pairs this engine serves (`*`, the default: every pair). */
  pairs: readonly Pair[];
  /** MT_REMOTE_TIMEOUT_MS: per request, headers and body together. Default 60000. */
  timeoutMs: number;
  /** MT_REMOTE_CONCURRENCY: requests in flight to the endpoint at once, per engine. Default 4. */
  concurrency: number;
};

export const DEFAULT_REMOTE_TIMEOUT_MS = 60_000;
export const DEFAULT_REMOTE_CONCURRENCY = 4;

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === undefined || v === '' ? undefined : v;
}

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1) {
    throw new Error(`${name} must be an integer >= 1, got ${JSON.stringify(raw)}`);
  }
  return n;
}

/** Every ordered pair of the platform's languages (20 for 5 languages). */
export function allPairs(): Pair[] {
  return LANGUAGES.flatMap((src) => LANGUAGES.filter((tgt) => tgt !== src).map((tgt) => ({ src, tgt })));
}

/** `*` or `zh-cn_en-us,en-us_zh-cn` (spaces allowed, duplicates dropped). */
export function parseRemotePairs(raw: string, name = 'MT_REMOTE_PAIRS'): Pair[] {
  if (raw.trim() === '*') return allPairs();
  const pairs: Pair[] = [];
  for (const item of raw.split(',').map((s) => s.trim())) {
    const pair = parsePairName(item.toLowerCase());
    if (!pair) {
      throw new Error(
        `${name} must be * or comma-separated src_tgt pairs of ${LANGUAGES.join(', ')} (like zh-cn_en-us), got ${JSON.stringify(item)} in ${JSON.stringify(raw)}`,
      );
    }
    if (!pairs.some((p) => p.src === pair.src && p.tgt === pair.tgt)) pairs.push(pair);
  }
  return pairs;
}

/** `http://host:8000/v1/` -> `http://host:8000`; anything but an http(s) URL throws. */
export function normalizeBaseUrl(raw: string, name = 'MT_REMOTE_URL'): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http:// or https:// URL, got ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http:// or https:// URL, got ${JSON.stringify(raw)}`);
  }
  if (url.search || url.hash) throw new Error(`${name} must not carry a query or fragment, got ${JSON.stringify(raw)}`);
  if (url.username || url.password) throw new Error(`${name} must not carry credentials (use MT_REMOTE_KEY), got a URL with user info`);
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${url.origin}${path}`;
}

export function loadRemoteSettings(env: NodeJS.ProcessEnv = process.env): RemoteSettings | null {
  const rawUrl = optional(env, 'MT_REMOTE_URL');
  if (rawUrl === undefined) return null;
  const baseUrl = normalizeBaseUrl(rawUrl);
  const model = optional(env, 'MT_REMOTE_MODEL');
  if (model === undefined) throw new Error('MT_REMOTE_MODEL must be set when MT_REMOTE_URL is set (the model name the server serves)');
  const apiKey = optional(env, 'MT_REMOTE_KEY');
  return {
    baseUrl,
    model,
    ...(apiKey !== undefined ? { apiKey } : {}),
    pairs: parseRemotePairs(optional(env, 'MT_REMOTE_PAIRS') ?? '*'),
    timeoutMs: intVar(env, 'MT_REMOTE_TIMEOUT_MS', DEFAULT_REMOTE_TIMEOUT_MS),
    concurrency: intVar(env, 'MT_REMOTE_CONCURRENCY', DEFAULT_REMOTE_CONCURRENCY),
  };
}
