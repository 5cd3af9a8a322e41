/**
 * A job that fails its last delivery becomes a dead-letter record that the super administrator
 * lists through `GET /api/v1.0/admin/dead_letters` (kind, task, error, attempts), and its task is
 * ended for its user: failed, refunded, with the code's own message. Other users get 42000.
 */
import { findReservation, ledgerPort } from '@mtp/billing';
import { consumeJobsOf } from '@mtp/platform';
import { BUS, type DeadLettersData } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway();
});
afterAll(async () => {
  await gw?.close();
});

describe('dead letters', () => {
  it('records a dead job for admins and fails and refunds its task', async () => {
    const user = await gw.registeredUser('dead@example.com');
    const admin = await gw.adminToken();
    // A queued async text task, whose job arrives unreadable (it can never succeed).
    const taskId = randomUUID();
    await gw.db.query(
      `INSERT INTO text_tasks (task_id, user_id, src_lang, tgt_lang, domain, segments, truncated, chars, status, published_at)
       VALUES ($1, $2, 'en-us', 'zh-cn', 'general', '["twenty one"]', false, 10, 'queued', now())`,
      [taskId, user.userId],
    );
    await ledgerPort(gw.db).reserve({ userId: user.userId }, taskId, 10);
    // No MT worker runs here: a consumer of the pool's queue under the catalog's rules takes it.
    const consumer = await consumeJobsOf(gw.bus, BUS.translateSegments, () => {});
    await gw.bus.publishJob('mt.jobs.default', {
      kind: 'text',
      task_id: taskId,
      chunk_index: 0,
      segments: 'not a list',
      src_lang: 'en-us',
      tgt_lang: 'zh-cn',
    });
    await expect.poll(async () => (await findReservation(gw.db, taskId))?.state).toBe('refunded');
    await consumer.stop();

    const listed = await gw.call<DeadLettersData>('GET', 'admin/dead_letters', { token: admin, query: { kind: 'text' } });
    expect(listed.code).toBe(20000);
    expect(listed.data.total).toBe(1);
    expect(listed.data.list[0]).toMatchObject({ queue: 'mt.jobs.default', kind: 'text', task_ref: taskId, attempts: 1 });
    expect(listed.data.list[0]!.error).toMatch(/invalid mt\.jobs\.default job: \/segments/);
    const task = await gw.call<{ status: string; message: string }>('GET', 'text/query', {
      token: user.token,
      lang: 'zh-CN',
      query: { task_id: taskId },
    });
    expect(task.data).toMatchObject({ status: 'failed', message: '翻译失败，请稍后重试' });

    expect((await gw.call('GET', 'admin/dead_letters', { token: user.token })).code).toBe(42000);
  });
});
