/**
 * Bad document uploads: each gets its own code and message, nothing is charged, no task is left
 * and nothing stays in storage.
 */
import { remaining } from '@mtp/billing';
import { zipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { storedFiles, uploadDocuments, waitForTask, type UploadFile } from './doc-support';
import { buildTestGateway, type TestGateway } from './helper';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');
const FIXTURES = path.join(REPO_ROOT, 'workers/doc/fixtures');

let gw: TestGateway;
let user: { token: string; userId: number };
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
  user = await gw.registeredUser('refusals@example.com');
});
afterAll(async () => {
  await gw.close();
});

async function expectRefused(files: UploadFile[], code: number, message: RegExp) {
  const before = (await remaining(gw.db, user.userId)).total_left;
  const answer = await uploadDocuments(gw, user.token, files);
  expect(answer.code, answer.msg).toBe(code);
  expect(answer.msg).toMatch(message);
  expect((await remaining(gw.db, user.userId)).total_left).toBe(before);
  expect((await gw.db.query('SELECT 1 FROM doc_tasks')).rowCount).toBe(0);
  expect(await storedFiles(gw.storageDir)).toEqual([]);
}

const good: UploadFile = { name: 'fine.txt', bytes: Buffer.from('twenty one') };

describe('refused documents', () => {
  it('an encrypted docx and an encrypted PDF (and the good file beside them is not charged either)', async () => {
    const docx = await readFile(path.join(FIXTURES, 'ooxml/encrypted-pw-pass_bug53475.docx'));
    await expectRefused([good, { name: 'secret.docx', bytes: docx }], 1204, /Confidential file rejected.*secret\.docx/);
    const pdf = await readFile(path.join(FIXTURES, 'pdf/encrypted-pw-ELXRTQWS_issue3371.pdf'));
    await expectRefused([{ name: 'secret.pdf', bytes: pdf }], 1204, /Confidential file rejected/);
  });

  it('a corrupt zip and a zip bomb', async () => {
    await expectRefused(
      [{ name: 'broken.docx', bytes: Buffer.from('PK\u0003\u0004 this is not a zip at all') }],
      1202,
      /File parsing failed/,
    );
    const bomb = zipSync({
      '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
      'word/document.xml': new Uint8Array(64 * 1024 * 1024),
    });
    await expectRefused([{ name: 'bomb.docx', bytes: bomb }], 1206, /File too large/);
  });

  it('a wrong or unknown extension', async () => {
    await expectRefused([{ name: 'tool.exe', bytes: Buffer.from('MZ') }], 1205, /Unknown file format/);
    const pdf = await readFile(path.join(FIXTURES, 'pdf/issue3521.pdf'));
    await expectRefused([{ name: 'looks-like.docx', bytes: pdf }], 1205, /Unknown file format/);
  });

  it('more than 5 files', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, bytes: Buffer.from('twenty one') }));
    await expectRefused(six, 1209, /at most 5/);
  });

  it("a free user's fourth document task (3 trials), while failed uploads used none", async () => {
    const free = await gw.registeredUser('trials@example.com');
    for (let i = 0; i < 3; i++) {
      const answer = await uploadDocuments(gw, free.token, [{ name: `t${i}.txt`, bytes: Buffer.from('twenty one') }]);
      expect(answer.code, answer.msg).toBe(20000);
      await waitForTask(gw, free.token, answer.data.task_id);
    }
    const before = (await remaining(gw.db, free.userId)).total_left;
    const fourth = await uploadDocuments(gw, free.token, [{ name: 't3.txt', bytes: Buffer.from('twenty one') }]);
    expect(fourth.code).toBe(42005);
    expect(fourth.msg).toMatch(/3 document translation trials; please upgrade your plan/);
    expect((await remaining(gw.db, free.userId)).total_left).toBe(before);
    const { rows } = await gw.db.query('SELECT count(*)::int AS n FROM doc_tasks WHERE user_id = $1', [free.userId]);
    expect(rows[0]).toEqual({ n: 3 });
    // The refused uploads above (another free user) took no trial.
    const used = await gw.db.query('SELECT used FROM feature_trials WHERE user_id = $1', [user.userId]);
    expect(used.rows).toEqual([]);
    await gw.db.query('DELETE FROM doc_tasks WHERE user_id = $1', [free.userId]);
    await gw.storage.deletePrefix('docs/');
  });

  it('characters the plan does not cover: 41005, the first file refunded, no trial used', async () => {
    const free = await gw.registeredUser('quota@example.com');
    const before = (await remaining(gw.db, free.userId)).total_left;
    // 5,000 words of 22 characters: within the file limits, over the free 100,000 characters.
    const long = Array.from({ length: 5000 }, (_, i) => `word${String(i).padStart(17, '0')}`).join(' ');
    const answer = await uploadDocuments(gw, free.token, [good, { name: 'long.txt', bytes: Buffer.from(long) }]);
    expect(answer.code, answer.msg).toBe(41005);
    expect((await remaining(gw.db, free.userId)).total_left).toBe(before);
    const reservations = await gw.db.query(`SELECT state FROM quota_reservations WHERE user_id = $1`, [free.userId]);
    expect(reservations.rows.every((r) => r.state !== 'reserved')).toBe(true);
    expect((await gw.db.query('SELECT 1 FROM doc_tasks WHERE user_id = $1', [free.userId])).rowCount).toBe(0);
    expect((await gw.db.query('SELECT used FROM feature_trials WHERE user_id = $1', [free.userId])).rows).toEqual([]);
    expect(await storedFiles(gw.storageDir)).toEqual([]);
  });

  it('a 201 MB file', async () => {
    await expectRefused([{ name: 'huge.txt', bytes: Buffer.alloc(201 * 1024 * 1024, 0x61) }], 1206, /File too large/);
  }, 60_000);
});
