/**
 * Two-leg translation through the registry and translateChain with the committed tiny models.
 * There is no tiny ja model: for the runnable pivot, the zh-cn_en-us model is linked into a
 * temporary MODELS_DIR under the name ja_en-us, so "ja" -> en-us -> zh-cn must give back the
 * Chinese numerals it started from.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MarianEngine } from '../src/engine/marian-engine';
import { ModelRegistry } from '../src/models/model-registry';
import { translateChain } from '../src/models/translate-chain';
import { readHeldout, testModelDir } from './support/model-folders';

const root = mkdtempSync(path.join(os.tmpdir(), 'mt-pivot-'));
const registries: ModelRegistry[] = [];

afterAll(async () => {
  await Promise.all(registries.map((r) => r.close()));
  rmSync(root, { recursive: true, force: true });
});

function registry(links: Record<string, string>): ModelRegistry {
  const dir = mkdtempSync(path.join(root, 'models-'));
  for (const [name, target] of Object.entries(links)) symlinkSync(target, path.join(dir, name), 'dir');
  const r = new ModelRegistry(dir, { threads: 1 });
  registries.push(r);
  return r;
}

describe('translateChain', () => {
  it('round-trips English numbers through Chinese and back', async () => {
    const there = await MarianEngine.load(testModelDir('en-us_zh-cn'), { threads: 1 });
    const back = await MarianEngine.load(testModelDir('zh-cn_en-us'), { threads: 1 });
    try {
      const sources = readHeldout('en-us_zh-cn').map((h) => h.source);
      const round = await translateChain([there, back], sources);
      const same = round.filter((r, i) => r === sources[i]).length;
      console.info(`en-us -> zh-cn -> en-us round trip: ${same}/${sources.length} unchanged`);
      expect(same / sources.length).toBeGreaterThanOrEqual(0.98);
    } finally {
      await Promise.all([there.dispose(), back.dispose()]);
    }
  });
});

describe('ModelRegistry.translate', () => {
  it('uses the direct model and names it in the engine field', async () => {
    const r = registry({ 'en-us_zh-cn': testModelDir('en-us_zh-cn') });
    const [h] = readHeldout('en-us_zh-cn');
    const result = await r.translate('en-us', 'zh-cn', [h!.source]);
    expect(result.kind).toBe('direct');
    expect(result.translations).toEqual([h!.target]);
    expect(result.engine).toMatch(/^local:en-us_zh-cn@[0-9a-f]{12}$/);
  });

  it('pivots through English when only the two legs exist', async () => {
    const r = registry({ 'ja_en-us': testModelDir('zh-cn_en-us'), 'en-us_zh-cn': testModelDir('en-us_zh-cn') });
    expect(r.resolvePair('ja', 'zh-cn').kind).toBe('pivot');
    const sources = readHeldout('zh-cn_en-us')
      .slice(0, 40)
      .map((h) => h.source);
    const result = await r.translate('ja', 'zh-cn', sources);
    expect(result.kind).toBe('pivot');
    expect(result.engine).toBe('pivot:ja>en-us>zh-cn');
    const same = result.translations.filter((t, i) => t === sources[i]).length;
    expect(same / sources.length).toBeGreaterThanOrEqual(0.95);
  });
});
