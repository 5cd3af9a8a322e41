/**
 * `translateBatch` of @mtp/tasks (the public APIs' many-segment translation), on the real
 * gateway runtime: the in-process MT worker on the tiny test models (English number words to
 * Chinese numerals), the user's memories and termbases in PostgreSQL, the real ledger; a remote
 * engine that always fails serves ja→ko, for the refund.
 */
import { grantPlan, remaining } from '@mtp/billing';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '@mtp/mt-worker/testing';
import { AppError } from '@mtp/proto';
import { translateBatch } from '@mtp/tasks';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';

let fake: FakeOpenAiServer;
let gw: TestGateway;
beforeAll(async () => {
  fake = await startFakeOpenAiServer({ failStatus: 500, failBody: 'model crashed' });
  gw = await buildTestGateway({
    modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models'),
    remote: { baseUrl: fake.url, model: 'broken', pairs: [{ src: 'ja', tgt: 'ko' }], timeoutMs: 5000, concurrency: 2 },
    docWorker: false,
  });
});
afterAll(async () => {
  await gw?.close();
  await fake?.close();
});

let banks = 0;

/** A bank (flag 0 memory, 1 termbase; system 0 needs an administrator's token) holding the entries; its id. */
async function bankWith(token: string, flag: 0 | 1, entries: { source: string; translated: string }[], system: 0 | 1 = 1) {
  const bank = await gw.call<{ bank_id: number }>('POST', 'tm_term_library/create', {
    token,
    body: { flag, name: `bank${flag}n${(banks += 1)}`, src_lang: 'en-us', tgt_lang: 'zh-cn', system_or_individual: system },
  });
  expect(bank.code).toBe(20000);
  for (const e of entries) {
    const res = await gw.call('POST', 'tm_term/es_insert', {
      token,
      body: { flag, system_or_individual: system, bank_id: bank.data.bank_id, ...e },
    });
    expect(res.code).toBe(20000);
  }
  return bank.data.bank_id;
}

const left = async (userId: number) => (await remaining(gw.db, userId)).total_left;

async function reservationsOf(userId: number) {
  const { rows } = await gw.db.query<{ task_id: string; state: string; chars_reserved: string; chars_charged: string | null }>(
    'SELECT task_id, state, chars_reserved, chars_charged FROM quota_reservations WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  return rows;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).codeName;
}

describe('translateBatch', () => {
  it('translates each segment by memory, terms or MT under one reservation tagged api', async () => {
    const { token, userId } = await gw.registeredUser('batch@example.com');
    await bankWith(token, 0, [{ source: 'twenty one', translated: '廿一' }]);
    await bankWith(token, 1, [{ source: 'thirty', translated: '卅' }]);
    const before = await left(userId);
    const res = await translateBatch(
      gw.translation.text,
      { userId },
      { texts: ['twenty one', 'thirty two', 'three', '  '], src_lang: 'en-us', tgt_lang: 'zh-cn' },
      { via: 'api' },
    );
    expect(res.src_lang).toBe('en-us');
    expect(res.translations.map((t) => t.translated)).toEqual(['廿一', '卅二', '三', '  ']);
    expect(res.translations[0]).toMatchObject({ engine: 'tm:exact', tm_score: 100, chars: 10 });
    expect(res.translations[1]!.engine).toMatch(/^local:/);
    expect(res.translations[2]).toMatchObject({ chars: 5 });
    expect(res.translations[3]!.chars).toBe(0);
    expect(res.chars).toBe(10 + 10 + 5);
    expect(before - (await left(userId))).toBe(25);
    const reservations = await reservationsOf(userId);
    expect(reservations).toHaveLength(1);
    expect(reservations[0]!.task_id).toMatch(/^sync:en-us_zh-cn:api:[0-9a-f-]{36}$/);
    expect(reservations[0]).toMatchObject({ state: 'settled', chars_charged: '25' });
  });

  it('detects an auto source once, on the joined text', async () => {
    const { userId } = await gw.registeredUser('batch-auto@example.com');
    const res = await translateBatch(gw.translation.text, { userId }, { texts: ['twenty', 'five'], src_lang: 'auto', tgt_lang: 'zh-cn' });
    expect(res.src_lang).toBe('en-us');
    expect(res.translations.map((t) => t.translated)).toEqual(['二十', '五']);
    // Not through the API: the reservation carries no kind.
    expect((await reservationsOf(userId))[0]!.task_id).toMatch(/^sync:en-us_zh-cn:[0-9a-f-]{36}$/);
  });

  it('uses only the memories and termbases named, and refuses banks the caller may not use', async () => {
    const { token, userId } = await gw.registeredUser('batch-banks@example.com');
    await grantPlan(gw.db, { userId, sku: 'standard-m' }); // two memories: more than a free plan's
    const mine = await bankWith(token, 0, [{ source: 'forty', translated: '四十（甲）' }]);
    const other = await bankWith(token, 0, [{ source: 'forty', translated: '四十（乙）' }]);
    const termbase = await bankWith(token, 1, [{ source: 'fifty', translated: '半百' }]);
    const system = await bankWith(await gw.adminToken(), 0, [{ source: 'sixty', translated: '六十（系统）' }], 0);
    const text = gw.translation.text;
    const body = { texts: ['forty', 'fifty one', 'sixty'], src_lang: 'en-us' as const, tgt_lang: 'zh-cn' as const };

    const onlyOther = await translateBatch(text, { userId }, body, { tmIds: [other], tbIds: [] as number[] }).catch((e: unknown) => e);
    // An empty list names no bank: refused like a bad one.
    expect((onlyOther as AppError).codeName).toBe('API_TB_ID_ERROR');

    const chosen = await translateBatch(text, { userId }, body, { tmIds: [other, system], tbIds: [termbase] });
    expect(chosen.translations.map((t) => t.translated)).toEqual(['四十（乙）', '半百一', '六十（系统）']);
    // Only `mine` of the memories (the system one is left out); no `tbIds`: every visible termbase.
    const onlyMine = await translateBatch(text, { userId }, body, { tmIds: [mine] });
    expect(onlyMine.translations.map((t) => t.translated)).toEqual(['四十（甲）', '半百一', '六十']);

    const before = await left(userId);
    const stranger = await gw.registeredUser('batch-stranger@example.com');
    const foreign = await bankWith(stranger.token, 0, [{ source: 'forty', translated: 'x' }]);
    expect(await refusal(translateBatch(text, { userId }, body, { tmIds: [mine, foreign] }))).toBe('API_TM_ID_ERROR');
    // A termbase is not a memory, and a memory is not a termbase.
    expect(await refusal(translateBatch(text, { userId }, body, { tmIds: [termbase] }))).toBe('API_TM_ID_ERROR');
    expect(await refusal(translateBatch(text, { userId }, body, { tbIds: [mine] }))).toBe('API_TB_ID_ERROR');
    expect(await refusal(translateBatch(text, { userId }, body, { tbIds: [999_999_999_999] }))).toBe('API_TB_ID_ERROR');
    expect(await left(userId)).toBe(before);
  });

  it('refuses bad batches before reserving anything', async () => {
    const { userId } = await gw.registeredUser('batch-bad@example.com');
    const text = gw.translation.text;
    const body = { src_lang: 'en-us' as const, tgt_lang: 'zh-cn' as const };
    expect(await refusal(translateBatch(text, { userId }, { ...body, texts: [] }))).toBe('CONTENT_INVALID');
    expect(await refusal(translateBatch(text, { userId }, { ...body, texts: [' ', ''] }))).toBe('CONTENT_INVALID');
    expect(await refusal(translateBatch(text, { userId }, { ...body, texts: ['one', 'x'.repeat(5001)] }))).toBe('INVALID_PARAMS');
    expect(await refusal(translateBatch(text, { userId }, { ...body, tgt_lang: 'en-us', texts: ['one'] }))).toBe('SAME_LANGUAGE');
    expect(await refusal(translateBatch(text, { userId }, { src_lang: 'ko', tgt_lang: 'ru', texts: ['x'] }))).toBe('PAIR_UNAVAILABLE');
    expect(await reservationsOf(userId)).toHaveLength(0);
  });

  it('refunds the whole batch when the engine fails', async () => {
    const { userId } = await gw.registeredUser('batch-fail@example.com');
    const before = await left(userId);
    const failed = translateBatch(
      gw.translation.text,
      { userId },
      { texts: ['こんにちは', 'さようなら'], src_lang: 'ja', tgt_lang: 'ko' },
      { via: 'api' },
    );
    expect(await refusal(failed)).toBe('TRANSLATION_FAILED');
    expect(await left(userId)).toBe(before);
    const reservations = await reservationsOf(userId);
    expect(reservations).toHaveLength(1);
    expect(reservations[0]).toMatchObject({ state: 'refunded', chars_charged: '0' });
  });

  it('refuses a batch the balance cannot pay, with nothing charged', async () => {
    const { userId } = await gw.registeredUser('batch-poor@example.com');
    const { reserve } = await import('@mtp/billing');
    await reserve(gw.db, { userId, taskId: `spend-${userId}`, chars: (await left(userId)) - 5 });
    const res = translateBatch(gw.translation.text, { userId }, { texts: ['three', 'four'], src_lang: 'en-us', tgt_lang: 'zh-cn' });
    expect(await refusal(res)).toBe('CHARS_NOT_ENOUGH');
    expect(await left(userId)).toBe(5);
  });

  it('charges batches answered wholly from memories once each, concurrent ones under shared rows, and refuses what the balance cannot pay', async () => {
    const { token, userId } = await gw.registeredUser('batch-memory@example.com');
    await grantPlan(gw.db, { userId, sku: 'standard-m' });
    const sentences = Array.from({ length: 8 }, (_, i) => `stored sentence number ${i}`);
    await bankWith(
      token,
      0,
      sentences.map((source, i) => ({ source, translated: `存储句子 ${i}` })),
    );
    const before = await left(userId);
    const calls = Array.from({ length: 40 }, (_, i) =>
      translateBatch(
        gw.translation.text,
        { userId },
        { texts: [sentences[i % 8]!, ' '], src_lang: 'en-us', tgt_lang: 'zh-cn' },
        { via: 'api' },
      ),
    );
    const answers = await Promise.all(calls);
    answers.forEach((a, i) => {
      expect(a.translations[0]).toMatchObject({ translated: `存储句子 ${i % 8}`, tm_score: 100 });
      expect(a.translations[1]).toMatchObject({ translated: ' ', chars: 0 });
    });
    const charged = answers.reduce((n, a) => n + a.chars, 0);
    expect(await left(userId)).toBe(before - charged);
    const rows = await reservationsOf(userId);
    expect(rows.every((r) => r.state === 'settled' && r.task_id.startsWith('sync:en-us_zh-cn:api:'))).toBe(true);
    expect(rows.reduce((n, r) => n + Number(r.chars_charged), 0)).toBe(charged);
    // One ledger row per batch of concurrent calls, not one per call.
    expect(rows.length).toBeLessThan(calls.length / 2);

    // Not enough left: refused after the (free) lookups, nothing charged.
    const { reserve } = await import('@mtp/billing');
    await reserve(gw.db, { userId, taskId: `spend-memory-${userId}`, chars: (await left(userId)) - 3 });
    expect(
      await refusal(translateBatch(gw.translation.text, { userId }, { texts: [sentences[0]!], src_lang: 'en-us', tgt_lang: 'zh-cn' })),
    ).toBe('CHARS_NOT_ENOUGH');
    expect(await left(userId)).toBe(3);
  });
});
