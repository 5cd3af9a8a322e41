/**
 * First start (`ensureDefaultModels`) against fake-hf-hub over real HTTP: the default set's
 * repos are mapped to the committed tiny models (the Russian ones left out, so the hub lacks
 * them), then an empty folder, a missing repo, MODELS_AUTO_PULL=0, a closed port, a hub that
 * never answers, a stalled transfer and a non-empty folder.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDefaultModels, type EnsureModelsOptions } from '../src/models/ensure-default-models';
import { ModelRegistry } from '../src/models/model-registry';
import { pairName, parsePairName } from '../src/models/pairs';
import type { RemoteSettings } from '../src/remote/remote-settings';
import { loadModelHubSettings, loadMtSettings } from '../src/settings';
import { startFakeHfHub, type FakeHub } from './support/fake-hf-hub';
import { makePlaceholderModel, testModelDir } from './support/model-folders';

const TEMPLATE = 'test-org/opus-mt-{src}-{tgt}';
const EN_ZH = testModelDir('en-us_zh-cn');
const ZH_EN = testModelDir('zh-cn_en-us');
/** The set's repos the fake hub has: the tiny models stand in for every language (no -ru repos). */
const REPOS = {
  'test-org/opus-mt-en-zh': EN_ZH,
  'test-org/opus-mt-zh-en': ZH_EN,
  'test-org/opus-mt-ja-en': ZH_EN,
  'test-org/opus-mt-en-jap': EN_ZH,
  'test-org/opus-mt-ko-en': ZH_EN,
};
const root = mkdtempSync(path.join(os.tmpdir(), 'mt-first-start-'));
const closers: (() => Promise<void>)[] = [];

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  rmSync(root, { recursive: true, force: true });
});

async function hub(options: { stall?: string[] } = {}): Promise<FakeHub> {
  const h = await startFakeHfHub({ repos: REPOS, ...options });
  closers.push(() => h.close());
  return h;
}

async function ensure(baseUrl: string, extra: Partial<EnsureModelsOptions> = {}) {
  const modelsDir = mkdtempSync(path.join(root, 'models-'));
  const lines: string[] = [];
  const result = await ensureDefaultModels({
    modelsDir,
    baseUrl,
    repoTemplate: TEMPLATE,
    autoPull: true,
    log: (line) => lines.push(line),
    ...extra,
  });
  return { result, modelsDir, log: lines.join('\n') };
}

/** Settings of a remote engine that is never called: only its pairs matter here. */
function remote(pairs: string[]): RemoteSettings {
  return { baseUrl: 'http://127.0.0.1:9', model: 'test-llm', pairs: pairs.map((p) => parsePairName(p)!), timeoutMs: 1000, concurrency: 1 };
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('ensureDefaultModels', () => {
  it('fills an empty folder with the default pairs the hub has, and names the ones it lacks', async () => {
    const h = await hub();
    const modelsDir = mkdtempSync(path.join(root, 'models-'));
    mkdirSync(path.join(modelsDir, '.pull-left-by-a-killed-pull'));
    const lines: string[] = [];
    const result = await ensureDefaultModels({
      modelsDir,
      baseUrl: h.url,
      repoTemplate: TEMPLATE,
      autoPull: true,
      log: (l) => lines.push(l),
    });

    expect(result.outcome).toBe('pulled');
    expect(result.pulled.map((p) => pairName(p.pair))).toEqual(['en-us_zh-cn', 'zh-cn_en-us', 'ja_en-us', 'en-us_ja', 'ko_en-us']);
    // en-us_ja comes from OPUS's `en-jap` repo: there is no `opus-mt-en-ja`.
    expect(result.pulled.find((p) => pairName(p.pair) === 'en-us_ja')?.repo).toBe('test-org/opus-mt-en-jap');
    expect(h.requests).not.toContain('/test-org/opus-mt-en-ja/resolve/main/config.json');
    expect(result.notOnHub).toEqual([
      { pair: { src: 'en-us', tgt: 'ru' }, repo: 'test-org/opus-mt-en-ru' },
      { pair: { src: 'ru', tgt: 'en-us' }, repo: 'test-org/opus-mt-ru-en' },
    ]);
    expect(result.failed).toEqual([]);
    expect(
      readdirSync(modelsDir)
        .filter((n) => !n.startsWith('.'))
        .sort(),
    ).toEqual(['en-us_ja', 'en-us_zh-cn', 'ja_en-us', 'ko_en-us', 'zh-cn_en-us']);
    expect(new ModelRegistry(modelsDir).listInstalled().map((m) => m.problem)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const log = lines.join('\n');
    expect(log).toContain(`models: pulled en-us_ja from test-org/opus-mt-en-jap`);
    expect(log).toContain(`models: en-us_ru: test-org/opus-mt-en-ru is not on ${h.url}`);
    expect(result.instructions.join('\n')).toContain(`ru_en-us: test-org/opus-mt-ru-en is not on ${h.url}`);
  });

  it('says what serves the pairs without a local model: the remote engine where configured, else nothing', async () => {
    const h = await hub();
    const { result } = await ensure(h.url, { remote: remote(['en-us_ru', 'ru_en-us', 'zh-cn_ru']) });
    const coverage = result.coverage.join('\n');
    expect(coverage).toContain('en-us_ko has no local model: the hub has no OPUS-MT English->Korean ONNX export');
    expect(coverage).toContain('served by the remote engine remote:127.0.0.1:9/test-llm: zh-cn_ru, en-us_ru, ru_en-us');
    expect(coverage).toMatch(
      /unavailable \(no local model or pivot, no remote engine\): zh-cn_ko, en-us_ko, ja_ko, ja_ru, ko_ru, ru_zh-cn, ru_ja, ru_ko;/,
    );
    // The pivots through English count as served: ja -> zh-cn is ja_en-us + en-us_zh-cn.
    expect(coverage).not.toContain('ja_zh-cn');
  });

  it('pulls nothing with MODELS_AUTO_PULL=0 and says how to add the models', async () => {
    const h = await hub();
    const settings = loadModelHubSettings({ MODELS_AUTO_PULL: '0', MODELS_BASE_URL: h.url, MODELS_REPO_TEMPLATE: TEMPLATE });
    expect(settings.autoPull).toBe(false);
    const { result, modelsDir, log } = await ensure(settings.baseUrl, { autoPull: settings.autoPull });
    expect(result.outcome).toBe('disabled');
    expect(h.requests).toEqual([]);
    expect(readdirSync(modelsDir)).toEqual([]);
    expect(log).toContain('MODELS_AUTO_PULL=0');
    expect(result.instructions).toContain(
      `MODELS_DIR=${modelsDir} MODELS_BASE_URL=${h.url} MODELS_REPO_TEMPLATE='${TEMPLATE}' npm run models -- pull en-us_zh-cn`,
    );
    expect(result.instructions.join('\n')).not.toContain('start again');
    expect(loadMtSettings({}).modelsAutoPull).toBe(true);
    expect(() => loadModelHubSettings({ MODELS_AUTO_PULL: 'no' })).toThrow(/MODELS_AUTO_PULL must be 0 or 1/);
  });

  it('starts at once when the hub does not answer (closed port): instructions, no folders', async () => {
    const base = `http://127.0.0.1:${await closedPort()}`;
    const { result, modelsDir, log } = await ensure(base);
    expect(result.outcome).toBe('unreachable');
    expect(log).toContain(`models: cannot reach ${base}: ECONNREFUSED`);
    const instructions = result.instructions.join('\n');
    for (const pair of ['en-us_zh-cn', 'zh-cn_en-us', 'ja_en-us', 'en-us_ja', 'ko_en-us', 'en-us_ru', 'ru_en-us']) {
      expect(instructions).toContain(`npm run models -- pull ${pair}\n`);
    }
    expect(instructions).toContain('start again once the hub answers');
    expect(instructions).toContain('MODELS_BASE_URL to a mirror');
    expect(instructions).toContain(`copy model folders named <src>_<tgt> (en-us_zh-cn, ...) into ${modelsDir}`);
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('gives up on a hub that accepts the connection but never answers', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const base = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const { result, modelsDir, log } = await ensure(base, { probeTimeoutMs: 200 });
    expect(result.outcome).toBe('unreachable');
    expect(log).toContain(`models: cannot reach ${base}: no answer within 0.2 s`);
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('stops at a stalled transfer, keeps nothing of it, and lists every pair still to pull', async () => {
    const h = await hub({ stall: ['onnx/decoder_model_merged.onnx'] });
    const { result, modelsDir, log } = await ensure(h.url, { idleTimeoutMs: 300 });
    expect(result.pulled).toEqual([]);
    expect(result.failed.map((f) => pairName(f.pair))).toEqual(['en-us_zh-cn']);
    expect(log).toContain('broke off: no data for 0.3 s');
    expect(result.instructions.filter((l) => l.includes('npm run models -- pull ')).length).toBe(7);
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('pulls nothing into a folder that already has something', async () => {
    const h = await hub();
    const modelsDir = mkdtempSync(path.join(root, 'models-'));
    makePlaceholderModel(path.join(modelsDir, 'en-us_zh-cn'));
    const result = await ensureDefaultModels({ modelsDir, baseUrl: h.url, repoTemplate: TEMPLATE, autoPull: true });
    expect(result.outcome).toBe('not-empty');
    expect(h.requests).toEqual([]);
    expect(readdirSync(modelsDir)).toEqual(['en-us_zh-cn']);
    expect(result.instructions).toEqual([]);
  });
});
