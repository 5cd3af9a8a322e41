/**
 * `npm run models`: pull from fake-hf-hub (a local stand-in for the Hugging Face hub serving the
 * committed tiny model), checksum failures that leave nothing behind, an unreachable hub, list
 * and remove. The pulled folder is then loaded by the real engine.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarianEngine } from '../src/engine/marian-engine';
import { runModelsCli } from '../src/models/models-cli';
import { startFakeHfHub, type FakeHub } from './support/fake-hf-hub';
import { readHeldout, testModelDir } from './support/model-folders';

const REPO_TEMPLATE = 'test-org/tiny-opus-mt-{src}-{tgt}';
const root = mkdtempSync(path.join(os.tmpdir(), 'mt-cli-'));
const hubs: FakeHub[] = [];

async function hub(options: { corrupt?: string[]; hide?: string[] } = {}): Promise<FakeHub> {
  const h = await startFakeHfHub({ repos: { 'test-org/tiny-opus-mt-en-zh': testModelDir('en-us_zh-cn') }, ...options });
  hubs.push(h);
  return h;
}

async function cli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const code = await runModelsCli(args, { env: { MODELS_REPO_TEMPLATE: REPO_TEMPLATE, ...env }, stdout, stderr });
  return { code, out, err };
}

function freshModelsDir(): string {
  return mkdtempSync(path.join(root, 'models-'));
}

beforeAll(() => {
  if (!existsSync(testModelDir('en-us_zh-cn'))) throw new Error(`test model missing: ${testModelDir('en-us_zh-cn')}`);
});

afterAll(async () => {
  await Promise.all(hubs.map((h) => h.close()));
  rmSync(root, { recursive: true, force: true });
});

describe('models pull', () => {
  it('downloads a pair, verifies it with checksums.sha256, installs it atomically, and the engine loads it', async () => {
    const h = await hub();
    const modelsDir = freshModelsDir();
    const { code, out, err } = await cli(['pull', 'en-us_zh-cn'], { MODELS_DIR: modelsDir, MODELS_BASE_URL: h.url });
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/onnx\/encoder_model\.onnx .* verified: checksums\.sha256/);
    expect(out).toMatch(/onnx\/decoder_model_merged\.onnx .* verified: checksums\.sha256/);
    expect(out).toContain('installed en-us_zh-cn from test-org/tiny-opus-mt-en-zh');
    expect(readdirSync(modelsDir)).toEqual(['en-us_zh-cn']);
    expect(h.requests).toContain('/test-org/tiny-opus-mt-en-zh/resolve/main/config.json');

    const engine = await MarianEngine.load(path.join(modelsDir, 'en-us_zh-cn'));
    const [example] = readHeldout('en-us_zh-cn');
    expect(await engine.translate([example!.source])).toEqual([example!.target]);
    await engine.dispose();
  });

  it('without checksums.sha256 verifies LFS files by x-linked-etag and small files by their git blob sha1', async () => {
    const h = await hub({ hide: ['checksums.sha256'] });
    const { code, out } = await cli(['pull', 'en-us_zh-cn'], { MODELS_DIR: freshModelsDir(), MODELS_BASE_URL: h.url });
    expect(code).toBe(0);
    expect(out).toMatch(/onnx\/decoder_model_merged\.onnx .* verified: sha256 \(x-linked-etag\)/);
    expect(out).toMatch(/config\.json .* verified: git blob sha1 \(etag\)/);
    expect(out).not.toContain('none offered');
  });

  it('fails on a corrupted file and leaves nothing behind', async () => {
    for (const [file, hide] of [
      ['onnx/decoder_model_merged.onnx', []],
      ['onnx/encoder_model.onnx', ['checksums.sha256']],
      ['tokenizer.json', ['checksums.sha256']],
    ] as const) {
      const h = await hub({ corrupt: [file], hide: [...hide] });
      const modelsDir = freshModelsDir();
      const { code, err } = await cli(['pull', 'en-us_zh-cn'], { MODELS_DIR: modelsDir, MODELS_BASE_URL: h.url });
      expect(code).toBe(1);
      expect(err).toContain(`checksum mismatch for ${file}`);
      expect(readdirSync(modelsDir)).toEqual([]);
    }
  });

  it('says clearly when the hub cannot be reached', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const modelsDir = freshModelsDir();
    const base = `http://127.0.0.1:${port}`;
    const { code, err } = await cli(['pull', 'zh-cn_en-us'], { MODELS_DIR: modelsDir, MODELS_BASE_URL: base });
    expect(code).toBe(1);
    expect(err).toContain(`cannot reach ${base}: ECONNREFUSED`);
    expect(err).toContain('copy the model folder into MODELS_DIR instead');
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('names a repo the hub does not have, and refuses to overwrite an installed pair without --force', async () => {
    const h = await hub();
    const modelsDir = freshModelsDir();
    const missing = await cli(['pull', 'ja_en-us'], { MODELS_DIR: modelsDir, MODELS_BASE_URL: h.url });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('test-org/tiny-opus-mt-ja-en');
    expect(readdirSync(modelsDir)).toEqual([]);

    const env = { MODELS_DIR: modelsDir, MODELS_BASE_URL: h.url };
    expect((await cli(['pull', 'en-us_zh-cn'], env)).code).toBe(0);
    const again = await cli(['pull', 'en-us_zh-cn'], env);
    expect(again.code).toBe(1);
    expect(again.err).toContain('already installed');
    expect((await cli(['pull', 'en-us_zh-cn', '--force'], env)).code).toBe(0);
    expect(readdirSync(modelsDir)).toEqual(['en-us_zh-cn']);
  });
});

describe('models list / remove', () => {
  it('lists installed pairs and removes one', async () => {
    const h = await hub();
    const modelsDir = freshModelsDir();
    const env = { MODELS_DIR: modelsDir, MODELS_BASE_URL: h.url };
    expect((await cli(['list'], env)).out).toContain('no models installed');
    await cli(['pull', 'en-us_zh-cn'], env);
    expect((await cli(['list'], env)).out).toMatch(/en-us_zh-cn\s+ok/);
    const removed = await cli(['remove', 'en-us_zh-cn'], env);
    expect(removed.code).toBe(0);
    expect(readdirSync(modelsDir)).toEqual([]);
    const again = await cli(['remove', 'en-us_zh-cn'], env);
    expect(again.code).toBe(1);
    expect(again.err).toContain('en-us_zh-cn is not installed');
  });

  it('answers bad usage with the usage text and exit code 2', async () => {
    const bad = await cli(['pull', 'english_chinese'], { MODELS_DIR: freshModelsDir() });
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('usage: npm run models');
    expect((await cli([], {})).code).toBe(2);
  });
});
