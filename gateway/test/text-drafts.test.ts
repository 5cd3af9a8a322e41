/**
 * Translate-as-you-type through the gateway with the real MT worker (committed tiny models):
 * `text/translate` calls of one `draft_id` are charged only for what each adds, so a phrase
 * typed key by key costs its length once on the ledger, also when the calls race; the public
 * API without a draft pays in full. And an unavailable pair is refused in the caller's language
 * with language names, never codes.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
});
afterAll(async () => {
  await gw.close();
});

type Translated = { translated: string; chars: number };

async function left(token: string): Promise<number> {
  return (await gw.call<{ total_left: number }>('GET', 'user/remaining_str', { token })).data.total_left;
}

const translate = (token: string, text: string, draft_id?: string) =>
  gw.call<Translated>('POST', 'text/translate', {
    token,
    body: { text, src_lang: 'en-us', tgt_lang: 'zh-cn', ...(draft_id ? { draft_id } : {}) },
  });

describe('text/translate with a draft', () => {
  it('charges a phrase typed key by key its length once, and a call without a draft in full', async () => {
    const { token } = await gw.registeredUser('drafter@example.com');
    const start = await left(token);
    const phrase = 'twenty one';
    let last: Translated | undefined;
    for (let i = 1; i <= phrase.length; i++) {
      const res = await translate(token, phrase.slice(0, i), 'page-draft-0001');
      expect(res.code).toBe(20000);
      last = res.data;
    }
    expect(last?.translated).toBe('二十一');
    expect(start - (await left(token))).toBe(phrase.length);
    // The same phrase again (a language choice re-sends it): nothing new, nothing charged.
    expect((await translate(token, phrase, 'page-draft-0001')).data.chars).toBe(0);
    expect(start - (await left(token))).toBe(phrase.length);
    // The public API without a draft: charged in full every time.
    expect((await translate(token, phrase)).data.chars).toBe(phrase.length);
    expect(start - (await left(token))).toBe(2 * phrase.length);
  });

  it('does not charge the same characters twice when calls of one draft race', async () => {
    const { token } = await gw.registeredUser('racer@example.com');
    const start = await left(token);
    const answers = await Promise.all(
      ['twenty', 'twenty one', 'twenty', 'twenty one', 'twenty one'].map((t) => translate(token, t, 'race-draft-01')),
    );
    expect(answers.map((a) => a.code)).toEqual([20000, 20000, 20000, 20000, 20000]);
    expect(start - (await left(token))).toBe('twenty one'.length);
  });

  it('refuses a malformed draft id', async () => {
    const { token } = await gw.registeredUser('malformed@example.com');
    expect((await translate(token, 'ten', 'bad id!')).code).toBe(40000);
  });
});

describe('an unavailable pair', () => {
  it('is refused with the languages named in the caller’s language', async () => {
    const body = { text: 'ten', src_lang: 'ja', tgt_lang: 'ko' };
    const en = await gw.call('POST', 'try_translate', { body, lang: 'en-US' });
    expect(en.code).toBe(40034);
    expect(en.msg).toBe('This language pair is not available on this server (from Japanese into Korean)');
    const zh = await gw.call('POST', 'try_translate', { body, lang: 'zh-CN' });
    expect(zh.msg).toBe('该语言方向暂不可用 (从日语译为韩语)');
    expect(`${en.msg}${zh.msg}`).not.toMatch(/ja|ko|->|→/);
  });
});
