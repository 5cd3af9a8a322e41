/**
 * Bulletins, the FAQ and the user terms against the real PostgreSQL: the whitelisted calls answer
 * without a token with only the live bulletins of the caller's site in its language; hostile
 * HTML is stored and served clean; managers reach their own site's bulletins only (another
 * site's answers as missing); every change leaves its system-log line, a refused one none.
 */
import type { AdminBulletin, AdminFaq, AdminTerms, DocumentData, NoticeData } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
let admin: string;
let manager: string;
let normal: string;
let acmeId: number;
let otherId: number;

const HOSTILE =
  '<p>Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>' +
  '<svg onload=alert(1)></svg><a href="https://ok.example" onclick="alert(1)">ok</a></p>';

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|onerror|onload|onclick|javascript:|<svg/i);
}

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const bulletin = (title: string, extra: Record<string, unknown> = {}) => ({
  title: { zh_CN: `${title}-中`, en_US: `${title}-en` },
  body: { zh_CN: `<p>${title} 正文</p>`, en_US: `<p>${title} body</p>` },
  ...extra,
});
const logLines = async (action: string) =>
  (await gw.db.query<{ target_id: string }>('SELECT target_id FROM system_log WHERE action = $1 ORDER BY log_id', [action])).rows.map(
    (r) => r.target_id,
  );

beforeAll(async () => {
  gw = await buildTestGateway();
  admin = await gw.adminToken();
  const sites = await gw.db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config) VALUES ('acme', 'Acme', '{}'), ('other', 'Other', '{}') RETURNING site_id`,
  );
  [acmeId, otherId] = sites.rows.map((r) => r.site_id) as [number, number];
  const m = await gw.registeredUser('content-manager@example.com');
  await gw.db.query('UPDATE users SET role = 1, site_id = $2 WHERE user_id = $1', [m.userId, acmeId]);
  manager = m.token;
  normal = (await gw.registeredUser('content-normal@example.com')).token;
});
afterAll(async () => {
  await gw.close();
});

describe('text/get_notice', () => {
  it('answers without a token only the live bulletins of the site, newest first, in the caller language', async () => {
    const create = (body: object) => gw.call<AdminBulletin>('POST', 'admin/bulletins/create', { token: admin, body });
    expect((await create(bulletin('everywhere', { publish_from: hours(-3) }))).code).toBe(20000);
    expect((await create(bulletin('acme-live', { site_id: acmeId, publish_from: hours(-1), publish_until: hours(5) }))).code).toBe(20000);
    await create(bulletin('acme-ended', { site_id: acmeId, publish_from: hours(-5), publish_until: hours(-2) }));
    await create(bulletin('acme-future', { site_id: acmeId, publish_from: hours(2) }));
    await create(bulletin('other-live', { site_id: otherId, publish_from: hours(-1) }));

    const acme = await gw.call<NoticeData>('GET', 'text/get_notice', { query: { site_code: 'acme' }, lang: 'en-US' });
    expect(acme.status).toBe(200);
    expect(acme.data.notice_list.map((n) => n.title)).toEqual(['acme-live-en', 'everywhere-en']);
    expect(acme.data.notice_list[0]!.body).toBe('<p>acme-live body</p>');

    const zh = await gw.call<NoticeData>('GET', 'text/get_notice', { query: { site_code: 'acme' }, lang: 'zh-CN' });
    expect(zh.data.notice_list.map((n) => n.title)).toEqual(['acme-live-中', 'everywhere-中']);

    // A visitor of the main site, and a signed-in user of the main site whatever code is asked.
    const main = await gw.call<NoticeData>('GET', 'text/get_notice', { lang: 'en-US' });
    expect(main.data.notice_list.map((n) => n.title)).toEqual(['everywhere-en']);
    const own = await gw.call<NoticeData>('GET', 'text/get_notice', { token: normal, query: { site_code: 'other' } });
    expect(own.data.notice_list.map((n) => n.title)).toEqual(['everywhere-en']);
    expect((await gw.call('GET', 'text/get_notice', { query: { site_code: 'nosuch' } })).code).toBe(40027);
  });

  it('stores and serves hostile HTML clean, even a row written past the sanitizer', async () => {
    const created = await gw.call<AdminBulletin>('POST', 'admin/bulletins/create', {
      token: admin,
      body: { title: { zh_CN: 'x', en_US: 'hostile' }, body: { zh_CN: HOSTILE, en_US: HOSTILE }, site_id: otherId },
    });
    expect(created.code).toBe(20000);
    const { rows } = await gw.db.query<{ body_en: string }>('SELECT body_en FROM bulletins WHERE bulletin_id = $1', [
      created.data.bulletin_id,
    ]);
    expectClean(rows[0]!.body_en);
    expect(rows[0]!.body_en).toContain('<a href="https://ok.example" rel="noopener noreferrer" target="_blank">ok</a>');

    await gw.db.query(`INSERT INTO bulletins (site_id, title_zh, title_en, body_zh, body_en) VALUES ($1, 'raw', 'raw', $2, $2)`, [
      otherId,
      HOSTILE,
    ]);
    const served = await gw.call<NoticeData>('GET', 'text/get_notice', { query: { site_code: 'other' } });
    expect(served.data.notice_list.map((n) => n.title)).toContain('raw');
    for (const n of served.data.notice_list) expectClean(n.body);
    const listed = await gw.call<{ list: AdminBulletin[] }>('GET', 'admin/bulletins', { token: admin, query: { page_size: '100' } });
    for (const b of listed.data.list) expectClean(b.body.en_US);
  });
});

describe('bulletin editing by role and site', () => {
  it('lets a manager edit their own site only; another site answers as missing and changes nothing', async () => {
    const mine = await gw.call<AdminBulletin>('POST', 'admin/bulletins/create', { token: manager, body: bulletin('by-manager') });
    expect(mine.code).toBe(20000);
    expect(mine.data.site_id).toBe(acmeId);
    const theirs = await gw.call<AdminBulletin>('POST', 'admin/bulletins/create', {
      token: admin,
      body: bulletin('theirs', { site_id: otherId }),
    });

    const list = await gw.call<{ list: AdminBulletin[] }>('GET', 'admin/bulletins', { token: manager, query: { page_size: '100' } });
    expect(list.data.list.length).toBeGreaterThan(0);
    expect(list.data.list.every((b) => b.site_id === acmeId)).toBe(true);

    const update = { bulletin_id: theirs.data.bulletin_id, ...bulletin('hijacked') };
    expect((await gw.call('POST', 'admin/bulletins/update', { token: manager, body: update })).code).toBe(40400);
    expect((await gw.call('POST', 'admin/bulletins/update', { token: manager, body: { ...update, bulletin_id: 999_999 } })).code).toBe(
      40400,
    );
    expect(
      (await gw.call('POST', 'admin/bulletins/create', { token: manager, body: bulletin('elsewhere', { site_id: otherId }) })).code,
    ).toBe(40027);

    // A delete naming one reachable and one unreachable bulletin deletes neither and logs nothing.
    const deletesBefore = await logLines('bulletin.delete');
    const both = { ids: [mine.data.bulletin_id, theirs.data.bulletin_id] };
    expect((await gw.call('DELETE', 'admin/bulletins', { token: manager, body: both })).code).toBe(40400);
    expect(await logLines('bulletin.delete')).toEqual(deletesBefore);
    const still = await gw.db.query('SELECT 1 FROM bulletins WHERE bulletin_id = ANY($1)', [both.ids]);
    expect(still.rowCount).toBe(2);

    const edited = await gw.call<AdminBulletin>('POST', 'admin/bulletins/update', {
      token: manager,
      body: { bulletin_id: mine.data.bulletin_id, ...bulletin('edited') },
    });
    expect(edited.data.title.en_US).toBe('edited-en');
    expect((await gw.call('DELETE', 'admin/bulletins', { token: manager, body: { ids: [mine.data.bulletin_id] } })).data).toEqual({
      deleted: 1,
    });

    const id = String(mine.data.bulletin_id);
    expect(await logLines('bulletin.create')).toContain(id);
    expect(await logLines('bulletin.update')).toContain(id);
    expect(await logLines('bulletin.delete')).toContain(id);
  });

  it('refuses a window that ends before it starts', async () => {
    const body = bulletin('backwards', { publish_from: hours(2), publish_until: hours(1) });
    expect((await gw.call('POST', 'admin/bulletins/create', { token: admin, body })).code).toBe(40000);
  });

  it('answers 42000 to a normal user on every content admin call, whatever the body', async () => {
    const calls: [method: 'GET' | 'POST' | 'DELETE', path: string][] = [
      ['GET', 'admin/bulletins'],
      ['POST', 'admin/bulletins/create'],
      ['POST', 'admin/bulletins/update'],
      ['DELETE', 'admin/bulletins'],
      ['GET', 'admin/faq'],
      ['POST', 'admin/faq/create'],
      ['POST', 'admin/faq/update'],
      ['DELETE', 'admin/faq'],
      ['GET', 'admin/terms'],
      ['POST', 'admin/terms/save'],
      ['POST', 'admin/terms/publish'],
      ['GET', 'admin/home_summary'],
    ];
    for (const [method, path] of calls) {
      expect((await gw.call(method, path, { token: normal, body: method === 'GET' ? undefined : {} })).code, path).toBe(42000);
    }
  });

  it('keeps the FAQ and the terms to administrators', async () => {
    expect((await gw.call('GET', 'admin/faq', { token: manager })).code).toBe(42000);
    const faq = { question: { zh_CN: '问', en_US: 'Q' }, answer: { zh_CN: '答', en_US: 'A' } };
    expect((await gw.call('POST', 'admin/faq/create', { token: manager, body: faq })).code).toBe(42000);
    expect((await gw.call('POST', 'admin/terms/publish', { token: manager, body: { content: { zh_CN: 'x', en_US: 'x' } } })).code).toBe(
      42000,
    );
  });
});

describe('the FAQ (notice_or_document_data/1)', () => {
  it('serves the entries in order, in the caller language, clean', async () => {
    const create = (q: string, order: number, answer = `<p>${q} answer</p>`) =>
      gw.call<AdminFaq>('POST', 'admin/faq/create', {
        token: admin,
        body: { question: { zh_CN: `${q}?中`, en_US: `${q}?` }, answer: { zh_CN: answer, en_US: answer }, sort_order: order },
      });
    const second = await create('second', 2, HOSTILE);
    const first = await create('first', 1);
    const gone = await create('gone', 3);
    expect((await gw.call('DELETE', 'admin/faq', { token: admin, body: { ids: [gone.data.faq_id] } })).code).toBe(20000);
    const renamed = await gw.call<AdminFaq>('POST', 'admin/faq/update', {
      token: admin,
      body: {
        faq_id: first.data.faq_id,
        question: { zh_CN: '第一?', en_US: 'First?' },
        answer: { zh_CN: '<p>一</p>', en_US: '<p>one</p>' },
      },
    });
    expect(renamed.data.sort_order).toBe(1);

    const en = await gw.call<DocumentData>('GET', 'text/notice_or_document_data/1', { lang: 'en-US' });
    expect(en.data.faq_list!.map((f) => f.question)).toEqual(['First?', 'second?']);
    expect(en.data.faq_list![0]!.answer).toBe('<p>one</p>');
    expectClean(en.data.faq_list![1]!.answer);
    const zh = await gw.call<DocumentData>('GET', 'text/notice_or_document_data/1', { lang: 'zh-CN' });
    expect(zh.data.faq_list!.map((f) => f.question)).toEqual(['第一?', 'second?中']);
    expect(await logLines('faq.create')).toEqual([second, first, gone].map((f) => String(f.data.faq_id)));
    expect(await logLines('faq.delete')).toEqual([String(gone.data.faq_id)]);
    expect(await logLines('faq.update')).toEqual([String(first.data.faq_id)]);
  });
});

describe('the user terms (notice_or_document_data/2)', () => {
  it('serves the stored text; a correction asks nobody again, a published version asks everyone', async () => {
    const seeded = await gw.call<DocumentData>('GET', 'text/notice_or_document_data/2', { lang: 'en-US' });
    expect(seeded.data.terms!.version).toBe(1);
    expect(seeded.data.terms!.content).toContain('MT Platform translates the texts');

    await gw.registerUser('terms-reader@example.com', 'Passw0rd');
    const loginAsking = () =>
      gw.call('POST', 'user/login', { body: { account: 'terms-reader@example.com', password: gw.encrypt('Passw0rd') } });

    const saved = await gw.call<AdminTerms>('POST', 'admin/terms/save', {
      token: admin,
      body: { content: { zh_CN: '<p>条款 v1</p>', en_US: `<p>Terms v1</p>${HOSTILE}` } },
    });
    expect(saved.data.version).toBe(1);
    expectClean(saved.data.content.en_US);
    expect((await loginAsking()).code).toBe(20000);

    const published = await gw.call<AdminTerms>('POST', 'admin/terms/publish', {
      token: admin,
      body: { content: { zh_CN: '<p>条款 v2</p>', en_US: '<p>Terms v2</p>' } },
    });
    expect(published.data.version).toBe(2);
    expect((await loginAsking()).code).toBe(40014);
    const served = await gw.call<DocumentData>('GET', 'text/notice_or_document_data/2', { lang: 'zh-CN' });
    expect(served.data.terms).toEqual({ version: 2, content: '<p>条款 v2</p>' });
    expect((await gw.call<AdminTerms>('GET', 'admin/terms', { token: admin })).data.content.en_US).toBe('<p>Terms v2</p>');
    expect(await logLines('terms.update')).toEqual(['1']);
    expect(await logLines('terms.publish')).toEqual(['2']);
  });

  it('answers 40000 to a kind other than 1 and 2', async () => {
    expect((await gw.call('GET', 'text/notice_or_document_data/3')).code).toBe(40000);
  });
});
