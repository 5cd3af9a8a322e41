/**
 * The native public API's document calls through the real gateway, with the in-process MT and
 * document workers (tiny test models: English number words to Chinese numerals): asynchronous
 * create / query / download, the synchronous call, their refusals, and the API charge (`via`).
 * A second gateway without a document worker keeps files queued: not ready (10022) and the
 * synchronous call's time limit (10023, the task stopped, nothing charged).
 */
import { grantPackage, grantPlan } from '@mtp/billing';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';
import { apiUser, balanceOf, openCall, type ApiUser } from './public-api-native-support';

type Query = {
  task_id: string;
  status: string;
  progress: number;
  files: { file_id: string; file_name: string; status: string; message: string; progress: number }[];
};

let gw: TestGateway;
let idle: TestGateway;
let user: ApiUser;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models') });
  // The MT worker serves the pair (a document of an unserved pair is refused at once).
  idle = await buildTestGateway({
    modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models'),
    docWorker: false,
    app: { apiDocSyncWaitMs: 1500 },
  });
  user = await apiUser(gw, 'native-docs@example.com');
});
afterAll(async () => {
  await gw?.close();
  await idle?.close();
});

/** A native document call as a real multipart body. */
async function postDocs(
  g: TestGateway,
  call: 'create' | 'translate',
  token: string,
  files: { name: string; bytes: Buffer }[],
  fields: Record<string, string>,
  lang?: string,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('file', new Blob([file.bytes]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await g.app.inject({
    method: 'POST',
    url: `/api/v1.0/open/doc/${call}`,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': request.headers.get('content-type')!,
      ...(lang ? { 'accept-language': lang } : {}),
    },
  });
  const json = String(res.headers['content-type']).startsWith('application/json')
    ? (res.json() as { code: number; msg: string; errorMsg?: string; data: unknown })
    : null;
  return { res, json };
}

const pair = { src_lang: 'en-us', tgt_lang: 'zh-cn' };
const txt = (name: string, text: string) => ({ name, bytes: Buffer.from(text) });

async function waitDone(token: string, taskId: string): Promise<Query> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await openCall<Query>(gw, 'GET', 'doc/query', { token, query: { task_id: taskId } });
    expect(answer.code, answer.msg).toBe(20000);
    if (answer.data.status !== 'working' || Date.now() > deadline) return answer.data;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('native documents', () => {
  it('creates a task, answers its status and progress, and downloads each file, charged through the API', async () => {
    const before = await balanceOf(gw, user.userId);
    const created = await postDocs(gw, 'create', user.token, [txt('a.txt', 'twenty one\n\nthirty'), txt('b.txt', 'five')], pair);
    expect(created.json?.code, created.json?.msg).toBe(20000);
    const taskId = (created.json!.data as { task_id: string }).task_id;
    const done = await waitDone(user.token, taskId);
    expect(done).toMatchObject({ task_id: taskId, status: 'done', progress: 100 });
    expect(done.files.map((f) => [f.file_name, f.status, f.progress, f.message])).toEqual([
      ['a.txt', 'done', 100, ''],
      ['b.txt', 'done', 100, ''],
    ]);
    const download = await gw.app.inject({
      method: 'GET',
      url: '/api/v1.0/open/doc/download',
      query: { task_id: taskId, file_id: done.files[0]!.file_id },
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('二十一');
    expect(before - (await balanceOf(gw, user.userId))).toBe('twenty one'.length + 'thirty'.length + 'five'.length);
    const { rows } = await gw.db.query('SELECT via FROM doc_tasks WHERE task_id = $1', [taskId]);
    expect(rows[0]).toEqual({ via: 'api' });

    expect((await openCall(gw, 'GET', 'doc/query', { token: user.token, query: { task_id: 'nope' } })).code).toBe(10014);
    const other = await apiUser(gw, 'native-docs-other@example.com');
    // Someone else's task does not exist for this caller.
    expect((await openCall(gw, 'GET', 'doc/query', { token: other.token, query: { task_id: taskId }, lang: 'zh-CN' })).msg).toBe(
      'task_id错误',
    );
    const badFile = await openCall(gw, 'GET', 'doc/download', { token: user.token, query: { task_id: taskId, file_id: 'nope' } });
    expect(badFile).toMatchObject({ code: 10024, msg: 'file_id error', errorMsg: 'file_id error' });
    expect((await openCall(gw, 'GET', 'doc/download', { token: user.token, query: { task_id: taskId } })).code).toBe(10001);
  });

  it('takes text and documents through the API from the API package first', async () => {
    const payer = await apiUser(gw, 'native-docs-package@example.com');
    await grantPlan(gw.db, { userId: payer.userId, sku: 'standard-m' });
    await grantPackage(gw.db, { userId: payer.userId, sku: 'api_10M-y' });
    const created = await postDocs(gw, 'create', payer.token, [txt('p.txt', 'sixty six')], pair);
    const done = await waitDone(payer.token, (created.json!.data as { task_id: string }).task_id);
    expect(done.status).toBe('done');
    const text = await openCall(gw, 'POST', 'translate', { token: payer.token, body: { text: 'seven', ...pair } });
    expect(text.code).toBe(20000);
    const { rows } = await gw.db.query<{ task_id: string; sku: string }>(
      `SELECT p.task_id, g.sku FROM quota_reservation_parts p JOIN quota_grants g ON g.grant_id = p.grant_id
       JOIN quota_reservations r ON r.task_id = p.task_id WHERE r.user_id = $1 ORDER BY r.created_at`,
      [payer.userId],
    );
    expect(rows.map((r) => r.sku)).toEqual(['api_10M-y', 'api_10M-y']);
    expect(rows[0]!.task_id).toBe(done.files[0]!.file_id);
  });

  it('translates a small document synchronously and answers the file itself', async () => {
    const answer = await postDocs(gw, 'translate', user.token, [txt('s.txt', 'forty two')], pair);
    expect(answer.res.statusCode).toBe(200);
    expect(answer.res.headers['content-type']).toBe('application/octet-stream');
    expect(answer.res.body).toContain('四十二');
  });

  it('refuses bad uploads with the catalogue codes, in both languages, storing and charging nothing', async () => {
    const before = await balanceOf(gw, user.userId);
    const tasks = async () => Number((await gw.db.query('SELECT count(*) FROM doc_tasks')).rows[0]!.count);
    const count = await tasks();
    const big = { name: 'big.txt', bytes: Buffer.alloc(1024 * 1024 + 1, 'a') };
    const tooLarge = await postDocs(gw, 'translate', user.token, [big], pair);
    expect(tooLarge.json).toMatchObject({ code: 10012, msg: 'Document too large (File too large: big.txt: at most 1 MB)' });
    const format = await postDocs(gw, 'create', user.token, [txt('x.exe', 'MZ')], pair, 'zh-CN');
    expect(format.json?.code).toBe(10011);
    expect(format.json?.msg).toMatch(/^文档格式错误 \(/);
    expect((await postDocs(gw, 'create', user.token, [txt('a.txt', 'one')], { src_lang: 'en-us' })).json).toMatchObject({
      code: 10001,
      msg: 'Parameter incomplete (tgt_lang)',
    });
    expect((await postDocs(gw, 'create', user.token, [txt('a.txt', 'one')], { ...pair, tgt_lang: 'xx' })).json?.code).toBe(10016);
    expect((await postDocs(gw, 'create', user.token, [txt('a.txt', 'one')], { ...pair, domain: 'cooking' })).json?.code).toBe(10017);
    expect((await postDocs(gw, 'create', user.token, [], pair)).json).toMatchObject({ code: 10001, msg: 'Parameter incomplete (file)' });
    const two = await postDocs(gw, 'translate', user.token, [txt('a.txt', 'one'), txt('b.txt', 'two')], pair);
    expect(two.json?.code).toBe(10002);
    expect((await postDocs(gw, 'create', 'wrong-token', [txt('a.txt', 'one')], pair)).json?.code).toBe(10007);
    expect(await tasks()).toBe(count);
    expect(await balanceOf(gw, user.userId)).toBe(before);
  });
});

describe('native documents without a document worker', () => {
  it('answers 10022 for a file not translated yet, and stops a synchronous file past the wait (10023), charging nothing', async () => {
    const waiting = await apiUser(idle, 'native-docs-idle@example.com');
    const before = await balanceOf(idle, waiting.userId);
    const created = await postDocs(idle, 'create', waiting.token, [txt('q.txt', 'one')], pair);
    expect(created.json?.code, created.json?.msg).toBe(20000);
    const taskId = (created.json!.data as { task_id: string }).task_id;
    const query = await openCall<Query>(idle, 'GET', 'doc/query', { token: waiting.token, query: { task_id: taskId } });
    expect(query.data).toMatchObject({ status: 'working', progress: 0, files: [{ file_name: 'q.txt', status: 'queued' }] });
    const early = await openCall(idle, 'GET', 'doc/download', {
      token: waiting.token,
      query: { task_id: taskId, file_id: query.data.files[0]!.file_id },
      lang: 'zh-CN',
    });
    expect(early).toMatchObject({ code: 10022, msg: '文档尚未翻译完成，请先查询任务状态' });

    const slow = await postDocs(idle, 'translate', waiting.token, [txt('slow.txt', 'two')], pair);
    expect(slow.json?.code).toBe(10023);
    expect(slow.json?.errorMsg).toBe(slow.json?.msg);
    const { rows } = await idle.db.query<{ status: string }>(
      `SELECT f.status FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id WHERE f.file_name = 'slow.txt'`,
    );
    expect(rows).toEqual([{ status: 'interrupted' }]);
    expect(await balanceOf(idle, waiting.userId)).toBe(before);
  });
});
