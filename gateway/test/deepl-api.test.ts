/**
 * The DeepL-compatible API (/v2/) on the real gateway runtime: the in-process MT worker on the
 * tiny test models (English number words to Chinese numerals), the document worker, termbases
 * in PostgreSQL and the real ledger. Form and JSON bodies, DeepL's statuses and `{message}`
 * bodies, glossaries as termbases, documents, and what is charged (and what is not).
 */
import { createAppKey } from '@mtp/accounts';
import { remaining, reserve } from '@mtp/billing';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
let key: string;
let userId: number;

beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models') });
  ({ userId } = await gw.registeredUser('deepl@example.com'));
  key = (await createAppKey(gw.db, { userId, name: 'deepl tests' })).api_key;
});
afterAll(async () => {
  await gw?.close();
});

type V2 = { form?: [string, string][]; json?: unknown; key?: string | null; lang?: string; query?: Record<string, string> };

async function v2<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'DELETE', url: string, o: V2 = {}) {
  const auth = o.key === null ? {} : { authorization: `DeepL-Auth-Key ${o.key ?? key}` };
  const res = await gw.app.inject({
    method,
    url: `/v2/${url}`,
    query: o.query,
    payload: o.form ? new URLSearchParams(o.form).toString() : (o.json as object | undefined),
    headers: {
      ...auth,
      ...(o.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(o.lang ? { 'accept-language': o.lang } : {}),
    },
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: (isJson ? res.json() : res.body) as T, raw: res };
}

const left = async () => (await remaining(gw.db, userId)).total_left;

async function apiReservations(): Promise<string[]> {
  const { rows } = await gw.db.query<{ task_id: string }>(
    `SELECT task_id FROM quota_reservations WHERE user_id = $1 AND task_id LIKE 'sync:%'`,
    [userId],
  );
  return rows.map((r) => r.task_id);
}

describe('POST /v2/translate', () => {
  it('translates repeated form texts, detects the source and bills the texts only via the API', async () => {
    const before = await left();
    const res = await v2('POST', 'translate', {
      form: [
        ['text', 'twenty one'],
        ['text', 'nine thousand'],
        ['target_lang', 'zh'],
        ['show_billed_characters', '1'],
        ['context', 'numbers read aloud in a long context that is never charged'],
        ['formality', 'prefer_more'],
        ['split_sentences', 'nonewlines'],
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      translations: [
        { detected_source_language: 'EN', text: '二十一', billed_characters: 10 },
        { detected_source_language: 'EN', text: '九千', billed_characters: 13 },
      ],
    });
    expect(before - (await left())).toBe(23);
    expect((await apiReservations()).every((id) => id.includes(':api:'))).toBe(true);
  });

  it('takes JSON with a single text and with a list, and keeps markup with tag_handling', async () => {
    const single = await v2('POST', 'translate', { json: { text: 'twenty one', source_lang: 'EN', target_lang: 'ZH-HANS' } });
    expect(single.body).toEqual({ translations: [{ detected_source_language: 'EN', text: '二十一' }] });
    const list = await v2('POST', 'translate', { json: { text: ['five', 'six'], source_lang: 'en', target_lang: 'zh' } });
    expect(list.body).toMatchObject({ translations: [{ text: '五' }, { text: '六' }] });
    const html = await v2('POST', 'translate', {
      json: {
        text: ['<p class="n" data-x=\'1\'>twenty one <b>nine thousand</b></p>'],
        source_lang: 'EN',
        target_lang: 'ZH',
        tag_handling: 'html',
      },
    });
    expect(html.body).toMatchObject({ translations: [{ text: '<p class="n" data-x=\'1\'>二十一 <b>九千</b></p>' }] });
  });

  it('answers DeepL statuses with a message in the caller language, charging nothing', async () => {
    const before = await left();
    const noKey = await v2('POST', 'translate', {
      key: null,
      form: [
        ['text', 'five'],
        ['target_lang', 'ZH'],
      ],
    });
    expect(noKey.status).toBe(403);
    expect(noKey.body).toEqual({ message: expect.any(String) });
    expect(
      (
        await v2('POST', 'translate', {
          key: 'nobody:secret',
          form: [
            ['text', 'five'],
            ['target_lang', 'ZH'],
          ],
        })
      ).status,
    ).toBe(403);

    const german = await v2('POST', 'translate', {
      form: [
        ['text', 'five'],
        ['target_lang', 'DE'],
      ],
    });
    expect(german).toMatchObject({ status: 400, body: { message: "Value for 'target_lang' not supported." } });
    const zh = await v2('POST', 'translate', {
      lang: 'zh-CN',
      form: [
        ['text', 'five'],
        ['target_lang', 'DE'],
      ],
    });
    expect(zh.body).toEqual({ message: "不支持的 'target_lang' 取值。" });
    const tooMany = await v2('POST', 'translate', {
      form: [...Array.from({ length: 51 }, (): [string, string] => ['text', 'one']), ['target_lang', 'ZH']],
    });
    expect(tooMany.status).toBe(400);
    expect((await v2('POST', 'translate', { form: [['target_lang', 'ZH']] })).status).toBe(400);
    const unknownGlossary = await v2('POST', 'translate', {
      form: [
        ['text', 'five'],
        ['source_lang', 'EN'],
        ['target_lang', 'ZH'],
        ['glossary_id', '999999'],
      ],
    });
    expect(unknownGlossary.status).toBe(404);
    expect(await left()).toBe(before);
  });

  it('answers 456 when the balance is short, with nothing charged', async () => {
    const poor = await gw.registeredUser('deepl-poor@example.com');
    const poorKey = (await createAppKey(gw.db, { userId: poor.userId, name: 'poor' })).api_key;
    await reserve(gw.db, {
      userId: poor.userId,
      taskId: `drain-${poor.userId}`,
      chars: (await remaining(gw.db, poor.userId)).total_left - 3,
    });
    const res = await v2('POST', 'translate', {
      key: poorKey,
      form: [
        ['text', 'nine thousand'],
        ['target_lang', 'ZH'],
      ],
    });
    expect(res.status).toBe(456);
    expect(res.body).toEqual({ message: expect.stringContaining('characters') });
    expect((await remaining(gw.db, poor.userId)).total_left).toBe(3);
  });
});

describe('languages and usage', () => {
  it('lists source and target languages (GET and form POST)', async () => {
    const sources = await v2<{ language: string }[]>('GET', 'languages');
    expect(sources.body.map((l) => l.language)).toEqual(['EN', 'JA', 'KO', 'RU', 'ZH']);
    const targets = await v2<{ language: string; supports_formality: boolean }[]>('POST', 'languages', { form: [['type', 'target']] });
    expect(targets.body.map((l) => l.language)).toEqual(['EN-GB', 'EN-US', 'JA', 'KO', 'RU', 'ZH', 'ZH-HANS']);
    expect(targets.body.every((l) => l.supports_formality === false)).toBe(true);
    expect((await v2('GET', 'languages', { query: { type: 'other' } })).status).toBe(400);
  });

  it('answers the owner balance: limit minus count is what is left, and a translation counts', async () => {
    const usage = await v2<{ character_count: number; character_limit: number }>('GET', 'usage');
    expect(usage.status).toBe(200);
    expect(usage.body.character_limit - usage.body.character_count).toBe(await left());
    expect(usage.body.character_count).toBeGreaterThan(0); // the tests above translated
    await v2('POST', 'translate', { json: { text: 'nine thousand', source_lang: 'EN', target_lang: 'ZH' } });
    const after = await v2<{ character_count: number; character_limit: number }>('GET', 'usage');
    expect(after.body).toEqual({
      character_count: usage.body.character_count + 'nine thousand'.length,
      character_limit: usage.body.character_limit,
    });
  });
});

describe('glossaries', () => {
  it('creates from TSV, lists, reads, answers entries as TSV, translates with it and deletes', async () => {
    const created = await v2<{ glossary_id: string; entry_count: number; source_lang: string; ready: boolean }>('POST', 'glossaries', {
      form: [
        ['name', 'numbers'],
        ['source_lang', 'en'],
        ['target_lang', 'zh'],
        ['entries_format', 'tsv'],
        ['entries', 'twenty one\t廿一\n-ing\t-形式\n#tag\t标签\n'],
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'numbers', source_lang: 'en', target_lang: 'zh', entry_count: 3, ready: true });
    const id = created.body.glossary_id;

    const list = await v2<{ glossaries: { glossary_id: string }[] }>('GET', 'glossaries');
    expect(list.body.glossaries.map((g) => g.glossary_id)).toContain(id);
    expect((await v2('GET', `glossaries/${id}`)).body).toMatchObject({ glossary_id: id, entry_count: 3 });
    const entries = await v2<string>('GET', `glossaries/${id}/entries`);
    expect(entries.raw.headers['content-type']).toContain('text/tab-separated-values');
    expect(entries.body).toBe('twenty one\t廿一\n-ing\t-形式\n#tag\t标签');

    const translated = await v2('POST', 'translate', {
      form: [
        ['text', 'twenty one'],
        ['source_lang', 'EN'],
        ['target_lang', 'ZH'],
        ['glossary_id', id],
      ],
    });
    expect(translated.body).toMatchObject({ translations: [{ text: '廿一' }] });
    const noSource = await v2('POST', 'translate', {
      form: [
        ['text', 'twenty one'],
        ['target_lang', 'ZH'],
        ['glossary_id', id],
      ],
    });
    expect(noSource.status).toBe(400);
    const otherPair = await v2('POST', 'translate', {
      form: [
        ['text', 'twenty one'],
        ['source_lang', 'EN'],
        ['target_lang', 'JA'],
        ['glossary_id', id],
      ],
    });
    expect(otherPair.status).toBe(400);

    expect((await v2('DELETE', `glossaries/${id}`)).status).toBe(204);
    expect((await v2('GET', `glossaries/${id}`)).status).toBe(404);
    expect((await v2('GET', `glossaries/${id}/entries`)).status).toBe(404);
  });

  it('creates from CSV with quotes and language columns; refuses bad entries whole', async () => {
    const csv = '"one, two",一二,en,zh\nthree,"三 ""引号""",en,zh\n';
    const created = await v2<{ glossary_id: string }>('POST', 'glossaries', {
      json: { name: 'csv', source_lang: 'EN', target_lang: 'ZH', entries_format: 'csv', entries: csv },
    });
    expect(created.status).toBe(201);
    expect((await v2<string>('GET', `glossaries/${created.body.glossary_id}/entries`)).body).toBe('one, two\t一二\nthree\t三 "引号"');

    const count = (await v2<{ glossaries: unknown[] }>('GET', 'glossaries')).body.glossaries.length;
    const bad = [
      'a\tb\na\tc', // duplicate source
      'a\tb\tc', // three columns
      'only source',
    ];
    for (const entries of bad) {
      const res = await v2('POST', 'glossaries', { json: { name: 'bad', source_lang: 'en', target_lang: 'zh', entries } });
      expect(res.status, entries).toBe(400);
      expect(res.body).toEqual({ message: expect.stringContaining('line') });
    }
    const wrongPair = await v2('POST', 'glossaries', {
      json: { name: 'bad', source_lang: 'en', target_lang: 'zh', entries_format: 'csv', entries: 'a,b,en,ja' },
    });
    expect(wrongPair.status).toBe(400);
    expect((await v2<{ glossaries: unknown[] }>('GET', 'glossaries')).body.glossaries).toHaveLength(count);
  });

  it('lists the glossary language pairs and hides other users’ glossaries', async () => {
    const pairs = await v2<{ supported_languages: { source_lang: string; target_lang: string }[] }>('GET', 'glossary-language-pairs');
    expect(pairs.body.supported_languages).toContainEqual({ source_lang: 'en', target_lang: 'zh' });
    expect(pairs.body.supported_languages).toHaveLength(20);
    const other = await gw.registeredUser('deepl-other@example.com');
    const otherKey = (await createAppKey(gw.db, { userId: other.userId, name: 'other' })).api_key;
    const mine = await v2<{ glossary_id: string }>('POST', 'glossaries', {
      json: { name: 'mine', source_lang: 'en', target_lang: 'zh', entries: 'a\tb' },
    });
    expect((await v2('GET', `glossaries/${mine.body.glossary_id}`, { key: otherKey })).status).toBe(404);
    expect((await v2('DELETE', `glossaries/${mine.body.glossary_id}`, { key: otherKey })).status).toBe(404);
  });
});

describe('documents', () => {
  it('uploads, polls until done, downloads; a wrong key is 404', async () => {
    const boundary = 'deeplboundary';
    const part = (name: string, value: string, filename?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`;
    const payload =
      part('file', 'twenty one\nnine thousand', 'numbers.txt') +
      part('source_lang', 'EN') +
      part('target_lang', 'ZH') +
      `--${boundary}--\r\n`;
    const upload = await gw.app.inject({
      method: 'POST',
      url: '/v2/document',
      payload,
      headers: { authorization: `DeepL-Auth-Key ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(upload.statusCode).toBe(200);
    const handle = upload.json() as { document_id: string; document_key: string };
    expect(handle).toEqual({ document_id: expect.any(String), document_key: expect.any(String) });

    let status: { status: string; billed_characters?: number } = { status: 'queued' };
    for (let i = 0; i < 300 && status.status !== 'done' && status.status !== 'error'; i++) {
      status = (await v2<typeof status>('POST', `document/${handle.document_id}`, { form: [['document_key', handle.document_key]] })).body;
      if (status.status !== 'done') await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toMatchObject({ status: 'done', billed_characters: 23 });
    const result = await v2<string>('POST', `document/${handle.document_id}/result`, { form: [['document_key', handle.document_key]] });
    expect(result.status).toBe(200);
    expect(result.raw.body).toBe('二十一\n九千');

    const wrong = await v2('POST', `document/${handle.document_id}`, { form: [['document_key', '00000000-0000-0000-0000-000000000000']] });
    expect(wrong.status).toBe(404);
    expect((await v2('POST', `document/not-a-document/result`, { form: [['document_key', handle.document_key]] })).status).toBe(404);
  });

  it('refuses an upload without source_lang or with an unknown format', async () => {
    const boundary = 'b2';
    const send = (fields: string) =>
      gw.app.inject({
        method: 'POST',
        url: '/v2/document',
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nfive\r\n${fields}--${boundary}--\r\n`,
        headers: { authorization: `DeepL-Auth-Key ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    const field = (n: string, v: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`;
    expect((await send(field('target_lang', 'ZH'))).statusCode).toBe(400);
    const exe = await gw.app.inject({
      method: 'POST',
      url: '/v2/document',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.exe"\r\n\r\nMZ\r\n${field('source_lang', 'EN')}${field('target_lang', 'ZH')}--${boundary}--\r\n`,
      headers: { authorization: `DeepL-Auth-Key ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(exe.statusCode).toBe(400);
  });
});
