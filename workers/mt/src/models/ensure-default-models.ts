/**
 * First start: when MODELS_DIR is empty (hidden entries aside) and the hub answers, pull the
 * default set (default-set.ts) with a progress bar before the worker loads the folder. Both hosts
 * of the MT worker call it: `npm start` (gateway/src/main.ts) and `workers/mt/src/main.ts`.
 *
 * The hub is probed first with a short timeout, so an offline machine starts at once and is told
 * exactly what to do instead. A pull that fails leaves nothing behind (pull-model.ts installs a
 * pair by an atomic rename) and never stops the start: this function does not throw for it.
 */
import { readdirSync } from 'node:fs';
import { ModelDownloadError } from '../errors';
import type { RemoteSettings } from '../remote/remote-settings';
import { DEFAULT_BASE_URL, DEFAULT_REPO_TEMPLATE } from '../settings';
import { coverageLines, DEFAULT_MODELS } from './default-set';
import { HubClient } from './hub-client';
import { ModelRegistry } from './model-registry';
import { pairName, type Pair } from './pairs';
import { pullModel, repoFor, type Variant } from './pull-model';
import { createPullProgress, formatBytes } from './pull-progress';

/** A hub that has not answered within 5 s will not deliver gigabytes either: start without it. */
export const HUB_PROBE_TIMEOUT_MS = 5_000;
/** A transfer silent for 30 s has stalled (a CDN pauses for seconds, not this long). */
export const PULL_IDLE_TIMEOUT_MS = 30_000;

export type EnsureModelsOptions = {
  modelsDir: string;
  /** MODELS_BASE_URL, MODELS_REPO_TEMPLATE, MODELS_AUTO_PULL and HF_TOKEN (loadModelHubSettings). */
  baseUrl: string;
  repoTemplate: string;
  autoPull: boolean;
  token?: string;
  /** `quantized` pulls the int8 files (MT_QUANTIZED=1); default fp32, as `npm run models -- pull`. */
  variant?: Variant;
  /** The remote engine, to say which pairs it serves where no local model does. */
  remote?: RemoteSettings | null;
  log?: (line: string) => void;
  /** Where the progress bar is drawn (a terminal); none: no bar. */
  progress?: NodeJS.WritableStream | null;
  probeTimeoutMs?: number;
  idleTimeoutMs?: number;
};

export type EnsureModelsResult = {
  outcome: 'not-empty' | 'disabled' | 'unreachable' | 'pulled';
  pulled: { pair: Pair; repo: string; bytes: number }[];
  /** Pairs of the set whose repo the hub does not have. */
  notOnHub: { pair: Pair; repo: string }[];
  failed: { pair: Pair; repo: string; error: string }[];
  /** What to run or copy to complete the set; empty when nothing is missing or the folder was not empty. */
  instructions: string[];
  /** Pairs no local model serves, and what serves them instead (default-set.ts). */
  coverage: string[];
};

/** Hidden entries (a `.pull-*` folder a killed pull left) do not make the folder non-empty. */
function isEmpty(dir: string): boolean {
  try {
    return readdirSync(dir).every((name) => name.startsWith('.'));
  } catch (err) {
    // Missing: empty (pullModel creates it). Unreadable: leave it alone; the registry reports it.
    return (err as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

/** `restartFills`: the folder is still empty, so the next start pulls again by itself. */
function instructionsFor(
  opts: EnsureModelsOptions,
  pending: Pair[],
  notOnHub: { pair: Pair; repo: string }[],
  restartFills: boolean,
): string[] {
  const env = [`MODELS_DIR=${shellQuote(opts.modelsDir)}`];
  if (opts.baseUrl !== DEFAULT_BASE_URL) env.push(`MODELS_BASE_URL=${shellQuote(opts.baseUrl)}`);
  if (opts.repoTemplate !== DEFAULT_REPO_TEMPLATE) env.push(`MODELS_REPO_TEMPLATE=${shellQuote(opts.repoTemplate)}`);
  const lines = pending.map((p) => `${env.join(' ')} npm run models -- pull ${pairName(p)}`);
  for (const { pair, repo } of notOnHub) {
    const name = pairName(pair);
    lines.push(
      `${name}: ${repo} is not on ${opts.baseUrl}; pull it from a repo that has it: ${env.join(' ')} npm run models -- pull ${name} --repo owner/name`,
    );
  }
  if (pending.length > 0) {
    if (restartFills) lines.push('or start again once the hub answers: an empty MODELS_DIR is filled at start');
    lines.push('or set MODELS_BASE_URL to a mirror with the same /{repo}/resolve/main/{file} paths (e.g. https://hf-mirror.com)');
  }
  lines.push(
    `or copy model folders named <src>_<tgt> (en-us_zh-cn, ...) into ${opts.modelsDir} (the tiny test models show the pipeline: MODELS_DIR=workers/mt/test-models/models npm start)`,
  );
  return lines;
}

export async function ensureDefaultModels(opts: EnsureModelsOptions): Promise<EnsureModelsResult> {
  const say = (line: string) => opts.log?.(`models: ${line}`);
  const result: EnsureModelsResult = { outcome: 'pulled', pulled: [], notOnHub: [], failed: [], instructions: [], coverage: [] };
  const finish = (outcome: EnsureModelsResult['outcome'], pending: Pair[]) => {
    result.outcome = outcome;
    if (pending.length > 0 || result.notOnHub.length > 0) {
      const restartFills = opts.autoPull && result.pulled.length === 0;
      result.instructions = instructionsFor(opts, pending, result.notOnHub, restartFills);
    }
    for (const line of result.instructions) say(`  ${line}`);
    const registry = new ModelRegistry(opts.modelsDir);
    result.coverage = coverageLines((src, tgt) => registry.resolvePair(src, tgt), opts.remote ?? null, opts.modelsDir);
    for (const line of result.coverage) say(line);
    return result;
  };

  if (!isEmpty(opts.modelsDir)) return finish('not-empty', []);
  if (!opts.autoPull) {
    say(`MODELS_AUTO_PULL=0: ${opts.modelsDir} is empty and stays so; to add the default set:`);
    return finish('disabled', [...DEFAULT_MODELS]);
  }

  const first = repoFor(DEFAULT_MODELS[0]!, opts.repoTemplate);
  try {
    await new HubClient({ baseUrl: opts.baseUrl, repo: first, token: opts.token }).probe(
      'config.json',
      opts.probeTimeoutMs ?? HUB_PROBE_TIMEOUT_MS,
    );
  } catch (err) {
    const why = err instanceof ModelDownloadError ? err.message.replace(/; copy the model folder.*$/, '') : String(err);
    say(`${why}: starting without translation models. To add the default set:`);
    return finish('unreachable', [...DEFAULT_MODELS]);
  }

  const size = opts.variant === 'quantized' ? 'about 0.9 GB' : 'about 3 GB';
  say(`${opts.modelsDir} is empty: pulling the default set (${DEFAULT_MODELS.length} pairs, ${size}) from ${opts.baseUrl}`);
  const retry: Pair[] = [];
  for (const [i, pair] of DEFAULT_MODELS.entries()) {
    const name = pairName(pair);
    const repo = repoFor(pair, opts.repoTemplate);
    const progress = createPullProgress(opts.progress, `${name} (${i + 1}/${DEFAULT_MODELS.length}) `);
    try {
      const pulled = await pullModel({
        pair,
        modelsDir: opts.modelsDir,
        baseUrl: opts.baseUrl,
        repoTemplate: opts.repoTemplate,
        variant: opts.variant,
        token: opts.token,
        idleTimeoutMs: opts.idleTimeoutMs ?? PULL_IDLE_TIMEOUT_MS,
        onProgress: progress.onProgress,
      });
      progress.stop();
      const bytes = pulled.files.reduce((sum, f) => sum + f.bytes, 0);
      result.pulled.push({ pair, repo, bytes });
      say(`pulled ${name} from ${repo} (${formatBytes(bytes)})`);
    } catch (err) {
      progress.stop();
      const message = err instanceof Error ? err.message : String(err);
      const reason = err instanceof ModelDownloadError ? err.reason : 'failed';
      if (reason === 'not-found') {
        result.notOnHub.push({ pair, repo });
        say(`${name}: ${repo} is not on ${opts.baseUrl}`);
      } else {
        result.failed.push({ pair, repo, error: message });
        retry.push(pair);
        say(`${name} not installed (nothing of it was kept): ${message}`);
        // Later pulls would wait on the same silent hub: stop here and say what is left.
        if (reason === 'unreachable') return finish('pulled', [...retry, ...DEFAULT_MODELS.slice(i + 1)]);
      }
    }
  }
  return finish('pulled', retry);
}
