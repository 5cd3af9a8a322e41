/**
 * A poison job on the real NATS server: a text task's segment job that its worker fails on at
 * every delivery is delivered exactly max-deliver times (the catalog's 5), then becomes a dead
 * letter: the tasks service records it, the administrator's `admin/dead_letters` lists it (kind,
 * task, error, attempts), and its task is failed and refunded.
 */
import { findReservation } from '@mtp/billing';
import { BUS, type DeadLettersData } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOverHttp, startFaultPlatform, useOwnNats, waitFor, type FaultPlatform } from '../support/fault-support';
import { POISON_ERROR, publishPoisonJob } from '../support/poison-job';

const nats = useOwnNats();
let fault: FaultPlatform;
let token: string;

beforeAll(async () => {
  fault = await startFaultPlatform(nats.url);
  token = await loginOverHttp(fault.api, 'admin@example.com', 'Admin12345');
}, 120_000);

afterAll(async () => {
  await fault?.close();
});

describe('a poison job', () => {
  it('becomes a dead letter after max-deliver, listed by the admin API, its task failed and refunded', async () => {
    const { rows } = await fault.tdb.db.query<{ user_id: number }>("SELECT user_id FROM users WHERE account = 'admin@example.com'");
    const poison = await publishPoisonJob({ bus: fault.platform.bus, db: fault.tdb.db, pool: 'default', userId: rows[0]!.user_id });
    const listed = await waitFor('the dead letter in admin/dead_letters', async () => {
      const res = await fetch(`${fault.api}/admin/dead_letters?kind=text`, { headers: { authorization: `Bearer ${token}` } });
      const answer = (await res.json()) as { code: number; data: DeadLettersData };
      return answer.data.list.find((d) => d.task_ref === poison.taskId);
    });
    await poison.stop();
    expect(poison.deliveries()).toBe(BUS.translateSegments.maxDeliver);
    expect(listed).toMatchObject({
      queue: 'mt.jobs.default',
      kind: 'text',
      attempts: BUS.translateSegments.maxDeliver,
      error: POISON_ERROR,
    });
    await waitFor('the refund', async () =>
      (await findReservation(fault.tdb.db, poison.taskId))?.state === 'refunded' ? true : undefined,
    );
    const task = await fault.tdb.db.query<{ status: string }>('SELECT status FROM text_tasks WHERE task_id = $1', [poison.taskId]);
    expect(task.rows[0]?.status).toBe('failed');
  });
});
