/**
 * The default model set that a first start pulls into an empty MODELS_DIR, and the one place
 * that decides what serves a pair the hub has no model for.
 *
 * The set connects the platform's five languages through English (PIVOT): with X->en and en->Y
 * installed, the registry serves every X->Y as a two-leg pivot. Which OPUS-MT models exist as
 * ONNX conversions under `Xenova/` is the list transformers.js converted
 * (`scripts/extra/marian.py`, SUPPORTED_HELSINKI_NLP_MODELS): en-zh, zh-en, en-ru, ru-en,
 * ja-en, ko-en, en-jap, jap-en, en-mul, mul-en (and other languages). Hence:
 * - en->ja: there is no `opus-mt-en-ja`; OPUS named its English->Japanese model `en-jap`, so
 *   the repo name uses that code for this pair (trained and tested on Bible text: weak on
 *   everyday text; a remote engine does better).
 * - en->ko: nothing. Helsinki-NLP published no opus-mt-en-ko (Helsinki-NLP/Opus-MT issue 65),
 *   its opus-mt-tc-big-en-ko has no ONNX export, and en-mul's targets leave Korean out. Every
 *   pair into Korean is served by the remote engine (MT_REMOTE_URL) or not at all.
 */
import { LANGUAGES, type LanguageCode } from '@mtp/proto';
import type { RemoteSettings } from '../remote/remote-settings';
import { opusCode, pairName, type Pair } from './pairs';

const pair = (src: LanguageCode, tgt: LanguageCode): Pair => ({ src, tgt });

/** Pulled in this order: Chinese first, the pair most users start with. */
export const DEFAULT_MODELS: readonly Pair[] = [
  pair('en-us', 'zh-cn'),
  pair('zh-cn', 'en-us'),
  pair('ja', 'en-us'),
  pair('en-us', 'ja'),
  pair('ko', 'en-us'),
  pair('en-us', 'ru'),
  pair('ru', 'en-us'),
];

/** Repo-name codes that differ from pairs.ts' (`opus-mt-en-jap`, not `opus-mt-en-ja`). */
const REPO_CODES: Record<string, { src: string; tgt: string }> = {
  'en-us_ja': { src: 'en', tgt: 'jap' },
};

/** The `{src}`/`{tgt}` of MODELS_REPO_TEMPLATE for a pair. */
export function repoCodes(p: Pair): { src: string; tgt: string } {
  return REPO_CODES[pairName(p)] ?? { src: opusCode(p.src), tgt: opusCode(p.tgt) };
}

export type HubGap = { pair: Pair; reason: string };

/** Pairs the default set cannot cover because the hub has no usable export for them. */
export const HUB_GAPS: readonly HubGap[] = [
  {
    pair: pair('en-us', 'ko'),
    reason:
      'the hub has no OPUS-MT English->Korean ONNX export (Helsinki-NLP published no opus-mt-en-ko; opus-mt-tc-big-en-ko is PyTorch only)',
  },
];

export type Serving = { pair: Pair; by: 'local' | 'pivot' | 'remote' | 'none' };

/** What serves a pair: a local model, a pivot through English, the remote engine, or nothing. */
export function servingOf(
  p: Pair,
  resolve: (src: LanguageCode, tgt: LanguageCode) => { kind: string },
  remote: RemoteSettings | null,
): Serving {
  const kind = resolve(p.src, p.tgt).kind;
  if (kind === 'direct') return { pair: p, by: 'local' };
  if (kind === 'pivot') return { pair: p, by: 'pivot' };
  const remoteServes = remote?.pairs.some((r) => r.src === p.src && r.tgt === p.tgt) ?? false;
  return { pair: p, by: remoteServes ? 'remote' : 'none' };
}

function remoteName(remote: RemoteSettings): string {
  return `remote:${new URL(remote.baseUrl).host}/${remote.model}`;
}

/**
 * Lines for the start-up log about every ordered pair that no local model serves: the hub gaps
 * with their reason, then which pairs the remote engine takes and which stay unavailable.
 * Empty when local models (direct or pivot) serve all 20.
 */
export function coverageLines(
  resolve: (src: LanguageCode, tgt: LanguageCode) => { kind: string },
  remote: RemoteSettings | null,
  modelsDir: string,
): string[] {
  const all = LANGUAGES.flatMap((src) => LANGUAGES.filter((tgt) => tgt !== src).map((tgt) => servingOf(pair(src, tgt), resolve, remote)));
  const byRemote = all.filter((s) => s.by === 'remote').map((s) => pairName(s.pair));
  const unserved = all.filter((s) => s.by === 'none').map((s) => pairName(s.pair));
  const notLocal = new Set([...byRemote, ...unserved]);
  const lines = HUB_GAPS.filter((g) => notLocal.has(pairName(g.pair))).map((g) => `${pairName(g.pair)} has no local model: ${g.reason}`);
  if (remote && byRemote.length > 0) lines.push(`served by the remote engine ${remoteName(remote)}: ${byRemote.join(', ')}`);
  if (unserved.length > 0) {
    const which = unserved.length === all.length ? 'every pair' : unserved.join(', ');
    lines.push(
      `unavailable (no local model or pivot, no remote engine): ${which}; set MT_REMOTE_URL to an OpenAI-compatible endpoint (Ollama, vLLM, llama.cpp) or copy model folders into ${modelsDir}`,
    );
  }
  return lines;
}
