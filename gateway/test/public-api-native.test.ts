/**
 * The native public API's text calls (`/api/v1.0/open/...`) through the real gateway: app keys
 * and tokens from the real calls, the in-process MT worker on the tiny test models (English number
 * words to Chinese numerals), memories and termbases in PostgreSQL, the real ledger. Each call and
 * each catalogue error that applies to it, in both languages, with nothing charged on a failure.
 */
import { reserve } from '@mtp/billing';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';
import { apiUser, balanceOf, bankWith, openCall, reservationsOf, type ApiUser } from './public-api-native-support';

type Translated = {
  translations: { translated: string; chars: number; engine: string; tm_score?: number }[];
  src_lang: string;
  chars: number;
};
type Bank = { bank_id: number; bank_name: string; src_lang: string; tgt_lang: string; entries: number; system_or_individual: number };

let gw: TestGateway;
let user: ApiUser;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models'), docWorker: false });
  user = await apiUser(gw, 'native@example.com');
});
afterAll(async () => {
  await gw?.close();
});

const translate = (body: object, o: { token?: string; lang?: string; query?: Record<string, string> } = {}) =>
  openCall<Translated>(gw, 'POST', 'translate', { token: o.token ?? user.token, body, lang: o.lang, query: o.query });
const en = { src_lang: 'en-us', tgt_lang: 'zh-cn' };

describe('open/translate', () => {
  it('translates one text and a list of segments, charged once through the API', async () => {
    const before = await balanceOf(gw, user.userId);
    const one = await translate({ text: 'twenty one', ...en });
    expect(one.code, one.msg).toBe(20000);
    expect(one.data).toMatchObject({ src_lang: 'en-us', chars: 10, translations: [{ translated: '二十一', chars: 10 }] });
    const many = await translate({ text: ['three', 'forty two'], src_lang: 'auto', tgt_lang: 'zh-cn', domain: 'general' });
    expect(many.data.translations.map((t) => t.translated)).toEqual(['三', '四十二']);
    expect(many.data.src_lang).toBe('en-us');
    expect(before - (await balanceOf(gw, user.userId))).toBe(10 + 14);
    const ids = (await reservationsOf(gw, user.userId)).map((r) => r.task_id);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^sync:en-us_zh-cn:api:/);
  });

  it('answers memory hits, enforces terms, and keeps to the tm_id / tb_id named', async () => {
    const mine = await apiUser(gw, 'native-banks@example.com');
    const memory = await bankWith(gw, mine.userToken, 0, [{ source: 'fifty', translated: '五十（记忆）' }]);
    const termbase = await bankWith(gw, mine.userToken, 1, [{ source: 'sixty', translated: '甲子' }]);
    const body = { text: ['fifty', 'sixty one'], ...en };
    const all = await translate(body, { token: mine.token });
    expect(all.data.translations).toMatchObject([
      { translated: '五十（记忆）', engine: 'tm:exact', tm_score: 100 },
      { translated: '甲子一' },
    ]);
    const named = await translate({ ...body, tm_id: memory, tb_id: [termbase] }, { token: mine.token });
    expect(named.data.translations.map((t) => t.translated)).toEqual(['五十（记忆）', '甲子一']);

    const before = await balanceOf(gw, mine.userId);
    const stranger = await bankWith(gw, user.userToken, 0, [{ source: 'fifty', translated: 'x' }]);
    const tm = await translate({ ...body, tm_id: [memory, stranger] }, { token: mine.token });
    expect(tm).toMatchObject({ code: 10009, msg: `tm_id error (${stranger})`, errorMsg: `tm_id error (${stranger})`, data: null });
    expect((await translate({ ...body, tb_id: memory }, { token: mine.token, lang: 'zh-CN' })).msg).toBe(`tb_id错误 (${memory})`);
    expect((await translate({ ...body, tm_id: 0 }, { token: mine.token })).code).toBe(10009);
    expect(await balanceOf(gw, mine.userId)).toBe(before);
  });

  it('answers text/plain with format=text, one translation a line, and [err] lines for errors', async () => {
    const plain = await translate({ text: ['twenty', 'five'], ...en }, { query: { format: 'text' } });
    expect(plain.type).toMatch(/^text\/plain/);
    expect(plain.text).toBe('二十\n五');
    const bad = await translate({ text: 'five', src_lang: 'en-us', tgt_lang: 'xx' }, { query: { format: 'text' }, lang: 'zh-CN' });
    expect(bad.type).toMatch(/^text\/plain/);
    expect(bad.text).toBe('[err] 语言代码错误 (tgt_lang)');
    const noToken = await openCall(gw, 'POST', 'translate', { body: { text: 'five', ...en }, query: { format: 'text' } });
    expect(noToken.text).toBe('[err] Token error');
  });

  it('refuses missing and wrong values with their own codes, in both languages, charging nothing', async () => {
    const before = await balanceOf(gw, user.userId);
    const count = (await reservationsOf(gw, user.userId)).length;
    const cases: [object, number, string, string][] = [
      [{ text: 'five', src_lang: 'en-us' }, 10001, 'Parameter incomplete (tgt_lang)', '参数不完整 (tgt_lang)'],
      [{ src_lang: 'en-us', tgt_lang: 'zh-cn' }, 10001, 'Parameter incomplete (text)', '参数不完整 (text)'],
      [{ text: 'five', src_lang: 'xx', tgt_lang: 'zh-cn' }, 10016, 'Language code error (src_lang)', '语言代码错误 (src_lang)'],
      [{ text: 'five', ...en, domain: 'cooking' }, 10017, 'Domain parameter error (domain)', 'domain参数错误 (domain)'],
      [
        { text: 'five', src_lang: 'en-us', tgt_lang: 'en-us' },
        10016,
        'Language code error (Please select the same source language)',
        '语言代码错误 (源语言和目标语言不能相同)',
      ],
    ];
    for (const [body, code, english, chinese] of cases) {
      expect(await translate(body), JSON.stringify(body)).toMatchObject({ status: 200, code, msg: english, errorMsg: english, data: null });
      expect(await translate(body, { lang: 'zh-CN' })).toMatchObject({ code, msg: chinese, errorMsg: chinese, data: null });
    }
    expect((await translate({ text: Array.from({ length: 51 }, () => 'one'), ...en })).code).toBe(10002);
    expect((await translate({ text: 'x'.repeat(5001), ...en })).code).toBe(10002);
    expect((await translate({ text: [], ...en })).code).toBe(10002);
    expect((await translate({ text: '   ', ...en })).code).toBe(10002);
    expect((await translate({ text: 'five', src_lang: 'ko', tgt_lang: 'ru' })).code).toBe(10016);
    const notJson = await openCall(gw, 'POST', 'translate', {
      token: user.token,
      body: '{"text":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.code).toBe(10002);
    expect(await balanceOf(gw, user.userId)).toBe(before);
    expect(await reservationsOf(gw, user.userId)).toHaveLength(count);
  });

  it('answers 41005 when the balance is short, charging nothing', async () => {
    const poor = await apiUser(gw, 'native-poor@example.com');
    await reserve(gw.db, { userId: poor.userId, taskId: `spend-${poor.userId}`, chars: (await balanceOf(gw, poor.userId)) - 3 });
    const answer = await translate({ text: 'twenty one', ...en }, { token: poor.token, lang: 'zh-CN' });
    expect(answer).toMatchObject({ code: 41005, msg: '字符不足，请购买字符包', errorMsg: '字符不足，请购买字符包' });
    expect(await balanceOf(gw, poor.userId)).toBe(3);
  });
});

describe('credentials and the frequency limit', () => {
  it('answers 10007 without or with a wrong token, 10006 when expired, 10007 once the key is revoked', async () => {
    const holder = await apiUser(gw, 'native-token@example.com');
    const call = (token?: string, lang?: string) => openCall(gw, 'GET', 'enginelist', { token, lang });
    expect(await call()).toMatchObject({ code: 10007, msg: 'Token error', errorMsg: 'Token error', data: null });
    expect((await call('not-a-token', 'zh-CN')).msg).toBe('token错误');
    // A user's own site token is not an API token.
    expect((await call(holder.userToken)).code).toBe(10007);
    // Aged in place before its first use (a replica remembers a token it saw valid for a moment).
    await gw.db.query(`UPDATE app_keys SET token_expires_at = now() - interval '1 second' WHERE app_id = $1`, [holder.appId]);
    expect(await call(holder.token)).toMatchObject({ code: 10006, msg: 'Token expired' });
    expect((await call(holder.token, 'zh-CN')).msg).toBe('token已过期');

    const fresh = await gw.call<{ token: string }>('POST', 'open/token', { body: { app_id: holder.appId, app_secret: holder.appSecret } });
    expect((await call(fresh.data.token)).code).toBe(20000);
    expect((await gw.call('DELETE', `app/keys/${holder.appId}`, { token: holder.userToken })).code).toBe(20000);
    expect((await call(fresh.data.token)).code).toBe(10007);
    const again = await openCall(gw, 'POST', 'token', { body: { app_id: holder.appId, app_secret: holder.appSecret }, lang: 'zh-CN' });
    expect(again).toMatchObject({ code: 10003, msg: 'AppID或AppSecret不正确', errorMsg: 'AppID或AppSecret不正确' });
    expect((await openCall(gw, 'POST', 'token', { body: { app_id: holder.appId } })).code).toBe(10001);
  });

  it('answers 10005 over the frequency limit of the key, in JSON and as [err] text', async () => {
    const busy = await apiUser(gw, 'native-busy@example.com');
    const admin = await gw.adminToken();
    const body = { scope: 'app', app_id: busy.appId, max_requests: 2, window_minutes: 1 };
    expect((await gw.call('POST', 'admin/traffic/overrides', { token: admin, body })).code).toBe(20000);
    const before = await balanceOf(gw, busy.userId);
    expect((await translate({ text: 'one', ...en }, { token: busy.token })).code).toBe(20000);
    expect((await openCall(gw, 'GET', 'enginelist', { token: busy.token })).code).toBe(20000);
    const over = await translate({ text: 'one', ...en }, { token: busy.token, lang: 'zh-CN' });
    expect(over).toMatchObject({ status: 200, code: 10005, msg: '访问过于频繁', errorMsg: '访问过于频繁', data: null });
    const overText = await translate({ text: 'one', ...en }, { token: busy.token, query: { format: 'text' } });
    expect(overText.text).toBe('[err] Access too frequent');
    expect(before - (await balanceOf(gw, busy.userId))).toBe(3);
  });
});

describe('the other text calls', () => {
  it('detects the language, lists the engines', async () => {
    expect((await openCall(gw, 'POST', 'langid', { token: user.token, body: { text: 'twenty one' } })).data).toMatchObject({
      lang: 'en-us',
    });
    expect((await openCall(gw, 'POST', 'langid', { token: user.token, body: {} })).code).toBe(10001);
    expect((await openCall(gw, 'POST', 'langid', { token: user.token, body: { text: ' ' } })).code).toBe(10001);
    const engines = await openCall<{ enginelist: { src_lang: string; tgt_lang: string; kind: string }[] }>(gw, 'GET', 'enginelist', {
      token: user.token,
    });
    expect(engines.data.enginelist).toContainEqual(expect.objectContaining({ src_lang: 'en-us', tgt_lang: 'zh-cn', kind: 'direct' }));
    expect(engines.data.enginelist).toContainEqual(expect.objectContaining({ src_lang: 'ko', tgt_lang: 'ru', kind: 'unavailable' }));
  });

  it("lists the caller's own and the system memories and termbases, with bank_name and entries", async () => {
    const owner = await apiUser(gw, 'native-lists@example.com');
    const memory = await bankWith(gw, owner.userToken, 0, [
      { source: 'seven', translated: '七' },
      { source: 'eight', translated: '八' },
    ]);
    const termbase = await bankWith(gw, owner.userToken, 1, [{ source: 'nine', translated: '九' }]);
    const system = await bankWith(gw, await gw.adminToken(), 0, [], 0);
    const other = await bankWith(gw, (await gw.registeredUser('native-lists-other@example.com')).token, 0, []);
    const tms = await openCall<{ tm_list: Bank[] }>(gw, 'GET', 'tm_list', { token: owner.token });
    expect(tms.code).toBe(20000);
    const ids = tms.data.tm_list.map((b) => b.bank_id);
    expect(ids).toEqual(expect.arrayContaining([memory, system]));
    expect(ids).not.toContain(other);
    expect(ids).not.toContain(termbase);
    expect(tms.data.tm_list.find((b) => b.bank_id === memory)).toMatchObject({
      entries: 2,
      src_lang: 'en-us',
      tgt_lang: 'zh-cn',
      system_or_individual: 1,
    });
    expect(tms.data.tm_list.find((b) => b.bank_id === memory)!.bank_name).toMatch(/^api0n/);
    const tbs = await openCall<{ tb_list: Bank[] }>(gw, 'GET', 'tb_list', {
      token: owner.token,
      query: { src_lang: 'en-us', tgt_lang: 'zh-cn' },
    });
    expect(tbs.data.tb_list.map((b) => b.bank_id)).toEqual([termbase]);
    const otherPair = await openCall<{ tb_list: Bank[] }>(gw, 'GET', 'tb_list', { token: owner.token, query: { src_lang: 'ja' } });
    expect(otherPair.data.tb_list).toEqual([]);
    expect((await openCall(gw, 'GET', 'tb_list', { token: owner.token, query: { src_lang: 'xx' } })).code).toBe(10016);
  });

  it('takes an error report (origin api, the key recorded) and refuses a wrong error type', async () => {
    const body = { source: 'twenty one', output: '二十', src_lang: 'en-us', tgt_lang: 'zh-cn', error_type: 2, proposal: '二十一' };
    const sent = await openCall<{ succeMsg: string }>(gw, 'POST', 'error_report', { token: user.token, body });
    expect(sent.code, sent.msg).toBe(20000);
    expect(sent.data.succeMsg).toBe('Thank you for the report; we will look into it');
    expect(
      (await openCall<{ succeMsg: string }>(gw, 'POST', 'error_report', { token: user.token, body, lang: 'zh-CN' })).data.succeMsg,
    ).toBe('感谢反馈，我们会尽快处理');
    const { rows } = await gw.db.query('SELECT origin, app_id, error_type FROM error_reports WHERE user_id = $1', [user.userId]);
    expect(rows[0]).toMatchObject({ origin: 'api', app_id: user.appId, error_type: 2 });
    const wrong = await openCall(gw, 'POST', 'error_report', { token: user.token, body: { ...body, error_type: 9 }, lang: 'zh-CN' });
    expect(wrong).toMatchObject({ code: 10018, msg: '错误类型编号不正确', errorMsg: '错误类型编号不正确' });
    expect((await openCall(gw, 'POST', 'error_report', { token: user.token, body: { ...body, source: undefined } })).code).toBe(10001);
    expect((await openCall(gw, 'POST', 'error_report', { token: user.token, body: { ...body, src_lang: 'xx' } })).code).toBe(10016);
  });

  it('refuses a web page call without a token or with wrong fields, charging nothing (the calls: public-api-native-web.test.ts)', async () => {
    const before = await balanceOf(gw, user.userId);
    const body = { url: 'https://example.com/page', src_lang: 'en-us', tgt_lang: 'zh-cn' };
    expect((await openCall(gw, 'POST', 'web/translate', { token: user.token, body: { ...body, url: 'ftp://x' } })).code).toBe(10002);
    expect((await openCall(gw, 'POST', 'web/translate', { token: user.token, body: { src_lang: 'en-us', tgt_lang: 'zh-cn' } })).code).toBe(
      10001,
    );
    expect((await openCall(gw, 'POST', 'web/translate', { token: user.token, body: { ...body, tgt_lang: 'xx' } })).code).toBe(10016);
    expect((await openCall(gw, 'POST', 'web/translate', { body })).code).toBe(10007);
    expect(await balanceOf(gw, user.userId)).toBe(before);
  });
});
