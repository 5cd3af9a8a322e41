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
});
