/**
 * DeepL's official Node.js client (deepl-node 1.28) pointed at a started platform with
 * `serverUrl`, unchanged: the whole platform as `npm start` runs it (in-process MT worker on the
 * tiny test models: English number words to Chinese numerals, and the document worker) on a
 * fresh database and a free port. The key is an app key made over the API by the user center's
 * route. Text (single, array, glossary, html), usage, languages, a document, glossaries, and the
 * client's own error classes for a wrong key (403) and an exhausted balance (456).
 */
import { remaining, reserve } from '@mtp/billing';
import { loadConfig, REPO_ROOT, startPlatform, type Platform } from '@mtp/gateway';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import * as deepl from 'deepl-node';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginOverHttp } from '../support/fault-support';

const ADMIN = { account: 'admin@example.com', password: 'Admin12345' };

let tdb: TestDatabase;
let platform: Platform;
let storageDir: string;
let work: string;
let serverUrl: string;
let apiKey: string;
let translator: deepl.Translator;

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-deepl-storage-'));
  work = await mkdtemp(path.join(os.tmpdir(), 'mtp-deepl-files-'));
  platform = await startPlatform(
    {
      ...loadConfig({}),
      storageDir,
      port: 0,
      host: '127.0.0.1',
      databaseUrl: tdb.url,
      adminAccount: ADMIN.account,
      adminPassword: ADMIN.password,
      webDist: '',
      modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models'),
      natsUrl: undefined,
      runMtWorker: true,
      mtThreads: 1,
    },
    { log: () => {} },
  );
  serverUrl = await platform.listen();
  const token = await loginOverHttp(`${serverUrl}/api/v1.0`, ADMIN.account, ADMIN.password);
  const created = await (
    await fetch(`${serverUrl}/api/v1.0/app/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'deepl-node' }),
    })
  ).json();
  expect(created.code, created.msg).toBe(20000);
  apiKey = created.data.api_key as string;
  translator = new deepl.Translator(apiKey, { serverUrl, maxRetries: 0 });
}, 120_000);

afterAll(async () => {
  await platform?.close();
  await tdb?.drop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
  if (work) await rm(work, { recursive: true, force: true });
});

describe('deepl-node against our /v2/', () => {
  it('translates a single text and an array, and bills them', async () => {
    const single = await translator.translateText('twenty one', 'en', 'zh');
    expect(single).toMatchObject({ text: '二十一', detectedSourceLang: 'en', billedCharacters: 10 });
    const many = await translator.translateText(['nine thousand', 'five'], null, 'zh');
    expect(many.map((r) => r.text)).toEqual(['九千', '五']);
    expect(many.map((r) => r.detectedSourceLang)).toEqual(['en', 'en']);
  });

  it('keeps html tags with tagHandling', async () => {
    const html = await translator.translateText('<p class="num">twenty one <b>nine thousand</b></p>', 'en', 'zh', { tagHandling: 'html' });
    expect(html.text).toBe('<p class="num">二十一 <b>九千</b></p>');
  });

  it('creates, lists, reads and deletes a glossary, and translates with it', async () => {
    const glossary = await translator.createGlossary(
      'numbers',
      'en',
      'zh',
      new deepl.GlossaryEntries({ entries: { 'twenty one': '廿一', five: '伍' } }),
    );
    expect(glossary).toMatchObject({ name: 'numbers', ready: true, sourceLang: 'en', targetLang: 'zh', entryCount: 2 });
    expect((await translator.listGlossaries()).map((g) => g.glossaryId)).toContain(glossary.glossaryId);
    expect((await translator.getGlossary(glossary.glossaryId)).entryCount).toBe(2);
    expect((await translator.getGlossaryEntries(glossary)).entries()).toEqual({ 'twenty one': '廿一', five: '伍' });

    const withGlossary = await translator.translateText('twenty one', 'en', 'zh', { glossary });
    expect(withGlossary.text).toBe('廿一');

    await translator.deleteGlossary(glossary);
    await expect(translator.getGlossary(glossary.glossaryId)).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);
  });

  it('answers usage and the language lists', async () => {
    const usage = await translator.getUsage();
    expect(usage.character).toBeDefined();
    expect(usage.character!.limit - usage.character!.count).toBeGreaterThan(0);
    expect((await translator.getSourceLanguages()).map((l) => l.code)).toEqual(['en', 'ja', 'ko', 'ru', 'zh']);
    const targets = await translator.getTargetLanguages();
    expect(targets.map((l) => l.code)).toEqual(['en-GB', 'en-US', 'ja', 'ko', 'ru', 'zh', 'zh-HANS']);
  });

  it('translates a document: upload, poll, download', async () => {
    const input = path.join(work, 'numbers.txt');
    const output = path.join(work, 'numbers.zh.txt');
    await writeFile(input, 'twenty one\nnine thousand');
    const status = await translator.translateDocument(input, output, 'en', 'zh');
    expect(status.done()).toBe(true);
    expect(status.billedCharacters).toBe(23);
    expect(await readFile(output, 'utf8')).toBe('二十一\n九千');
  }, 60_000);

  it('raises AuthorizationError for a wrong key and QuotaExceededError for an exhausted balance', async () => {
    const wrong = new deepl.Translator(`${apiKey.split(':')[0]}:not-the-secret`, { serverUrl, maxRetries: 0 });
    await expect(wrong.translateText('five', 'en', 'zh')).rejects.toBeInstanceOf(deepl.AuthorizationError);

    // Last: the key owner's characters are used up.
    const { rows } = await tdb.db.query<{ user_id: number }>('SELECT user_id FROM users WHERE account = $1', [ADMIN.account]);
    const userId = rows[0]!.user_id;
    await reserve(tdb.db, { userId, taskId: `drain-${userId}`, chars: (await remaining(tdb.db, userId)).total_left });
    await expect(translator.translateText('nine thousand', 'en', 'zh')).rejects.toBeInstanceOf(deepl.QuotaExceededError);
  });
});
