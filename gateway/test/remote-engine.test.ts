/**
 * A pair no local model serves goes to the remote chat-completions engine: here a local fake
 * of that third-party endpoint (`fake-openai-server`), next to the tiny local models.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '@mtp/mt-worker/testing';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';

let fake: FakeOpenAiServer;
let gw: TestGateway;
beforeAll(async () => {
  fake = await startFakeOpenAiServer({ dictionary: { こんにちは: '안녕하세요' } });
  gw = await buildTestGateway({
    modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models'),
    remote: { baseUrl: fake.url, model: 'qwen-test', apiKey: 'secret', pairs: [{ src: 'ja', tgt: 'ko' }], timeoutMs: 5000, concurrency: 2 },
  });
});
afterAll(async () => {
  await gw?.close();
  await fake?.close();
});

describe('remote engine', () => {
  it('translates a pair with no local model through the remote endpoint, and keeps local pairs local', async () => {
    const remote = await gw.call<{ translated: string; engine: string }>('POST', 'try_translate', {
      body: { text: 'こんにちは', src_lang: 'ja', tgt_lang: 'ko' },
    });
    expect(remote.code).toBe(20000);
    expect(remote.data.translated).toBe('안녕하세요');
    expect(remote.data.engine).toContain('qwen-test');
    expect(fake.requests.length).toBe(1);

    const local = await gw.call<{ translated: string; engine: string }>('POST', 'try_translate', {
      body: { text: 'ten', src_lang: 'en-us', tgt_lang: 'zh-cn' },
    });
    expect(local.data).toMatchObject({ translated: '十' });
    expect(local.data.engine).toMatch(/^local:/);
    expect(fake.requests.length).toBe(1);
  });

  it('answers a failing engine with the message of its code only, in the caller’s language, nothing of the engine’s own', async () => {
    fake.behave({ failStatus: 500, failBody: 'CUDA out of memory at /srv/vllm/worker.py:311' });
    for (const [lang, message] of [
      ['en-US', 'Translation failed, please try again later'],
      ['zh-CN', '翻译失败，请稍后重试'],
    ] as const) {
      const failed = await gw.call('POST', 'try_translate', { lang, body: { text: 'ありがとう', src_lang: 'ja', tgt_lang: 'ko' } });
      expect(failed.code).toBe(50010);
      expect(failed.msg).toBe(message);
    }
    fake.behave({});
  });
});
