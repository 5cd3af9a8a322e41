/**
 * `models pull <pair>`: downloads a model folder from a Hugging Face-compatible hub into a
 * temporary folder beside MODELS_DIR/<pair>, verifies every file it can (the repo's
 * `checksums.sha256`, else the checksum the hub offers per file), checks that the engine finds
 * what it needs, and only then renames the folder into place. Any failure removes the
 * temporary folder, so MODELS_DIR never holds half a model.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { findModelFiles } from '../engine/model-files';
import { ModelDownloadError, MtError } from '../errors';
import { HubClient, type FetchedFile } from './hub-client';
import { repoCodes } from './default-set';
import { pairName, type Pair } from './pairs';

export type Variant = 'fp32' | 'quantized' | 'all';

export type PullOptions = {
  pair: Pair;
  modelsDir: string;
  baseUrl: string;
  /** `{src}`/`{tgt}` are replaced by OPUS codes (zh, en, ja, ko, ru; `jap` for en-us_ja). */
  repoTemplate: string;
  /** A repo for this pull only, instead of the template's. */
  repo?: string;
  variant?: Variant;
  /** Replace an installed folder. */
  force?: boolean;
  token?: string;
  onProgress?: (file: string, done: number, total: number) => void;
  onFile?: (result: PulledFile) => void;
  /** Give up on a request that gets no answer or data for this long; none: wait. */
  idleTimeoutMs?: number;
};

export type Verification = 'checksums.sha256' | 'sha256 (x-linked-etag)' | 'sha256 (etag)' | 'git blob sha1 (etag)' | 'none offered';

export type PulledFile = { file: string; bytes: number; verified: Verification };

export type PullResult = { dir: string; repo: string; files: PulledFile[] };

const METADATA_FILES = [
  'config.json',
  'generation_config.json',
  'tokenizer.json',
  'tokenizer_config.json',
  'special_tokens_map.json',
  'source.spm',
  'target.spm',
  'vocab.json',
];
const ONNX_BASES = ['onnx/encoder_model', 'onnx/decoder_model_merged'];

export function repoFor(pair: Pair, template: string): string {
  const codes = repoCodes(pair);
  return template.replaceAll('{src}', codes.src).replaceAll('{tgt}', codes.tgt);
}

function onnxFiles(variant: Variant): string[] {
  const suffixes = variant === 'fp32' ? [''] : variant === 'quantized' ? ['_quantized'] : ['', '_quantized'];
  return ONNX_BASES.flatMap((base) => suffixes.map((s) => `${base}${s}.onnx`));
}

/** `sha256sum` output: `<hex>  <path>` (a `*` marks binary mode; `./` prefixes are dropped). */
export function parseChecksums(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([0-9a-fA-F]{64})\s+\*?(?:\.\/)?(.+?)\s*$/.exec(line);
    if (m) out.set(m[2]!, m[1]!.toLowerCase());
  }
  return out;
}

function verify(fetched: FetchedFile, listed: Map<string, string> | undefined): Verification {
  const mismatch = (what: string, expected: string, got: string) =>
    new ModelDownloadError(`checksum mismatch for ${fetched.file}: ${what} expected ${expected}, got ${got}`);
  if (fetched.size !== undefined && fetched.size !== fetched.bytes) {
    throw new ModelDownloadError(`size mismatch for ${fetched.file}: expected ${fetched.size} bytes, got ${fetched.bytes}`);
  }
  const expected = listed?.get(fetched.file);
  if (expected) {
    if (expected !== fetched.sha256) throw mismatch('sha256 (checksums.sha256)', expected, fetched.sha256);
    return 'checksums.sha256';
  }
  const offered = fetched.offered;
  if (!offered) return 'none offered';
  if (offered.algorithm === 'sha256') {
    if (offered.hex !== fetched.sha256) throw mismatch(`sha256 (${offered.source})`, offered.hex, fetched.sha256);
    return offered.source === 'x-linked-etag' ? 'sha256 (x-linked-etag)' : 'sha256 (etag)';
  }
  if (!fetched.gitSha1) return 'none offered';
  if (offered.hex !== fetched.gitSha1) throw mismatch('git blob sha1 (etag)', offered.hex, fetched.gitSha1);
  return 'git blob sha1 (etag)';
}

export async function pullModel(options: PullOptions): Promise<PullResult> {
  const name = pairName(options.pair);
  const finalDir = path.join(options.modelsDir, name);
  if (existsSync(finalDir) && !options.force) {
    throw new ModelDownloadError(`${name} is already installed in ${finalDir}; pass --force to replace it`);
  }
  const repo = options.repo ?? repoFor(options.pair, options.repoTemplate);
  const hub = new HubClient({
    baseUrl: options.baseUrl,
    repo,
    token: options.token,
    onProgress: options.onProgress,
    idleTimeoutMs: options.idleTimeoutMs,
  });
  await mkdir(options.modelsDir, { recursive: true });
  // Same filesystem as the final folder, so the last step is an atomic rename.
  const tmpDir = path.join(options.modelsDir, `.pull-${name}-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(tmpDir);
    const checksums = await hub.download('checksums.sha256', tmpDir);
    const listed = checksums ? parseChecksums(await readFile(path.join(tmpDir, 'checksums.sha256'), 'utf8')) : undefined;
    const files: PulledFile[] = [];
    for (const file of [...METADATA_FILES, ...onnxFiles(options.variant ?? 'fp32')]) {
      const fetched = await hub.download(file, tmpDir);
      if (!fetched) {
        if (file === 'config.json')
          throw new ModelDownloadError(`${hub.urlOf(file)} not found: is ${repo} a model repo on ${options.baseUrl}?`, {
            reason: 'not-found',
          });
        continue;
      }
      const result = { file, bytes: fetched.bytes, verified: verify(fetched, listed) };
      files.push(result);
      options.onFile?.(result);
    }
    try {
      findModelFiles(tmpDir, { quantized: options.variant === 'quantized' });
    } catch (err) {
      const detail = err instanceof MtError ? err.message.replace(` (model folder ${tmpDir})`, '') : String(err);
      throw new ModelDownloadError(`${repo} is not a usable ONNX Marian export: ${detail}`, { cause: err });
    }
    if (existsSync(finalDir)) {
      const oldDir = `${tmpDir}-old`;
      await rename(finalDir, oldDir);
      await rename(tmpDir, finalDir);
      await rm(oldDir, { recursive: true, force: true });
    } else {
      await rename(tmpDir, finalDir);
    }
    return { dir: finalDir, repo, files };
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}
