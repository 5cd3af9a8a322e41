import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PairUnavailableError } from '../src/errors';
import { ModelRegistry } from '../src/models/model-registry';
import { loadMtSettings } from '../src/settings';
import { makePlaceholderModel } from './support/model-folders';

const root = mkdtempSync(path.join(os.tmpdir(), 'mt-registry-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function registryWith(pairs: string[]): ModelRegistry {
  const dir = mkdtempSync(path.join(root, 'models-'));
  for (const p of pairs) makePlaceholderModel(path.join(dir, p));
  return new ModelRegistry(dir);
}

describe('ModelRegistry', () => {
  it('lists pair folders, ignoring other names, and reports unusable ones', () => {
    const registry = registryWith(['en-us_zh-cn', 'zh-cn_en-us']);
    mkdirSync(path.join(registry.modelsDir, 'ja_en-us'));
    mkdirSync(path.join(registry.modelsDir, 'opus-mt-en-de'));
    mkdirSync(path.join(registry.modelsDir, '.pull-ko_en-us-1234'));
    const installed = registry.listInstalled();
    expect(installed.map((m) => m.name)).toEqual(['en-us_zh-cn', 'ja_en-us', 'zh-cn_en-us']);
    expect(installed.find((m) => m.name === 'ja_en-us')?.problem).toMatch(/model folder not found|missing config\.json/);
    expect(registry.listPairs()).toEqual([
      { src: 'en-us', tgt: 'zh-cn' },
      { src: 'zh-cn', tgt: 'en-us' },
    ]);
  });

  it('resolves a direct model first', () => {
    const registry = registryWith(['en-us_zh-cn', 'ja_en-us', 'ja_zh-cn']);
    expect(registry.resolvePair('ja', 'zh-cn')).toEqual({ kind: 'direct', legs: [{ src: 'ja', tgt: 'zh-cn' }] });
  });

  it('pivots through English when both legs exist', () => {
    const registry = registryWith(['ja_en-us', 'en-us_zh-cn', 'ru_en-us']);
    expect(registry.resolvePair('ja', 'zh-cn')).toEqual({
      kind: 'pivot',
      legs: [
        { src: 'ja', tgt: 'en-us' },
        { src: 'en-us', tgt: 'zh-cn' },
      ],
    });
    expect(registry.resolvePair('ru', 'zh-cn').kind).toBe('pivot');
  });

  it('answers unavailable when a leg is missing, for English itself, and for the same language', () => {
    const registry = registryWith(['ja_en-us', 'zh-cn_en-us']);
    expect(registry.resolvePair('ja', 'zh-cn')).toEqual({ kind: 'unavailable', legs: [] });
    expect(registry.resolvePair('en-us', 'ja')).toEqual({ kind: 'unavailable', legs: [] });
    expect(registry.resolvePair('ja', 'ja')).toEqual({ kind: 'unavailable', legs: [] });
  });

  it('answers an unavailable pair with PAIR_UNAVAILABLE naming the pair, never a translation', async () => {
    const registry = registryWith(['ja_en-us']);
    const attempt = registry.translate('ko', 'ru', ['안녕하세요']);
    await expect(attempt).rejects.toBeInstanceOf(PairUnavailableError);
    await expect(attempt).rejects.toMatchObject({ codeName: 'PAIR_UNAVAILABLE', message: expect.stringContaining('ko -> ru') });
    await expect(registry.translate('ja', 'ja', ['x'])).rejects.toThrow(/same language/);
  });

  it('takes MODELS_DIR and the engine settings from the environment', () => {
    const registry = ModelRegistry.fromSettings(loadMtSettings({ MODELS_DIR: root, MT_THREADS: '3' }));
    expect(registry.modelsDir).toBe(root);
    expect(() => loadMtSettings({ MT_THREADS: 'many' })).toThrow(/MT_THREADS must be an integer/);
    expect(() => loadMtSettings({ MT_PROVIDER: 'tpu' })).toThrow(/MT_PROVIDER must be auto, cpu or cuda/);
    expect([loadMtSettings({}).spin, loadMtSettings({ MT_SPIN: '1' }).spin]).toEqual([false, true]);
    expect(() => loadMtSettings({ MT_SPIN: 'yes' })).toThrow(/MT_SPIN must be 0 or 1/);
    expect(loadMtSettings({ DATA_DIR: '/srv/mtp' }).modelsDir).toBe('/srv/mtp/models');
  });

  it('answers an empty list for a models directory that does not exist yet', () => {
    expect(new ModelRegistry(path.join(root, 'absent')).listPairs()).toEqual([]);
  });
});
