/**
 * "Start again" (`doc/retry`) through the gateway with the real in-process workers on the tiny
 * test models: an interrupted file stays in My Documents as `interrupted`, starts again from its
 * stored source in the same task and is translated and charged once; a file refused for not
 * enough characters is charged nothing and, once there are characters, starts again; a bad file
 * (empty) is not offered, and asking for it answers 1213 with nothing changed.
 */
import { refund, remaining, reserve } from '@mtp/billing';
import type { DocQueryData, MyFilesData } from '@mtp/proto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { download, uploadDocuments, waitForTask } from './doc-support';
import { buildTestGateway, type TestGateway } from './helper';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');
const LINES = ['twenty one', 'thirty eight', 'fifty eight', 'one hundred'];

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
}, 60_000);
afterAll(async () => {
  await gw.close();
});

const leftOf = async (userId: number) => (await remaining(gw.db, userId)).total_left;
const retry = (token: string, body: { task_id: string; project_ids?: string[] }) =>
  gw.call<{ restarted: number }>('POST', 'request_translate/doc/retry', { token, body, lang: 'en-US' });

describe('starting document files again', () => {
  it('starts an interrupted file again from its source, in the same task, and charges it once', async () => {
    const { token, userId } = await gw.registeredUser('retry1@example.com');
    const before = await leftOf(userId);
    const text = Array.from({ length: 200 }, (_, i) => LINES[i % LINES.length]).join('\n');
    const created = await uploadDocuments(gw, token, [{ name: 'long.txt', bytes: Buffer.from(text) }]);
    expect(created.code, created.msg).toBe(20000);
    const taskId = created.data.task_id;
    await gw.call('POST', 'request_translate/doc/interrupt', { token, body: { task_id: taskId } });
    const stopped = await waitForTask(gw, token, taskId);
    expect(stopped.translate_list.map((f) => [f.status, f.retryable])).toEqual([['interrupted', true]]);
    await expect.poll(() => leftOf(userId)).toBe(before);

    // Kept in My Documents as interrupted, offered to start again.
    const listed = await gw.call<MyFilesData>('GET', 'request_translate/doc/my_files', { token, query: { keyword: 'long' } });
    expect(listed.data.list.map((f) => [f.status, f.retryable])).toEqual([['interrupted', true]]);

    const restarted = await retry(token, { task_id: taskId });
    expect(restarted.code, restarted.msg).toBe(20000);
    expect(restarted.data.restarted).toBe(1);
    const done = await waitForTask(gw, token, taskId);
    const file = done.translate_list[0]!;
    expect([done.task_id, file.file_name, file.status, file.retryable]).toEqual([taskId, 'long.txt', 'done', false]);
    expect(file.projectId).not.toBe(stopped.translate_list[0]!.projectId);
    const lines = (await download(gw, token, file.projectId)).payload.split(/\r?\n/).filter(Boolean);
    expect(lines.slice(0, 2)).toEqual(['二十一', '三十八']);
    // Charged once: the interrupted run was refunded, the new one settled.
    const chars = text.replace(/\n/g, '').length;
    expect(file.chars).toBe(chars);
    expect(before - (await leftOf(userId))).toBe(chars);
    const mine = await gw.call<MyFilesData>('GET', 'request_translate/doc/my_files', { token, query: { keyword: 'long' } });
    expect(mine.data.list.map((f) => [f.projectId, f.status])).toEqual([[file.projectId, 'done']]);

    // Nothing left to start again: refused, nothing changes.
    const again = await retry(token, { task_id: taskId });
    expect([again.code, again.msg]).toEqual([1213, 'There is no file to start again']);
    expect(before - (await leftOf(userId))).toBe(chars);
  }, 90_000);

  it('charges nothing for a file refused for characters, and starts it again once there are some', async () => {
    const { token, userId } = await gw.registeredUser('retry2@example.com');
    const all = await leftOf(userId);
    await reserve(gw.db, { userId, taskId: 'retry2-everything', chars: all });
    const created = await uploadDocuments(gw, token, [{ name: 'n.txt', bytes: Buffer.from('twenty one') }]);
    const refused = await waitForTask(gw, token, created.data.task_id);
    expect(refused.translate_list.map((f) => [f.status, f.code, f.retryable])).toEqual([['failed', 41005, true]]);
    expect(await leftOf(userId)).toBe(0);

    await refund(gw.db, { taskId: 'retry2-everything' });
    expect((await retry(token, { task_id: created.data.task_id, project_ids: [refused.translate_list[0]!.projectId] })).code).toBe(20000);
    const done: DocQueryData = await waitForTask(gw, token, created.data.task_id);
    expect(done.translate_list.map((f) => [f.status, f.chars])).toEqual([['done', 'twenty one'.length]]);
    expect(all - (await leftOf(userId))).toBe('twenty one'.length);
  }, 60_000);

  it('does not start a bad file again, nor another user’s task', async () => {
    const { token } = await gw.registeredUser('retry3@example.com');
    const other = await gw.registeredUser('retry4@example.com');
    const created = await uploadDocuments(gw, token, [{ name: 'empty.txt', bytes: Buffer.alloc(0) }]);
    const task = await waitForTask(gw, token, created.data.task_id);
    expect(task.translate_list.map((f) => [f.status, f.code, f.message, f.retryable])).toEqual([
      ['failed', 1211, 'The file has no text to translate', false],
    ]);
    expect((await retry(token, { task_id: created.data.task_id })).code).toBe(1213);
    expect((await retry(other.token, { task_id: created.data.task_id })).code).toBe(10014);
    const after = await waitForTask(gw, token, created.data.task_id);
    expect(after.translate_list[0]!.projectId).toBe(task.translate_list[0]!.projectId);
  });
});
