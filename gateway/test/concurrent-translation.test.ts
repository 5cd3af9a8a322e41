/**
 * 200 concurrent translations through the gateway against a balance that covers only some of
 * them, with some failing in the engine: the ledger never overdraws, charges each success once
 * and refunds every failure.
 */
import { findReservation, grantPackage, grantPlan } from '@mtp/billing';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '@mtp/mt-worker/testing';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';

let fake: FakeOpenAiServer;
let gw: TestGateway;
beforeAll(async () => {
  // The remote engine serves ja→ko and fails every request: those translations must be refunded.
  fake = await startFakeOpenAiServer({ failStatus: 500, failBody: 'model crashed' });
  gw = await buildTestGateway({
    modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models'),
    remote: { baseUrl: fake.url, model: 'broken', pairs: [{ src: 'ja', tgt: 'ko' }], timeoutMs: 5000, concurrency: 4 },
  });
});
afterAll(async () => {
  await gw?.close();
  await fake?.close();
});

describe('200 concurrent translations', () => {
  it('never overdraw, never double-charge, refund failures and use packages before the plan', async () => {
    const tokens = await gw.registerUser('busy@example.com');
    const { rows } = await gw.db.query<{ user_id: number }>("SELECT user_id FROM users WHERE account = 'busy@example.com'");
    const userId = rows[0]!.user_id;
    await grantPlan(gw.db, { userId, sku: 'standard-m' });
    await grantPackage(gw.db, { userId, sku: '5M_char-y' });
    // Spend the plan down so that what is left covers only part of the load below.
    const remaining = async () =>
      (
        await gw.call<{ total_left: number; packages_left: number; plan_left: number }>('GET', 'user/remaining_str', {
          token: tokens.access_token,
        })
      ).data;
    const start = await remaining();
    const { reserve } = await import('@mtp/billing');
    await reserve(gw.db, { userId, taskId: 'spend-down', chars: start.total_left - 60_000 });
    const before = await remaining();
    expect(before.total_left).toBe(60_000);
    expect(before.packages_left).toBe(0); // the package went first

    const good = 'one hundred and five\n'.repeat(48).trimEnd(); // 1007 characters
    const bad = 'こんにちは、世界'.repeat(10);
    const requests = Array.from({ length: 200 }, (_, i) =>
      gw.call<{ chars: number }>('POST', 'text/translate', {
        token: tokens.access_token,
        body: i % 10 === 0 ? { text: bad, src_lang: 'ja', tgt_lang: 'ko' } : { text: good, src_lang: 'en-us', tgt_lang: 'zh-cn' },
      }),
    );
    const answers = await Promise.all(requests);
    const codes = answers.map((a) => a.code);
    const ok = answers.filter((a) => a.code === 20000);
    expect(new Set(codes)).toEqual(new Set([20000, 41005, 50010]));
    // Engine failures happen only to requests that got their characters reserved first.
    const failed = codes.filter((c) => c === 50010).length;
    expect(failed).toBeGreaterThan(0);
    const charged = ok.reduce((n, a) => n + a.data.chars, 0);

    const after = await remaining();
    expect(after.total_left).toBeGreaterThanOrEqual(0);
    // Exactly what succeeded was charged, once; failures and refusals cost nothing.
    expect(before.total_left - after.total_left).toBe(charged);
    // What is left could not pay for one more translation when the last one was refused, except
    // for what engine failures handed back after that (their reservations are refunded later).
    expect(after.total_left).toBeLessThan(good.length + failed * [...bad].length);

    const { rows: states } = await gw.db.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM quota_reservations WHERE user_id = $1 AND task_id <> 'spend-down' GROUP BY state`,
      [userId],
    );
    expect(Object.fromEntries(states.map((s) => [s.state, s.n]))).toEqual({ settled: ok.length, refunded: failed });
    expect(await findReservation(gw.db, 'spend-down')).toMatchObject({ state: 'reserved' });
  });
});
