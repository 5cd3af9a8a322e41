/**
 * Text translation with a user's translation memory and termbase, through the gateway with the
 * real in-process MT worker on the tiny test models (en-us_zh-cn: English number words to
 * Chinese numerals, "twenty one" → "二十一").
 */
import { enforceTerms } from '@mtp/tasks';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');

type Translated = {
  translated: string;
  engine: string;
  cached: boolean;
  chars: number;
  tm_score?: number;
  terms?: { source: string; target: string; applied: boolean }[];
};

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
});
afterAll(async () => {
  await gw.close();
});

async function tokenOf(account: string): Promise<string> {
  return (await gw.registerUser(account)).access_token;
}

/** A bank of the user's (flag 0 memory, 1 termbase) holding the entries. */
async function bankWith(token: string, flag: 0 | 1, entries: { source: string; translated: string }[]) {
  const bank = await gw.call<{ bank_id: number }>('POST', 'tm_term_library/create', {
    token,
    body: { flag, name: `bank${flag}`, src_lang: 'en-us', tgt_lang: 'zh-cn', system_or_individual: 1 },
  });
  expect(bank.code).toBe(20000);
  for (const e of entries) {
    const res = await gw.call('POST', 'tm_term/es_insert', {
      token,
      body: { flag, system_or_individual: 1, bank_id: bank.data.bank_id, ...e },
    });
    expect(res.code).toBe(20000);
  }
}

const translate = (token: string, text: string) =>
  gw.call<Translated>('POST', 'text/translate', { token, body: { text, src_lang: 'en-us', tgt_lang: 'zh-cn' } });

const left = async (token: string) => (await gw.call<{ total_left: number }>('GET', 'user/remaining_str', { token })).data.total_left;

describe('translation memory and termbase in text translation', () => {
  it("answers a user's exact TM match without MT, charged, and only for that user", async () => {
    const token = await tokenOf('tm-user@example.com');
    await bankWith(token, 0, [{ source: 'twenty one', translated: '廿一' }]);
    const before = await left(token);
    const res = await translate(token, 'twenty one');
    expect(res.code).toBe(20000);
    expect(res.data).toMatchObject({ translated: '廿一', engine: 'tm:exact', tm_score: 100, cached: false, chars: 10 });
    expect(before - (await left(token))).toBe(10);

    const other = await tokenOf('tm-other@example.com');
    const mt = await translate(other, 'twenty one');
    expect(mt.data.translated).toBe('二十一');
    expect(mt.data.engine).toMatch(/^local:/);
    const anonymous = await gw.call<Translated>('POST', 'try_translate', {
      body: { text: 'twenty one', src_lang: 'en-us', tgt_lang: 'zh-cn' },
    });
    expect(anonymous.data.translated).toBe('二十一');
  });

  it('enforces a termbase term by repairing the MT output and says so', async () => {
    const token = await tokenOf('term-user@example.com');
    await bankWith(token, 1, [{ source: 'twenty', translated: '廿' }]);
    const res = await translate(token, 'twenty five');
    expect(res.code).toBe(20000);
    expect(res.data.translated).toContain('廿');
    expect(res.data.translated).toBe('廿五');
    expect(res.data.engine).toMatch(/^local:/);
    expect(res.data.terms).toEqual([{ source: 'twenty', target: '廿', applied: true }]);
    expect(res.data.tm_score).toBeUndefined();
    // Per-user output never goes through the shared cache.
    const again = await translate(token, 'twenty five');
    expect(again.data).toMatchObject({ translated: '廿五', cached: false });

    // A text without the term is plain MT, without terms.
    const plain = await translate(token, 'three');
    expect(plain.data.translated).toBe('三');
    expect(plain.data.terms).toBeUndefined();
  });

  it('repairs only what it can find, as often as the term occurs, and reports the rest', () => {
    const terms = [
      { source: 'twenty', target: '廿', occurrences: 1 },
      { source: 'cloud', target: '云', occurrences: 1 },
      { source: 'five', target: '五', occurrences: 1 },
    ];
    expect(enforceTerms('二十五二十', terms, ['二十', '雲', '五'])).toEqual({
      text: '廿五二十',
      terms: [
        { source: 'twenty', target: '廿', applied: true },
        { source: 'cloud', target: '云', applied: false },
        { source: 'five', target: '五', applied: true },
      ],
    });
  });
});
