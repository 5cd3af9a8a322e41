/**
 * Document translation through the gateway with the real in-process MT worker on the tiny test
 * models (en-us -> zh-cn: English number words to Chinese numerals): upload, chunked work,
 * progress, download, bilingual output, interrupt with refund, My Documents, expiry.
 */
import { remaining, reserve } from '@mtp/billing';
import { docxFormat, txtFormat } from '@mtp/doc-worker';
import { ocrImage } from '@mtp/doc-worker';
import { textPicture } from '@mtp/doc-worker/testing';
import { unzipSync, zipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { convertWithLibreOffice } from '@mtp/platform';
import { sweepExpiredDocuments, type DocDeps } from '@mtp/tasks';
import { BUS, type JobsWithdrawn, type MyFilesData } from '@mtp/proto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { download, storedFiles, uploadDocuments, waitForTask } from './doc-support';
import { buildTestGateway, type TestGateway } from './helper';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');
const LINES = ['twenty one', 'thirty eight', 'fifty eight', 'one hundred'];
const NUMERALS = ['二十一', '三十八', '五十八', '一百'];

let gw: TestGateway;
let docx: Buffer;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
  // A real .docx written by LibreOffice from plain text, one paragraph per line.
  docx = await convertWithLibreOffice(Buffer.from(LINES.join('\n') + '\n'), 'txt', 'docx');
}, 60_000);
afterAll(async () => {
  await gw.close();
});

const leftOf = async (userId: number) => (await remaining(gw.db, userId)).total_left;

/** A real Word file of pictures only, the first one showing "twenty one". */
const picturesDocx = async () => {
  const entries = unzipSync(await readFile(path.join(REPO_ROOT, 'workers/doc/fixtures/ooxml/having-images.docx')));
  entries['word/media/image1.png'] = new Uint8Array(textPicture('twenty one'));
  return Buffer.from(zipSync(entries));
};

describe('document translation', () => {
  it('translates a docx and a txt in one batch, charges each once and serves both results', async () => {
    const { token, userId } = await gw.registeredUser('docs1@example.com');
    const before = await leftOf(userId);
    const created = await uploadDocuments(gw, token, [
      { name: 'numbers.docx', bytes: docx },
      { name: 'numbers.txt', bytes: Buffer.from(LINES.join('\n\n')) },
    ]);
    expect(created.code, created.msg).toBe(20000);
    const task = await waitForTask(gw, token, created.data.task_id);
    expect(task.step).toBe(3);
    expect(task.doc_num).toBe(2);
    expect(task.translate_list.map((f) => [f.file_name, f.status, f.score])).toEqual([
      ['numbers.docx', 'done', 100],
      ['numbers.txt', 'done', 100],
    ]);
    const chars = LINES.join('').length;
    expect(task.price).toBe(2 * chars);
    expect(before - (await leftOf(userId))).toBe(2 * chars);

    const [docxItem, txtItem] = task.translate_list;
    const docxRes = await download(gw, token, docxItem!.projectId);
    expect(docxRes.statusCode).toBe(200);
    expect(docxRes.headers['content-disposition']).toContain('numbers_zh-cn.docx');
    const reopened = await docxFormat.open(docxRes.rawPayload, { srcLang: 'zh-cn' });
    expect(reopened.paragraphs.map((p) => p.text)).toEqual(NUMERALS);
    const txtRes = await download(gw, token, txtItem!.projectId);
    expect(txtRes.payload.split(/\r?\n/).filter(Boolean)).toEqual(NUMERALS);
  });

  it('writes bilingual output by paragraph (source, then its translation)', async () => {
    const { token } = await gw.registeredUser('docs2@example.com');
    const created = await uploadDocuments(gw, token, [{ name: 'b.txt', bytes: Buffer.from('twenty one\n\nthirty eight\n') }], {
      mode: '1',
    });
    const task = await waitForTask(gw, token, created.data.task_id);
    const res = await download(gw, token, task.translate_list[0]!.projectId);
    const opened = await txtFormat.open(res.rawPayload, { srcLang: 'en-us' });
    expect(opened.paragraphs.map((p) => p.text)).toEqual(['twenty one', '二十一', 'thirty eight', '三十八']);
  });

  it('translates the text of pictures inside a docx when asked, and charges that text', async () => {
    const { token, userId } = await gw.registeredUser('docs6@example.com');
    const before = await leftOf(userId);
    const created = await uploadDocuments(gw, token, [{ name: 'pictures.docx', bytes: await picturesDocx() }], { translate_pictures: '1' });
    expect(created.code, created.msg).toBe(20000);
    const task = await waitForTask(gw, token, created.data.task_id);
    const projectId = task.translate_list[0]!.projectId;
    expect(task.translate_list[0]!.status).toBe('done');
    const result = unzipSync((await download(gw, token, projectId)).rawPayload);
    const read = await ocrImage(result['word/media/image1.png']!, 'chi_sim', { psm: 6 });
    expect(read.map((l) => l.text.replace(/\s+/g, '')).join('')).toContain('二十一');
    // The document has no text of its own: what was charged is the pictures' text, settled.
    const { rows } = await gw.db.query<{ state: string; chars_charged: number }>(
      `SELECT state, chars_charged::int AS chars_charged FROM quota_reservations WHERE task_id LIKE $1 || ':pic:%'`,
      [projectId],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.state === 'settled')).toBe(true);
    const charged = rows.reduce((n, r) => n + r.chars_charged, 0);
    expect(charged).toBeGreaterThanOrEqual('twenty one'.length);
    expect(before - (await leftOf(userId))).toBe(charged);
    expect(task.price).toBe(charged);
  }, 60_000);

  it('leaves pictures untranslated, and uncharged, when the characters left do not cover them', async () => {
    const { token, userId } = await gw.registeredUser('docs7@example.com');
    await reserve(gw.db, { userId, taskId: 'docs7-everything', chars: await leftOf(userId) });
    const created = await uploadDocuments(gw, token, [{ name: 'pictures.docx', bytes: await picturesDocx() }], { translate_pictures: '1' });
    expect(created.code, created.msg).toBe(20000);
    const task = await waitForTask(gw, token, created.data.task_id);
    expect(task.translate_list[0]!.status).toBe('done');
    const result = unzipSync((await download(gw, token, task.translate_list[0]!.projectId)).rawPayload);
    expect(Buffer.from(result['word/media/image1.png']!).equals(textPicture('twenty one'))).toBe(true);
    expect(await leftOf(userId)).toBe(0);
  }, 60_000);

  it('refuses another user and interrupts with a refund of what was not done', async () => {
    const { token, userId } = await gw.registeredUser('docs3@example.com');
    const other = await gw.registeredUser('docs4@example.com');
    const before = await leftOf(userId);
    const many = Array.from({ length: 400 }, (_, i) => LINES[i % LINES.length]).join('\n');
    const withdrawn: string[][] = [];
    const listening = await gw.bus.subscribe<JobsWithdrawn>(BUS.jobsWithdrawn.subject, (event) => void withdrawn.push(event.task_ids));
    const created = await uploadDocuments(gw, token, [{ name: 'many.txt', bytes: Buffer.from(many) }]);
    expect(created.code).toBe(20000);
    const foreign = await gw.call('GET', 'request_translate/doc/query', { token: other.token, query: { task_id: created.data.task_id } });
    expect(foreign.code).not.toBe(20000);
    const stopped = await gw.call<{ interrupted: number }>('POST', 'request_translate/doc/interrupt', {
      token,
      body: { task_id: created.data.task_id },
      lang: 'en-US',
    });
    expect(stopped.data.interrupted).toBe(1);
    const task = await waitForTask(gw, token, created.data.task_id);
    expect(task.translate_list[0]!.status).toBe('interrupted');
    // The workers were told to skip the file's chunks still queued.
    await listening.unsubscribe();
    expect(withdrawn).toEqual([[task.translate_list[0]!.projectId]]);
    expect(task.translate_list[0]!.message).toBe('The translation task has been interrupted');
    expect(task.step).toBe(4);
    // A preparation that was under way reserves and, finding the file interrupted, refunds at once.
    await expect.poll(() => leftOf(userId)).toBe(before);
    // Chunks still in flight change nothing afterwards.
    await new Promise((r) => setTimeout(r, 500));
    expect((await waitForTask(gw, token, created.data.task_id)).translate_list[0]!.status).toBe('interrupted');
    expect(await leftOf(userId)).toBe(before);
  });

  it('lists, deletes and expires My Documents with their stored files', async () => {
    const { token } = await gw.registeredUser('docs5@example.com');
    const created = await uploadDocuments(gw, token, [{ name: 'mine.txt', bytes: Buffer.from('fifty eight') }]);
    const task = await waitForTask(gw, token, created.data.task_id);
    const projectId = task.translate_list[0]!.projectId;
    const list = await gw.call<MyFilesData>('GET', 'request_translate/doc/my_files', { token, query: { keyword: 'mine' } });
    expect(list.data.list.map((f) => [f.file_name, f.status])).toEqual([['mine.txt', 'done']]);
    expect((await storedFiles(gw.storageDir)).filter((f) => f.includes(created.data.task_id))).toHaveLength(2);

    // Past its 24 hours: the query and the download say so, and the sweeper deletes everything.
    await gw.db.query(`UPDATE doc_tasks SET expires_at = now() - interval '1 minute' WHERE task_id = $1`, [created.data.task_id]);
    expect((await gw.call('GET', 'request_translate/doc/query', { token, query: { task_id: created.data.task_id } })).code).not.toBe(20000);
    expect((await download(gw, token, projectId)).json().code).toBe(1207);
    await sweepExpiredDocuments(gw.translation.docs as DocDeps);
    expect((await storedFiles(gw.storageDir)).filter((f) => f.includes(created.data.task_id))).toEqual([]);

    const second = await uploadDocuments(gw, token, [{ name: 'other.txt', bytes: Buffer.from('one hundred') }]);
    const done = await waitForTask(gw, token, second.data.task_id);
    const removed = await gw.call<{ deleted: number }>('DELETE', 'request_translate/doc/my_files', {
      token,
      body: { project_ids: [done.translate_list[0]!.projectId] },
    });
    expect(removed.data.deleted).toBe(1);
    expect((await gw.call<MyFilesData>('GET', 'request_translate/doc/my_files', { token })).data.total).toBe(0);
    expect((await storedFiles(gw.storageDir)).filter((f) => f.includes(second.data.task_id))).toEqual([]);
  });
});
