/**
 * Enterprise pools with real processes (issue 19): a gateway on NATS with a document worker in its
 * process, and two MT worker processes, `mt-dedicated` assigned to enterprise X's pool through the
 * admin API and `mt-shared`. Which worker served each job is read from their own counts (jobs
 * done, in their heartbeats): X's text and document work runs only on X's device, everyone
 * else's only on the shared one; a drain finishes the job in flight and then takes nothing (X's
 * next job waits, its interactive text is told the devices are offline); a disabled device gets
 * nothing until enabled again.
 */
import type { Platform } from '@mtp/gateway';
import type { TestDatabase } from '@mtp/platform/testing';
import { BUS, type DeviceItem, type JobProgress } from '@mtp/proto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOverHttp, startFaultPlatform, useOwnNats, waitFor, type FaultPlatform } from '../support/fault-support';
import { startWorkerProcess } from '../support/processes';

const nats = useOwnNats();
let tdb: TestDatabase;
let platform: Platform;
let api: string;
let started: FaultPlatform | undefined;
let admin: string;
let userX: string;
let userY: string;
let siteX: number;
const workers: ChildProcess[] = [];
const DEDICATED = 'mt-dedicated';
const SHARED = 'mt-shared';

type Answer<T> = { code: number; msg: string; data: T };
async function call<T>(method: string, route: string, token: string, body?: unknown): Promise<Answer<T>> {
  const res = await fetch(`${api}/${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<Answer<T>>;
}

const devices = async () => (await call<{ list: DeviceItem[] }>('GET', 'admin/devices', admin)).data.list;
const device = async (id: string) => (await devices()).find((d) => d.device_id === id)!;
/** What the two MT workers have done (the document worker's own count is not what these tests watch). */
const jobsDone = async () =>
  Object.fromEntries((await devices()).filter((d) => [DEDICATED, SHARED].includes(d.device_id)).map((d) => [d.device_id, d.jobs_done]));
/** The counts once two reads a heartbeat apart agree: a count read just after a job may still be the old one. */
async function settledJobsDone(): Promise<Record<string, number>> {
  let last = await jobsDone();
  for (;;) {
    await new Promise((r) => setTimeout(r, 5_500));
    const now = await jobsDone();
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
}
/** Waits until the heartbeats say exactly these counts (each worker reports every 5 s). */
const countsReach = (want: Record<string, number>) =>
  waitFor(
    `jobs done ${JSON.stringify(want)}`,
    async () => {
      const now = await jobsDone();
      return Object.entries(want).every(([id, n]) => now[id] === n) ? now : undefined;
    },
    30_000,
  );

async function textTask(token: string, lines: number): Promise<string> {
  const text = Array.from({ length: lines }, (_, i) => (i % 2 === 0 ? 'twenty one' : 'nine thousand')).join('\n');
  const r = await call<{ task_id: string }>('POST', 'text/translate_async', token, { text, src_lang: 'en-us', tgt_lang: 'zh-cn' });
  expect(r.code, r.msg).toBe(20000);
  return r.data.task_id;
}
const taskStatus = async (token: string, id: string) =>
  (await call<{ status: string }>('GET', `text/query?task_id=${id}`, token)).data.status;
const taskDone = (token: string, id: string) =>
  waitFor(`task ${id} done`, async () => ((await taskStatus(token, id)) === 'done' ? true : undefined), 90_000);

/** A one-file document; answers the number of chunks it was cut into once it is done. */
async function documentDone(token: string): Promise<number> {
  const form = new FormData();
  form.append('src_lang', 'en-us');
  form.append('tgt_lang', 'zh-cn');
  form.append('files', new Blob(['twenty one\nnine thousand']), 'numbers.txt');
  const created = await (
    await fetch(`${api}/request_translate/doc/create`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(created.code, created.msg).toBe(20000);
  const taskId = created.data.task_id as string;
  await waitFor(
    'the document done',
    async () => {
      const q = await call<{ score: number }>('GET', `request_translate/doc/query?task_id=${taskId}`, token);
      return q.data.score >= 100 ? true : undefined;
    },
    90_000,
  );
  const { rows } = await tdb.db.query<{ chunks: number; pool: string }>(
    'SELECT f.chunks, t.pool FROM doc_files f JOIN doc_tasks t USING (task_id) WHERE f.task_id = $1',
    [taskId],
  );
  return rows[0]!.chunks;
}

beforeAll(async () => {
  started = await startFaultPlatform(nats.url, { runDocWorker: true });
  ({ platform, api, tdb } = started);
  // One sentence per engine call: a 300-line job runs long enough to be drained mid-way.
  const env = (id: string) => ({ NATS_URL: nats.url, DEVICE_ID: id, MT_BATCH_SIZE: '1' });
  await Promise.all([startWorkerProcess('mt', env(DEDICATED), workers), startWorkerProcess('mt', env(SHARED), workers)]);
  // Enterprise X and one user of it; a user of the main site. Both with the admin's password.
  siteX = (
    await tdb.db.query<{ site_id: number }>(
      `INSERT INTO sites (site_code, site_name, site_config) VALUES ('acme', 'Acme', '{}') RETURNING site_id`,
    )
  ).rows[0]!.site_id;
  const main = (await tdb.db.query<{ site_id: number }>('SELECT site_id FROM sites WHERE is_main')).rows[0]!.site_id;
  for (const [account, site] of [
    ['x@acme.com', siteX],
    ['y@main.com', main],
  ] as const) {
    await tdb.db.query(
      `INSERT INTO users (account, username, password_hash, role, site_id)
       SELECT $1, 'user', password_hash, 2, $2 FROM users WHERE account = 'admin@example.com'`,
      [account, site],
    );
  }
  admin = await loginOverHttp(api, 'admin@example.com', 'Admin12345');
  userX = await loginOverHttp(api, 'x@acme.com', 'Admin12345');
  userY = await loginOverHttp(api, 'y@main.com', 'Admin12345');
}, 240_000);

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await started?.close();
});

describe('an enterprise pool', () => {
  it("runs X's text and documents only on X's device, and everyone else's only on the shared one", async () => {
    const assigned = await call<DeviceItem>('POST', `admin/devices/${DEDICATED}/pool`, admin, { site_id: siteX });
    expect(assigned.code, assigned.msg).toBe(20000);
    await waitFor('the device in X pool', async () => {
      const d = await device(DEDICATED);
      return d.pool === `site-${siteX}` && d.state === 'enabled' && d.online ? d : undefined;
    });
    const before = await jobsDone();

    const x1 = await call<{ translated: string }>('POST', 'text/translate', userX, {
      text: 'twenty one',
      src_lang: 'en-us',
      tgt_lang: 'zh-cn',
    });
    expect(x1.data.translated).toBe('二十一');
    const xTask = await textTask(userX, 2);
    await taskDone(userX, xTask);
    const xChunks = await documentDone(userX);

    const y1 = await call<{ translated: string }>('POST', 'text/translate', userY, {
      text: 'nine thousand',
      src_lang: 'en-us',
      tgt_lang: 'zh-cn',
    });
    expect(y1.data.translated).toBe('九千');
    const yTask = await textTask(userY, 2);
    await taskDone(userY, yTask);
    const yChunks = await documentDone(userY);

    await countsReach({ [DEDICATED]: before[DEDICATED]! + 2 + xChunks, [SHARED]: before[SHARED]! + 2 + yChunks });
    const pools = await tdb.db.query<{ task_id: string; pool: string }>('SELECT task_id::text, pool FROM text_tasks');
    expect(Object.fromEntries(pools.rows.map((r) => [r.task_id, r.pool]))).toEqual({ [xTask]: `site-${siteX}`, [yTask]: 'default' });
  }, 180_000);

  it('drains: the job in flight finishes, then nothing new is taken until enabled again', async () => {
    const progress: JobProgress[] = [];
    const sub = await platform.bus.subscribe<JobProgress>(BUS.jobProgress.subject, (p) => void progress.push(p));
    const long = await textTask(userX, 300);
    await waitFor('progress on the long job', () => progress.find((p) => p.task_id === long && p.device_id === DEDICATED));
    const drained = await call<DeviceItem>('POST', `admin/devices/${DEDICATED}/state`, admin, { state: 'draining' });
    expect(drained.code, drained.msg).toBe(20000);
    await sub.unsubscribe();
    await taskDone(userX, long);
    await waitFor('drained', async () => ((await device(DEDICATED)).state === 'drained' ? true : undefined));
    const before = await settledJobsDone();

    // X's fallback is `wait` (the default): its next job queues on its pool; interactive text (a
    // sentence the translation cache cannot answer) says why.
    const waiting = await textTask(userX, 2);
    const offline = await call('POST', 'text/translate', userX, { text: 'nine thousand twenty one', src_lang: 'en-us', tgt_lang: 'zh-cn' });
    expect(offline.code).toBe(44011);
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await taskStatus(userX, waiting)).toBe('queued');
    expect(await jobsDone()).toEqual(before);

    await call('POST', `admin/devices/${DEDICATED}/state`, admin, { state: 'enabled' });
    await taskDone(userX, waiting);
    await countsReach({ [DEDICATED]: before[DEDICATED]! + 1, [SHARED]: before[SHARED]! });
  }, 180_000);

  it('a disabled device gets nothing', async () => {
    const disabled = await call<DeviceItem>('POST', `admin/devices/${SHARED}/state`, admin, { state: 'disabled' });
    expect(disabled.code, disabled.msg).toBe(20000);
    await waitFor('disabled', async () => ((await device(SHARED)).state === 'disabled' ? true : undefined));
    const before = await settledJobsDone();
    const held = await textTask(userY, 2);
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await taskStatus(userY, held)).toBe('queued');
    expect(await jobsDone()).toEqual(before);
    const { rows } = await tdb.db.query<{ action: string }>(`SELECT action FROM system_log WHERE target_type = 'device' ORDER BY log_id`);
    expect(rows.map((r) => r.action)).toEqual(['device.assign', 'device.state', 'device.state', 'device.state']);

    await call('POST', `admin/devices/${SHARED}/state`, admin, { state: 'enabled' });
    await taskDone(userY, held);
    await countsReach({ [SHARED]: before[SHARED]! + 1, [DEDICATED]: before[DEDICATED]! });
  }, 120_000);
});
