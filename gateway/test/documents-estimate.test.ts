/**
 * The cost of a document batch before it starts (`doc/estimate`), with the real in-process
 * document worker and PostgreSQL: each file's characters are exactly what its task then
 * reserves, a bad file answers the code it would fail with, and an estimate leaves nothing
 * behind: no task, no trial, no reservation, nothing in storage.
 */
import { remaining } from '@mtp/billing';
import { convertWithLibreOffice } from '@mtp/platform';
import { LIMITS } from '@mtp/proto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { estimateDocuments, storedFiles, uploadDocuments, waitForTask } from './doc-support';
import { buildTestGateway, type TestGateway } from './helper';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');
const FIXTURES = path.join(REPO_ROOT, 'workers/doc/fixtures');
const LINES = ['twenty one', 'thirty eight', 'fifty eight', 'one hundred'];

let gw: TestGateway;
let docx: Buffer;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
  // A real .docx written by LibreOffice, one paragraph per line.
  docx = await convertWithLibreOffice(Buffer.from(LINES.join('\n') + '\n'), 'txt', 'docx');
}, 60_000);
afterAll(async () => {
  await gw.close();
});

/** What an estimate must not have touched for this user. */
async function footprint(userId: number) {
  const count = async (sql: string) => Number((await gw.db.query<{ n: string }>(sql, [userId])).rows[0]!.n);
  return {
    left: (await remaining(gw.db, userId)).total_left,
    tasks: await count('SELECT count(*) AS n FROM doc_tasks WHERE user_id = $1'),
    trials: await count('SELECT coalesce(sum(used), 0) AS n FROM feature_trials WHERE user_id = $1'),
    reservations: await count('SELECT count(*) AS n FROM quota_reservations WHERE user_id = $1'),
  };
}

const estimateUploads = async () => (await storedFiles(gw.storageDir)).filter((f) => f.startsWith('estimates'));

describe('doc/estimate', () => {
  it('counts a txt and a docx as their task then reserves, and keeps nothing', async () => {
    const { token, userId } = await gw.registeredUser('estimate1@example.com');
    const before = await footprint(userId);
    const files = [
      { name: 'numbers.docx', bytes: docx },
      { name: 'numbers.txt', bytes: Buffer.from(LINES.join('\n\n')) },
    ];
    const estimate = await estimateDocuments(gw, token, files);
    expect(estimate.code, estimate.msg).toBe(20000);
    const chars = LINES.join('').length;
    expect(estimate.data).toEqual({
      estimated: true,
      files: [
        { name: 'numbers.docx', chars },
        { name: 'numbers.txt', chars },
      ],
      total_chars: 2 * chars,
      chars_left: before.left,
    });
    expect(await footprint(userId)).toEqual(before);
    expect(await storedFiles(gw.storageDir)).toEqual([]);

    // The same batch, started: each file reserves what the estimate said.
    const created = await uploadDocuments(gw, token, files);
    expect(created.code, created.msg).toBe(20000);
    const task = await waitForTask(gw, token, created.data.task_id);
    const { rows } = await gw.db.query<{ chars: number }>('SELECT chars FROM doc_files WHERE task_id = $1 ORDER BY position', [
      created.data.task_id,
    ]);
    expect(rows.map((r) => r.chars)).toEqual(estimate.data.files.map((f) => f.chars));
    expect(task.price).toBe(estimate.data.total_chars);
  }, 60_000);

  it('answers the code a bad file would fail with, in the caller language', async () => {
    const { token, userId } = await gw.registeredUser('estimate2@example.com');
    const before = await footprint(userId);
    const estimate = await estimateDocuments(
      gw,
      token,
      [
        { name: 'fine.txt', bytes: Buffer.from('twenty one') },
        { name: 'secret.docx', bytes: await readFile(path.join(FIXTURES, 'ooxml/encrypted-pw-pass_bug53475.docx')) },
        { name: 'broken.docx', bytes: Buffer.from('PK\u0003\u0004 this is not a zip at all') },
        { name: 'blank.txt', bytes: Buffer.from('   \n\n  ') },
      ],
      {},
      'zh-CN',
    );
    expect(estimate.code, estimate.msg).toBe(20000);
    expect(estimate.data.files).toEqual([
      { name: 'fine.txt', chars: 10 },
      { name: 'secret.docx', code: 1204, msg: '加密文件无法翻译，请先解密' },
      { name: 'broken.docx', code: 1202, msg: '文件解析失败' },
      { name: 'blank.txt', code: 1211, msg: '文件中没有可翻译的文字' },
    ]);
    expect(estimate.data.total_chars).toBe(10);
    expect(await footprint(userId)).toEqual(before);
    expect(await estimateUploads()).toEqual([]);
  }, 60_000);

  it('refuses a bad form as create does, and gives no estimate past its size cap', async () => {
    const { token, userId } = await gw.registeredUser('estimate3@example.com');
    const before = await footprint(userId);
    const fine = { name: 'fine.txt', bytes: Buffer.from('twenty one') };
    const same = await estimateDocuments(gw, token, [fine], { src_lang: 'zh-cn', tgt_lang: 'zh-cn' });
    expect(same.code).toBe(40016);
    const badExt = await estimateDocuments(gw, token, [{ name: 'tool.exe', bytes: Buffer.from('MZ') }]);
    expect(badExt.code).toBe(1205);
    const big = await estimateDocuments(gw, token, [fine, { name: 'big.txt', bytes: Buffer.alloc(LIMITS.docEstimateBytes, 0x61) }]);
    expect(big.code, big.msg).toBe(20000);
    expect(big.data).toEqual({ estimated: false, files: [], total_chars: 0, chars_left: before.left });
    expect(await footprint(userId)).toEqual(before);
    expect(await estimateUploads()).toEqual([]);
  }, 60_000);
});
