/**
 * @mtp/client against a real listening platform with the tiny test models (English number words
 * -> Chinese numerals): a key signs in and translates 60 texts in two calls with progress, a login
 * signs in (the password RSA-encrypted as the web app does) and translates, a wrong key and a
 * wrong language answer ClientError with the server's code and message in the asked language,
 * blank texts come back untouched, and a retired token is renewed transparently.
 */
import { loadConfig, REPO_ROOT, startPlatform, type Platform } from '@mtp/gateway';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ClientError, listLanguages, signIn, translateTexts, type ClientSession } from '../src/index';

const ADMIN = { account: 'admin@example.com', password: 'Admin12345' };
const WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

let tdb: TestDatabase;
let platform: Platform;
let base: string;
let storageDir: string;
let apiKey: string;

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-client-'));
  platform = await startPlatform(
    {
      ...loadConfig({}),
      port: 0,
      host: '127.0.0.1',
      databaseUrl: tdb.url,
      storageDir,
      natsUrl: undefined,
      modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models'),
      runMtWorker: true,
      mtThreads: 1,
      adminAccount: ADMIN.account,
      adminPassword: ADMIN.password,
    },
    { log: () => {} },
  );
  base = await platform.listen();
  // The key is made the way the web app's API keys page makes it: a logged-in user's call.
  const login = await signIn(base, { kind: 'login', ...ADMIN });
  const res = await fetch(`${base}/api/v1.0/app/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'client test' }),
  });
  apiKey = ((await res.json()) as { data: { api_key: string } }).data.api_key;
});

afterAll(async () => {
  await platform?.close();
  await tdb?.drop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a ClientError'),
    (err: unknown) => err,
  );

describe('@mtp/client', () => {
  it('lists the languages without signing in', async () => {
    expect(await listLanguages(base)).toEqual(expect.arrayContaining(['zh-cn', 'en-us', 'ja', 'ko', 'ru']));
  });

  it('signs in with a key and translates 60 texts in two calls, reporting progress after each', async () => {
    const session = await signIn(`${base}/`, { kind: 'key', apiKey });
    expect(session).toMatchObject({ server: base, kind: 'key' });
    const texts = Array.from({ length: 60 }, (_, i) => `${WORDS[i % 10]} hundred ${WORDS[(i + 3) % 10]}`);
    const progress: [number, number][] = [];
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      if (String(input).endsWith('/open/translate')) calls += 1;
      return fetch(input, init);
    };
    const out = await translateTexts(session, texts, 'en-us', 'zh-cn', {
      fetchFn: counting,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(calls).toBe(2);
    expect(progress).toEqual([
      [50, 60],
      [60, 60],
    ]);
    expect(out).toHaveLength(60);
    out.forEach((t, i) => {
      expect(t.trim()).not.toBe('');
      expect(t).not.toBe(texts[i]);
    });
  });

  it('keeps blank texts as they are and sends only the others', async () => {
    const session = await signIn(base, { kind: 'key', apiKey });
    const sent: unknown[] = [];
    const recording: typeof fetch = (input, init) => {
      if (String(input).endsWith('/open/translate')) sent.push(JSON.parse(String(init?.body)).text);
      return fetch(input, init);
    };
    const out = await translateTexts(session, ['', '  \n ', 'seven', '\t'], 'en-us', 'zh-cn', { fetchFn: recording });
    expect(sent).toEqual([['seven']]);
    expect(out[0]).toBe('');
    expect(out[1]).toBe('  \n ');
    expect(out[3]).toBe('\t');
    expect(out[2]!.trim()).not.toBe('');
    expect(out[2]).not.toBe('seven');
    // Only blanks: no call at all.
    expect(await translateTexts(session, [' ', ''], 'en-us', 'zh-cn', { fetchFn: recording })).toEqual([' ', '']);
    expect(sent).toHaveLength(1);
  });

  it('signs in with a login (password encrypted) and translates through the web route', async () => {
    const session = await signIn(base, { kind: 'login', ...ADMIN });
    expect(session.kind).toBe('login');
    expect(session.refreshToken).toBeTruthy();
    const progress: number[] = [];
    const texts = ['one', '', 'twenty two', 'three hundred', 'four', 'five', 'six', 'seven'];
    const out = await translateTexts(session, texts, 'en-us', 'zh-cn', { onProgress: (done) => progress.push(done) });
    expect(out[1]).toBe('');
    for (const i of [0, 2, 3, 4, 5, 6, 7]) {
      expect(out[i]!.trim()).not.toBe('');
      expect(out[i]).not.toBe(texts[i]);
    }
    // Seven texts, six at a time: two rounds, the blank counted from the start.
    expect(progress).toEqual([7, 8]);
  });

  it('answers a wrong key with the server code and its message in the asked language', async () => {
    const wrong = await failure(signIn(base, { kind: 'key', apiKey: `${apiKey.split(':')[0]}:not-the-secret` }, undefined, 'zh_CN'));
    expect(wrong).toBeInstanceOf(ClientError);
    expect(wrong).toMatchObject({ code: 10003, message: 'AppID或AppSecret不正确' });
    const english = await failure(signIn(base, { kind: 'key', apiKey: 'no-colon-here' }));
    expect(english).toMatchObject({ code: 10001 });
    const badPassword = await failure(signIn(base, { kind: 'login', account: ADMIN.account, password: 'wrong-Passw0rd' }));
    expect(badPassword).toBeInstanceOf(ClientError);
    expect((badPassword as ClientError).code).toBeGreaterThan(20000);
  });

  it('answers a refused translation with the server code and message', async () => {
    const session = await signIn(base, { kind: 'key', apiKey });
    const sameLanguage = await failure(translateTexts(session, ['one'], 'en-us', 'en-us', { uiLang: 'en_US' }));
    expect(sameLanguage).toMatchObject({ code: 10016 });
    expect((sameLanguage as ClientError).message).toMatch(/^Language code error/);
  });

  it('renews a token another sign-in retired (10007), once and transparently, when the auth was kept', async () => {
    const session = await signIn(base, { kind: 'key', apiKey });
    const first = session.token;
    // A second sign-in with the same key retires the first token (one live token per key).
    await signIn(base, { kind: 'key', apiKey });
    const out = await translateTexts(session, ['nine'], 'en-us', 'zh-cn');
    expect(out[0]).not.toBe('nine');
    expect(session.token).not.toBe(first);
    // Without the auth the failure is the caller's to handle.
    const bare: ClientSession = { server: base, kind: 'key', token: first };
    expect(await failure(translateTexts(bare, ['nine'], 'en-us', 'zh-cn'))).toMatchObject({ code: 10007 });
  });

  it('refuses a server address that is not http(s) and reports an unreachable one', async () => {
    expect(await failure(listLanguages('file:///etc/passwd'))).toMatchObject({ code: 0 });
    expect(await failure(listLanguages('http://127.0.0.1:1'))).toMatchObject({ code: 0 });
  });
});
