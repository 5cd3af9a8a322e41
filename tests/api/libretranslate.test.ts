/**
 * The LibreTranslate-compatible API against a real listening platform (tiny test models:
 * number words <-> Chinese numerals): (a) the `libretranslate` npm client, unchanged; (b) the
 * exact requests LibreTranslate's own web page sends (libretranslate/templates/app.js.template:
 * GET /frontend/settings and /languages, then FormData posts to /translate and /translate_file
 * with q, source, target, format, alternatives, api_key), replayed with fetch; (c) its errors:
 * a bad key 403 "Invalid API key", an unknown language 400, over the frequency limit 429.
 */
import { loadConfig, startPlatform, type Platform } from '@mtp/gateway';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { translate } from 'libretranslate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginOverHttp, TINY_MODELS_DIR } from '../support/fault-support';

const ADMIN = { account: 'admin@example.com', password: 'Admin12345' };

let tdb: TestDatabase;
let platform: Platform;
let base: string;
let storageDir: string;
let adminToken: string;

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-libre-'));
  platform = await startPlatform(
    {
      ...loadConfig({}),
      port: 0,
      host: '127.0.0.1',
      databaseUrl: tdb.url,
      storageDir,
      natsUrl: undefined,
      modelsDir: TINY_MODELS_DIR,
      runMtWorker: true,
      mtThreads: 1,
      adminAccount: ADMIN.account,
      adminPassword: ADMIN.password,
      // An administrator's new limit applies at once (no replica-side cache to wait out).
      traffic: { ...loadConfig({}).traffic, cacheMs: 0 },
    },
    { log: () => {} },
  );
  base = await platform.listen();
  adminToken = await loginOverHttp(`${base}/api/v1.0`, ADMIN.account, ADMIN.password);
});

afterAll(async () => {
  await platform?.close();
  await tdb?.drop();
  await rm(storageDir, { recursive: true, force: true });
});

async function api<T>(method: string, call: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/v1.0/${call}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  expect(answer.code, answer.msg).toBe(20000);
  return answer.data;
}

/** A new API key of the administrator (`<app_id>:<app_secret>`). */
async function newKey(name: string): Promise<{ app_id: string; api_key: string }> {
  return api('POST', 'app/keys', { name });
}

/** What the page's XMLHttpRequest sends: FormData (multipart), the fields in app.js's order. */
function pageForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

async function post(pathname: string, body: FormData | URLSearchParams | object, headers: Record<string, string> = {}) {
  const json = !(body instanceof FormData) && !(body instanceof URLSearchParams);
  const res = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json ? JSON.stringify(body) : body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the libretranslate npm client', () => {
  it('translates, reading /languages first, with source and with auto', async () => {
    expect(await translate({ query: 'twenty one', source: 'en', target: 'zh', apiurl: base })).toBe('二十一');
    expect(await translate({ query: '三千四百', target: 'en', apiurl: base })).toBe('three thousand four hundred');
  });
});

describe("LibreTranslate's own web page", () => {
  it('loads the settings and the languages it reads', async () => {
    const settings = await (await fetch(`${base}/frontend/settings`)).json();
    expect(settings).toMatchObject({
      charLimit: 5000,
      frontendTimeout: 500,
      apiKeys: true,
      keyRequired: false,
      suggestions: false,
      filesTranslation: true,
      language: { source: { code: 'auto' }, target: { code: 'en', name: 'English' } },
    });
    expect(settings.supportedFilesFormat).toContain('.docx');
    expect(settings.supportedFilesFormat).toContain('.txt');
    const zhSettings = await (await fetch(`${base}/frontend/settings`, { headers: { 'accept-language': 'zh-CN' } })).json();
    expect(zhSettings.language.target).toEqual({ code: 'zh', name: '中文(简体)' });

    const languages = (await (await fetch(`${base}/languages`)).json()) as { code: string; name: string; targets: string[] }[];
    expect(languages).toEqual([
      { code: 'zh', name: 'Chinese (Simplified)', targets: ['en'] },
      { code: 'en', name: 'English', targets: ['zh'] },
    ]);
  });

  it('translates typed text (FormData, an empty api_key: a free visitor)', async () => {
    const res = await post(
      '/translate',
      pageForm({ q: 'twenty one', source: 'en', target: 'zh', format: 'text', alternatives: '3', api_key: '' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ translatedText: '二十一', alternatives: [] });
  });

  it('detects the source when it is auto', async () => {
    const res = await post(
      '/translate',
      pageForm({ q: '三千四百', source: 'auto', target: 'en', format: 'text', alternatives: '3', api_key: '' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.translatedText).toBe('three thousand four hundred');
    expect(res.body.detectedLanguage).toMatchObject({ language: 'zh' });
    const confidence = (res.body.detectedLanguage as { confidence: number }).confidence;
    expect(confidence).toBeGreaterThan(0);
    expect(confidence).toBeLessThanOrEqual(100);
  });

  it('keeps the tags of html (the page sends format=html when the text looks like markup)', async () => {
    const res = await post(
      '/translate',
      pageForm({ q: '<p>twenty one</p>', source: 'en', target: 'zh', format: 'html', alternatives: '3', api_key: '' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.translatedText).toBe('<p>二十一</p>');
  });

  it('answers the JSON request its "API" panel shows, and q as an array', async () => {
    const single = await post('/translate', {
      q: 'nine thousand',
      source: 'en',
      target: 'zh',
      format: 'text',
      alternatives: 3,
      api_key: '',
    });
    expect(single.body).toEqual({ translatedText: '九千', alternatives: [] });
    const batch = await post('/translate', { q: ['twenty one', 'nine thousand'], source: 'auto', target: 'zh' });
    expect(batch.body.translatedText).toEqual(['二十一', '九千']);
    expect(batch.body.detectedLanguage).toEqual([expect.objectContaining({ language: 'en' }), expect.objectContaining({ language: 'en' })]);
    const urlencoded = await post('/translate', new URLSearchParams({ q: 'twenty one', source: 'en', target: 'zh-Hans' }));
    expect(urlencoded.body).toEqual({ translatedText: '二十一' });
  });

  it('detects a language', async () => {
    const res = await post('/detect', pageForm({ q: '三千四百' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ confidence: expect.any(Number), language: 'zh' }]);
  });

  it('answers /suggest as LibreTranslate does with suggestions off', async () => {
    const res = await post('/suggest', pageForm({ q: 'twenty one', s: '二一', source: 'en', target: 'zh', api_key: '' }));
    expect(res).toEqual({ status: 403, body: { error: 'Suggestions are disabled on this server.' } });
  });

  it('translates a file with a key and downloads it from the link', async () => {
    const { api_key } = await newKey('libre file');
    const form = new FormData();
    form.append('file', new Blob(['twenty one\nnine thousand\n'], { type: 'text/plain' }), 'numbers.txt');
    form.append('source', 'en');
    form.append('target', 'zh');
    form.append('api_key', api_key);
    const res = await post('/translate_file', form);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = res.body.translatedFileUrl as string;
    expect(url.startsWith(`${base}/download_file/`)).toBe(true);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    const text = await file.text();
    expect(text).toContain('二十一');
    expect(text).toContain('九千');
  });

  it('asks a free visitor for a key before translating a file, and stores nothing', async () => {
    const form = new FormData();
    form.append('file', new Blob(['twenty one']), 'numbers.txt');
    form.append('source', 'en');
    form.append('target', 'zh');
    form.append('api_key', '');
    const res = await post('/translate_file', form);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/API key/);
  });
});

describe('with an API key', () => {
  it('charges the key owner through the API', async () => {
    const { api_key } = await newKey('libre text');
    const before = await api<{ total_left: number }>('GET', 'user/remaining_str');
    const res = await post(
      '/translate',
      pageForm({ q: 'twenty one', source: 'en', target: 'zh', format: 'text', alternatives: '3', api_key }),
    );
    expect(res.body.translatedText).toBe('二十一');
    const after = await api<{ total_left: number }>('GET', 'user/remaining_str');
    expect(before.total_left - after.total_left).toBe('twenty one'.length);

    // Refused calls cost nothing: an unknown language, the same language twice, a text over the limit.
    for (const body of [
      { q: 'twenty one', source: 'en', target: 'xx' },
      { q: 'twenty one', source: 'en', target: 'en' },
      { q: 'nine '.repeat(1001), source: 'en', target: 'zh' },
    ]) {
      expect((await post('/translate', { ...body, api_key })).status).toBe(400);
    }
    expect((await api<{ total_left: number }>('GET', 'user/remaining_str')).total_left).toBe(after.total_left);
  });

  it('the npm client passes its key as apiKey: charged to the key owner, not the visitor trial', async () => {
    const { api_key } = await newKey('libre npm client');
    const before = await api<{ total_left: number }>('GET', 'user/remaining_str');
    expect(await translate({ query: 'nine thousand', source: 'en', target: 'zh', apiurl: base, apiKey: api_key })).toBe('九千');
    const after = await api<{ total_left: number }>('GET', 'user/remaining_str');
    expect(before.total_left - after.total_left).toBe('nine thousand'.length);
    // A wrong key is refused (403 {error}); the client then has no translatedText to give.
    await expect(
      translate({ query: 'nine thousand', source: 'en', target: 'zh', apiurl: base, apiKey: 'nope:nope' }),
    ).resolves.toBeUndefined();
    expect((await api<{ total_left: number }>('GET', 'user/remaining_str')).total_left).toBe(after.total_left);
  });
});

describe('errors as LibreTranslate gives them', () => {
  it('a bad key: 403 Invalid API key, in the caller language', async () => {
    const bad = '00000000-0000-4000-8000-000000000000:not-a-secret';
    const en = await post('/translate', { q: 'twenty one', source: 'en', target: 'zh', api_key: bad });
    expect(en).toEqual({ status: 403, body: { error: 'Invalid API key' } });
    const zh = await post('/detect', pageForm({ q: 'twenty one', api_key: bad }), { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh).toEqual({ status: 403, body: { error: 'API 密钥无效' } });
  });

  it('an unknown language or a missing field: 400', async () => {
    expect(await post('/translate', { q: 'twenty one', source: 'en', target: 'xx' })).toEqual({
      status: 400,
      body: { error: 'xx is not supported' },
    });
    expect(await post('/translate', pageForm({ source: 'en', target: 'zh' }))).toEqual({
      status: 400,
      body: { error: 'Invalid request: missing q parameter' },
    });
    expect(await post('/translate', { q: 'twenty one', source: 'en', target: 'zh', format: 'markdown' })).toEqual({
      status: 400,
      body: { error: 'markdown format is not supported' },
    });
    const zh = await post('/translate', { q: 'twenty one', source: 'en', target: 'xx' }, { 'accept-language': 'zh-CN' });
    expect(zh).toEqual({ status: 400, body: { error: '不支持 xx' } });
  });

  it('a download link that names no file: 404', async () => {
    const res = await fetch(`${base}/download_file/00000000-0000-4000-8000-000000000000/numbers.txt`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: expect.stringContaining('does not exist') });
  });

  it('over the frequency limit of the key: 429 Slowdown', async () => {
    const { app_id, api_key } = await newKey('libre limited');
    await api('POST', 'admin/traffic/overrides', { scope: 'app', app_id, max_requests: 2, window_minutes: 60 });
    const call = () => post('/detect', { q: 'twenty one', api_key });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const third = await call();
    expect(third.status).toBe(429);
    expect(third.body.error).toMatch(/^Slowdown: /);
  });
});
