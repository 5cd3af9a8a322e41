/**
 * The request id (Settings: `x-request-id`): a well-formed id the client sent is answered back,
 * anything else is replaced by a new one, and the id goes with the work the request publishes:
 * the in-process MT worker translating an async text task reports its progress under it.
 */
import { BUS } from '@mtp/proto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models'), docWorker: false });
});
afterAll(async () => {
  await gw?.close();
});

const healthz = (headers: Record<string, string> = {}) => gw.app.inject({ method: 'GET', url: '/healthz', headers });

describe('x-request-id', () => {
  it("answers the client's well-formed id and replaces anything else with a new one", async () => {
    expect((await healthz({ 'x-request-id': 'abc.DEF-1_2' })).headers['x-request-id']).toBe('abc.DEF-1_2');
    for (const bad of ['two words', 'a'.repeat(65), 'x"}{', '']) {
      expect((await healthz({ 'x-request-id': bad })).headers['x-request-id']).toMatch(UUID);
    }
    const [a, b] = [await healthz(), await healthz()];
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
  });

  it('goes with the job of an async text task to the worker, whose progress comes back under it', async () => {
    const user = await gw.registeredUser('rid@example.com');
    const progress: { task: string; requestId?: string }[] = [];
    await gw.bus.subscribe<{ task_id: string }>(
      BUS.jobProgress.subject,
      (p, ctx) => void progress.push({ task: p.task_id, requestId: ctx.requestId }),
    );
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/v1.0/text/translate_async',
      headers: { authorization: `Bearer ${user.token}`, 'x-request-id': 'test-async-7' },
      payload: { text: 'hello world', src_lang: 'en-us', tgt_lang: 'zh-cn' },
    });
    expect(res.headers['x-request-id']).toBe('test-async-7');
    const { code, data } = res.json() as { code: number; data: { task_id: string } };
    expect(code).toBe(20000);
    await expect.poll(() => progress.find((p) => p.task === data.task_id), { timeout: 30_000 }).toBeDefined();
    expect(progress.find((p) => p.task === data.task_id)?.requestId).toBe('test-async-7');
  });
});
