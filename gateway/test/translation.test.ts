/**
 * Text translation through the gateway with a real MT worker (in-process bus) on the committed
 * tiny test models: en-us_zh-cn turns English number words into Chinese numerals, zh-cn_en-us
 * the reverse.
 */
import { reserve } from '@mtp/billing';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');

type Translated = {
  translated: string;
  src_lang: string;
  tgt_lang: string;
  truncated: boolean;
  chars: number;
  engine: string;
  cached: boolean;
};

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
});
afterAll(async () => {
  await gw.close();
});

const tryTranslate = (body: Record<string, unknown>) => gw.call<Translated>('POST', 'try_translate', { body });

async function userOf(account: string) {
  return gw.registeredUser(account);
}

describe('text translation', () => {
  it('translates with the local engine and answers from the cache the second time', async () => {
    const first = await tryTranslate({ text: 'twenty one', src_lang: 'en-us', tgt_lang: 'zh-cn' });
    expect(first.code).toBe(20000);
    expect(first.data).toMatchObject({
      translated: '二十一',
      src_lang: 'en-us',
      tgt_lang: 'zh-cn',
      truncated: false,
      chars: 10,
      cached: false,
    });
    expect(first.data.engine).toMatch(/^local:en-us_zh-cn@/);
    const second = await tryTranslate({ text: 'twenty one', src_lang: 'en-us', tgt_lang: 'zh-cn' });
    expect(second.data).toMatchObject({ translated: '二十一', cached: true });
  });

  it('detects the source language when asked to', async () => {
    const res = await tryTranslate({ text: '三千四百', src_lang: 'auto', tgt_lang: 'en-us' });
    expect(res.data).toMatchObject({ translated: 'three thousand four hundred', src_lang: 'zh-cn' });
  });

  it('translates only the first 5000 characters and says so', async () => {
    const line = 'one hundred and five\n';
    const text = line.repeat(Math.ceil(5100 / line.length));
    const res = await tryTranslate({ text, src_lang: 'en-us', tgt_lang: 'zh-cn' });
    expect(res.code).toBe(20000);
    expect(res.data.truncated).toBe(true);
    expect(res.data.chars).toBe(5000);
    expect(res.data.translated.split('\n')[0]).toBe('一百零五');
  });

  it('refuses the same source and target, an unavailable pair, empty text and an undetectable language', async () => {
    expect((await tryTranslate({ text: 'ten', src_lang: 'en-us', tgt_lang: 'en-us' })).code).toBe(40016);
    expect((await tryTranslate({ text: 'ten', src_lang: 'ja', tgt_lang: 'ko' })).code).toBe(40034);
    expect((await tryTranslate({ text: '   ', src_lang: 'en-us', tgt_lang: 'zh-cn' })).code).toBe(40019);
    expect((await tryTranslate({ text: '12345', src_lang: 'auto', tgt_lang: 'zh-cn' })).code).toBe(40033);
    expect((await tryTranslate({ text: 'ten', src_lang: 'xx', tgt_lang: 'zh-cn' })).code).toBe(40000);
  });

  it('charges a logged-in user for what was translated, and answers 41005 without charging when the balance is short', async () => {
    const { token, userId } = await userOf('translator@example.com');
    const before = (await gw.call<{ total_left: number }>('GET', 'user/remaining_str', { token })).data.total_left;
    const res = await gw.call<Translated>('POST', 'text/translate', {
      token,
      body: { text: 'nine thousand', src_lang: 'en-us', tgt_lang: 'zh-cn' },
    });
    expect(res.data.translated).toBe('九千');
    const after = (await gw.call<{ total_left: number }>('GET', 'user/remaining_str', { token })).data.total_left;
    expect(before - after).toBe('nine thousand'.length);

    await reserve(gw.db, { userId, taskId: 'drain', chars: after - 3 });
    const short = await gw.call('POST', 'text/translate', { token, body: { text: 'eighty', src_lang: 'en-us', tgt_lang: 'zh-cn' } });
    expect(short.code).toBe(41005);
    expect((await gw.call<{ total_left: number }>('GET', 'user/remaining_str', { token })).data.total_left).toBe(3);
  });

  it('detects languages and lists languages, domains and engines', async () => {
    const langid = await gw.call<{ lang: string; confidence: number }>('POST', 'langid', { body: { text: '안녕하세요' } });
    expect(langid.data.lang).toBe('ko');
    const lists = await gw.call<{ language_list: { language_code: string; language: string }[] }>(
      'GET',
      'site/get_all_language_and_domain',
      {
        lang: 'zh-CN',
      },
    );
    expect(lists.data.language_list.map((l) => l.language_code)).toEqual(['zh-cn', 'en-us', 'ja', 'ko', 'ru']);
    expect(lists.data.language_list[1]!.language).toBe('英语');

    const { token } = await userOf('lister@example.com');
    const engines = await gw.call<{ enginelist: { src_lang: string; tgt_lang: string; kind: string }[] }>('GET', 'text/engine_list', {
      token,
    });
    const kind = (s: string, t: string) => engines.data.enginelist.find((e) => e.src_lang === s && e.tgt_lang === t)?.kind;
    expect([kind('en-us', 'zh-cn'), kind('zh-cn', 'en-us'), kind('ja', 'ko')]).toEqual(['direct', 'direct', 'unavailable']);
    const domains = await gw.call<{ domain_list: { domain_code: string }[] }>('GET', 'site/sites_domain_list', {
      token,
      query: { language_pair: 'ja_ko' },
    });
    expect(domains.data.domain_list).toEqual([]);
  });

  it('runs an asynchronous task through the durable job queue and settles it once', async () => {
    const { token } = await userOf('async@example.com');
    const before = (await gw.call<{ total_left: number }>('GET', 'user/remaining_str', { token })).data.total_left;
    const text = 'twenty one\nthree thousand four hundred\n\nfive';
    const submitted = await gw.call<{ task_id: string }>('POST', 'text/translate_async', {
      token,
      body: { text, src_lang: 'en-us', tgt_lang: 'zh-cn' },
    });
    expect(submitted.code).toBe(20000);
    let task: { status: string; translated: string | null } = { status: 'queued', translated: null };
    for (let i = 0; i < 100 && task.status === 'queued'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      task = (await gw.call<typeof task>('GET', 'text/query', { token, query: { task_id: submitted.data.task_id } })).data;
    }
    expect(task).toMatchObject({ status: 'done', translated: '二十一\n三千四百\n\n五' });
    const after = (await gw.call<{ total_left: number }>('GET', 'user/remaining_str', { token })).data.total_left;
    expect(before - after).toBe(text.length);
    const other = await userOf('other-async@example.com');
    expect((await gw.call('GET', 'text/query', { token: other.token, query: { task_id: submitted.data.task_id } })).code).toBe(10014);
  });
});
