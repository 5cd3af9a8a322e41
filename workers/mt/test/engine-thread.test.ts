/**
 * The engine in its own worker thread (what the platform and the worker process run): the same
 * translations as the engine in this thread, errors that keep their class across the thread,
 * and a thread that ends on dispose and refuses work afterwards.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ThreadedEngine } from '../src/engine/engine-thread';
import { MarianEngine } from '../src/engine/marian-engine';
import { ModelFilesError } from '../src/errors';
import { ModelRegistry } from '../src/models/model-registry';
import { readHeldout, testModelDir } from './support/model-folders';

const root = mkdtempSync(path.join(os.tmpdir(), 'mt-engine-thread-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('ThreadedEngine', () => {
  it('translates exactly as the engine in this thread, with the same model version and settings', async () => {
    const sources = readHeldout('en-us_zh-cn').map((h) => h.source);
    const local = await MarianEngine.load(testModelDir('en-us_zh-cn'), { threads: 1, batchSize: 8 });
    const threaded = await ThreadedEngine.load(testModelDir('en-us_zh-cn'), { threads: 1, batchSize: 8 });
    try {
      expect(threaded.modelVersion).toBe(local.modelVersion);
      expect(threaded.info()).toEqual(local.info());
      // Two calls at once share the thread and each gets its own answers.
      const [all, few] = await Promise.all([threaded.translate(sources), threaded.translate(sources.slice(0, 3), { beams: 2 })]);
      expect(all).toEqual(await local.translate(sources));
      expect(few).toEqual(await local.translate(sources.slice(0, 3), { beams: 2 }));
    } finally {
      await Promise.all([local.dispose(), threaded.dispose()]);
    }
  });

  it('fails to load a broken folder with a ModelFilesError naming it', async () => {
    const broken = path.join(root, 'en-us_zh-cn');
    cpSync(testModelDir('en-us_zh-cn'), broken, { recursive: true });
    rmSync(path.join(broken, 'config.json'));
    const attempt = ThreadedEngine.load(broken);
    await expect(attempt).rejects.toBeInstanceOf(ModelFilesError);
    await expect(attempt).rejects.toMatchObject({ codeName: 'MODEL_INVALID', dir: broken });
  });

  it('ends its thread on dispose and refuses to translate afterwards', async () => {
    const engine = await ThreadedEngine.load(testModelDir('zh-cn_en-us'), { threads: 1 });
    expect(await engine.translate(['十'])).toEqual([expect.stringMatching(/^[a-z ]+$/)]);
    await engine.dispose();
    await expect(engine.translate(['十'])).rejects.toThrow(/engine thread exited/);
  });

  it('is what a registry with engine threads loads, and is loaded again when its thread has ended', async () => {
    const registry = new ModelRegistry(path.dirname(testModelDir('en-us_zh-cn')), { threads: 1 }, { engineThreads: true });
    try {
      const first = await registry.engine({ src: 'en-us', tgt: 'zh-cn' });
      expect(first).toBeInstanceOf(ThreadedEngine);
      expect((await registry.translate('en-us', 'zh-cn', ['ten'])).translations).toEqual(['十']);
      await first.dispose(); // as a crashed thread: it translates nothing more
      expect(first.alive).toBe(false);
      expect((await registry.translate('en-us', 'zh-cn', ['ten'])).translations).toEqual(['十']);
      expect(await registry.engine({ src: 'en-us', tgt: 'zh-cn' })).not.toBe(first);
    } finally {
      await registry.close();
    }
  });
});
