/**
 * `admin/home_summary` against the real PostgreSQL with known rows: administrators get the whole
 * platform's figures, managers their own site's users and characters only (tasks and devices
 * null), normal users 42000.
 */
import type { HomeSummary } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodStarts } from '../src/routes/home-routes';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
let acmeId: number;
const ids: Record<string, number> = {};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function settled(userId: number | null, chars: number, finishedAt: Date) {
  await gw.db.query(
    `INSERT INTO quota_reservations (task_id, user_id, anon_key, chars_reserved, chars_charged, state, created_at, finished_at)
     VALUES ($1, $2, $3, $4, $4, 'settled', $5, $5)`,
    [randomUUID(), userId, userId === null ? 'ip4:10.0.0.1' : null, chars, finishedAt],
  );
}

async function textTask(userId: number, status: 'queued' | 'done' | 'failed', finishedAt: Date | null) {
  await gw.db.query(
    `INSERT INTO text_tasks (task_id, user_id, src_lang, tgt_lang, domain, segments, truncated, chars, status, created_at, finished_at)
     VALUES ($1, $2, 'en-us', 'zh-cn', 'general', '["x"]', false, 1, $3, now(), $4)`,
    [randomUUID(), userId, status, finishedAt],
  );
}

beforeAll(async () => {
  gw = await buildTestGateway();
  acmeId = (
    await gw.db.query<{ site_id: number }>(
      `INSERT INTO sites (site_code, site_name, site_config) VALUES ('acme', 'Acme', '{}') RETURNING site_id`,
    )
  ).rows[0]!.site_id;
  for (const name of ['manager', 'member', 'idle', 'mainuser']) {
    const u = await gw.registeredUser(`home-${name}@example.com`);
    ids[name] = u.userId;
    if (name !== 'mainuser') await gw.db.query('UPDATE users SET site_id = $2 WHERE user_id = $1', [u.userId, acmeId]);
  }
  await gw.db.query('UPDATE users SET role = 1 WHERE user_id = $1', [ids.manager]);
  // "idle" signed in (registered) yesterday only.
  await gw.db.query(`UPDATE sessions SET created_at = $2 WHERE user_id = $1`, [
    ids.idle,
    new Date(periodStarts(new Date()).dayStart.getTime() - 60_000),
  ]);

  const { dayStart, monthStart } = periodStarts(new Date());
  const now = new Date();
  const yesterday = new Date(dayStart.getTime() - 60_000);
  const lastMonth = new Date(monthStart.getTime() - 3_600_000);
  await settled(ids.member!, 1_000, now);
  await settled(ids.member!, 200, yesterday);
  await settled(ids.member!, 50_000, lastMonth);
  await settled(ids.mainuser!, 30, now);
  await settled(null, 7, now);
  // A reservation still open is not charged yet.
  await gw.db.query(`INSERT INTO quota_reservations (task_id, user_id, chars_reserved, state) VALUES ($1, $2, 999, 'reserved')`, [
    randomUUID(),
    ids.member,
  ]);

  await textTask(ids.member!, 'queued', null);
  await textTask(ids.member!, 'failed', now);
  await textTask(ids.member!, 'failed', yesterday);
  await textTask(ids.member!, 'done', now);
});
afterAll(async () => {
  await gw.close();
});

const summary = async (token: string) => gw.call<HomeSummary>('GET', 'admin/home_summary', { token });

describe('admin/home_summary', () => {
  it('gives an administrator the whole platform', async () => {
    const admin = await gw.adminToken();
    // The in-process document worker reports itself: wait until the registry has heard it.
    while (gw.translation.devices.list({ online: true }).length === 0) await sleep(20);
    const { dayStart, monthStart } = periodStarts(new Date());
    const yesterdayInMonth = dayStart > monthStart ? 200 : 0;
    const res = await summary(admin);
    expect(res.code).toBe(20000);
    expect(res.data).toEqual({
      users_total: 5, // the administrator and the four above
      users_active_today: 4, // everyone but "idle"
      chars_today: 1_000 + 30 + 7,
      chars_month: 1_000 + 30 + 7 + yesterdayInMonth,
      tasks_running: 1,
      tasks_failed_today: 1,
      devices_up: gw.translation.devices.list({ online: true }).length,
    });
    expect(res.data.devices_up).toBeGreaterThan(0);
  });

  it('gives a manager their own site users and characters only', async () => {
    const token = (await gw.login('home-manager@example.com', 'Passw0rd')).data.access_token;
    const { dayStart, monthStart } = periodStarts(new Date());
    const res = await summary(token);
    expect(res.data).toEqual({
      users_total: 3,
      users_active_today: 2,
      chars_today: 1_000,
      chars_month: 1_000 + (dayStart > monthStart ? 200 : 0),
      tasks_running: null,
      tasks_failed_today: null,
      devices_up: null,
    });
  });

  it('refuses normal users', async () => {
    const token = (await gw.login('home-mainuser@example.com', 'Passw0rd')).data.access_token;
    expect((await summary(token)).code).toBe(42000);
  });
});
