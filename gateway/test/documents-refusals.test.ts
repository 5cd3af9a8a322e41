/**
 * Bad document uploads. What the gateway can tell without opening a file (an extension it does
 * not take, too many or too large files, a bad form field, a free plan's trials used up) is
 * refused by the create call itself: its own code, nothing charged, no task, nothing in storage.
 * What only opening tells (encrypted, corrupt, a zip bomb, content that is not its extension,
 * not enough characters) is found by the document worker: the create call answers, and the file
 * ends `failed` in `doc/query` with its own code and the code's message in the caller's language
 * (no internals), charged nothing, while the good file beside it is translated and charged.
 */
import { remaining } from '@mtp/billing';
import type { DocQueryData } from '@mtp/proto';
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

/**
 * Every stored file belongs to a row (a source or a result): nothing was left behind. A file is
 * done before its work files are deleted (the state change comes first, so a failed delete never
 * loses a finished file), so the check waits for the deletes.
 */
async function expectStorageOwnedByRows() {
  const unowned = async () => {
    const { rows } = await gw.db.query<{ key: string }>(
      'SELECT source_key AS key FROM doc_files UNION SELECT result_key FROM doc_files WHERE result_key IS NOT NULL',
    );
    const owned = new Set(rows.map((r) => r.key));
    return (await storedFiles(gw.storageDir)).filter((f) => !owned.has(f));
  };
  await expect.poll(unowned, { timeout: 15_000, interval: 100 }).toEqual([]);
}

async function expectRefusedAtOnce(files: UploadFile[], code: number, message: RegExp, fields: Record<string, string> = {}) {
  const before = (await remaining(gw.db, user.userId)).total_left;
  const tasks = (await gw.db.query('SELECT 1 FROM doc_tasks')).rowCount;
  const answer = await uploadDocuments(gw, user.token, files, fields);
  expect(answer.code, answer.msg).toBe(code);
  expect(answer.msg).toMatch(message);
  expect((await remaining(gw.db, user.userId)).total_left).toBe(before);
  expect((await gw.db.query('SELECT 1 FROM doc_tasks')).rowCount).toBe(tasks);
  await expectStorageOwnedByRows();
}

/** Uploads `files`; answers the ended task as the caller sees it in `lang`. */
async function uploadAndWait(files: UploadFile[], lang?: string, token = user.token): Promise<DocQueryData> {
  const answer = await uploadDocuments(gw, token, files);
  expect(answer.code, answer.msg).toBe(20000);
  const task = await waitForTask(gw, token, answer.data.task_id);
  if (!lang) return task;
  return (await gw.call<DocQueryData>('GET', 'request_translate/doc/query', { token, lang, query: { task_id: answer.data.task_id } })).data;
}

const good: UploadFile = { name: 'fine.txt', bytes: Buffer.from('twenty one') };

describe('refused by the create call', () => {
  it('an extension it does not take, more than 5 files, a 201 MB file', async () => {
    // The message names what is taken, so the user knows what to send instead.
    await expectRefusedAtOnce(
      [{ name: 'tool.exe', bytes: Buffer.from('MZ') }],
      1205,
      /^Unknown file format\. Supported formats: docx, .*pdf.*xliff/,
    );
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, bytes: Buffer.from('twenty one') }));
    await expectRefusedAtOnce(six, 1209, /at most 5/);
    await expectRefusedAtOnce([{ name: 'huge.txt', bytes: Buffer.alloc(201 * 1024 * 1024, 0x61) }], 1206, /File too large/);
  }, 60_000);

  it('a bad form field, named', async () => {
    await expectRefusedAtOnce([good], 40000, /mode/, { mode: '7' });
    await expectRefusedAtOnce([good], 40000, /src_lang/, { src_lang: 'fr' });
    await expectRefusedAtOnce([good], 40016, /differ|same/i, { src_lang: 'zh-cn', tgt_lang: 'zh-cn' });
    // A pair no engine serves: the languages by name, no codes.
    await expectRefusedAtOnce([good], 40034, /^This language pair is not available on this server \(from English into Japanese\)$/, {
      tgt_lang: 'ja',
    });
  });

  it("a free user's fourth document task (3 trials); tasks refused whole gave theirs back", async () => {
    const free = await gw.registeredUser('trials@example.com');
    // Refused by the worker, every file: no trial used.
    const refused = await uploadAndWait([{ name: 'broken.docx', bytes: Buffer.from('PK\u0003\u0004 not a zip') }], undefined, free.token);
    expect(refused.translate_list[0]!.code).toBe(1202);
    for (let i = 0; i < 3; i++) expect((await uploadAndWait([good], undefined, free.token)).translate_list[0]!.status).toBe('done');
    const before = (await remaining(gw.db, free.userId)).total_left;
    const fourth = await uploadDocuments(gw, free.token, [{ name: 't3.txt', bytes: Buffer.from('twenty one') }]);
    expect(fourth.code).toBe(42005);
    expect(fourth.msg).toMatch(/3 document translation trials; please upgrade your plan/);
    expect((await remaining(gw.db, free.userId)).total_left).toBe(before);
    const { rows } = await gw.db.query('SELECT used FROM feature_trials WHERE user_id = $1', [free.userId]);
    expect(rows).toEqual([{ used: 3 }]);
  });
});

describe('refused by the document worker', () => {
  it('an encrypted docx and PDF, a corrupt zip, a zip bomb, a PDF named .docx: each its own code, the good file done', async () => {
    const before = (await remaining(gw.db, user.userId)).total_left;
    const bomb = zipSync({
      '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
      'word/document.xml': new Uint8Array(64 * 1024 * 1024),
    });
    const task = await uploadAndWait([
      good,
      { name: 'secret.docx', bytes: await readFile(path.join(FIXTURES, 'ooxml/encrypted-pw-pass_bug53475.docx')) },
      { name: 'secret.pdf', bytes: await readFile(path.join(FIXTURES, 'pdf/encrypted-pw-ELXRTQWS_issue3371.pdf')) },
      { name: 'broken.docx', bytes: Buffer.from('PK\u0003\u0004 this is not a zip at all') },
      { name: 'bomb.docx', bytes: bomb },
    ]);
    expect(task.translate_list.map((f) => [f.file_name, f.status, f.code, f.message, f.chars])).toEqual([
      ['fine.txt', 'done', 0, '', 10],
      ['secret.docx', 'failed', 1204, 'Confidential file rejected: please decrypt it first', 0],
      ['secret.pdf', 'failed', 1204, 'Confidential file rejected: please decrypt it first', 0],
      ['broken.docx', 'failed', 1202, 'File parsing failed', 0],
      ['bomb.docx', 'failed', 1206, 'File too large', 0],
    ]);
    expect(task.step).toBe(3);
    expect((await remaining(gw.db, user.userId)).total_left).toBe(before - 10);
    await expectStorageOwnedByRows();
    const pdf = await readFile(path.join(FIXTURES, 'pdf/issue3521.pdf'));
    const mismatch = await uploadAndWait([{ name: 'looks-like.docx', bytes: pdf }], 'zh-CN');
    expect(mismatch.translate_list[0]).toMatchObject({
      status: 'failed',
      code: 1205,
      message: expect.stringMatching(/^未知的文件格式，支持的格式：docx/),
    });
    expect(mismatch.step).toBe(4);
  });

  it('a file with no text: "no text to translate" (1211), not "file parsing failed", charged nothing', async () => {
    const before = (await remaining(gw.db, user.userId)).total_left;
    const task = await uploadAndWait([
      { name: 'empty.txt', bytes: Buffer.alloc(0) },
      { name: 'blank.txt', bytes: Buffer.from(' \n\t\n') },
    ]);
    expect(task.translate_list.map((f) => [f.file_name, f.status, f.code, f.message, f.chars])).toEqual([
      ['empty.txt', 'failed', 1211, 'The file has no text to translate', 0],
      ['blank.txt', 'failed', 1211, 'The file has no text to translate', 0],
    ]);
    expect((await remaining(gw.db, user.userId)).total_left).toBe(before);
  });

  it('characters the plan does not cover: 41005 for that file, nothing reserved for it, the other file charged', async () => {
    const free = await gw.registeredUser('quota@example.com');
    const before = (await remaining(gw.db, free.userId)).total_left;
    // 5,000 words of 22 characters: within the file limits, over the free 100,000 characters.
    // Letters only: a word with digits (`word00012`) is an identifier, kept as it is and not charged.
    const letters = (n: number) => [...n.toString(26)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('');
    const long = Array.from({ length: 5000 }, (_, i) => `word${letters(i).padStart(17, 'a')}`).join(' ');
    const task = await uploadAndWait([good, { name: 'long.txt', bytes: Buffer.from(long) }], undefined, free.token);
    expect(task.translate_list.map((f) => [f.status, f.code])).toEqual([
      ['done', 0],
      ['failed', 41005],
    ]);
    expect(task.translate_list[1]!.message).toBe('Not enough characters; please buy a character package');
    expect((await remaining(gw.db, free.userId)).total_left).toBe(before - 10);
    const reservations = await gw.db.query(`SELECT state FROM quota_reservations WHERE user_id = $1`, [free.userId]);
    expect(reservations.rows).toEqual([{ state: 'settled' }]);
    // One file was translated: the task used its trial.
    expect((await gw.db.query('SELECT used FROM feature_trials WHERE user_id = $1', [free.userId])).rows).toEqual([{ used: 1 }]);
  });
});
