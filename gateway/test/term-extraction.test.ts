/**
 * Document scan without a document worker (issue 21): what the gateway and the tasks service do
 * on their own. The job waits in its queue, so the scan stays `working`: refusals, ownership,
 * the kept state (`latest`), deleting, expiry and the recovery of a job whose publish was lost.
 * The extraction itself is tested with the real worker in term-extraction-flow.test.ts.
 */
import { BUS } from '@mtp/proto';
import { onDeadJob, sweepExpiredScans } from '@mtp/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';
import { createScan, queryScan, scanFiles } from './scan-support';

const TEXT = { name: 'notes.txt', bytes: Buffer.from('Machine translation uses a translation memory.\n'.repeat(20)) };

let gw: TestGateway;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };
beforeAll(async () => {
  gw = await buildTestGateway({ docWorker: false });
  alice = await gw.registeredUser('scan-alice@example.com');
  bob = await gw.registeredUser('scan-bob@example.com');
});
afterAll(async () => {
  await gw.close();
});

describe('document scan without a worker', () => {
  it('lists the pairs a scan can run on, without a login, named in the caller language', async () => {
    const answer = await gw.call<{ list: { src_lang: string; tgt_lang: string; name: string }[] }>('GET', 'saas/sites_term_language_list', {
      lang: 'zh-CN',
    });
    expect(answer.code).toBe(20000);
    const pairs = answer.data.list.map((p) => `${p.src_lang}>${p.tgt_lang}`);
    expect(pairs).toContain('zh-cn>en-us');
    expect(pairs).toContain('en-us>zh-cn');
    expect(pairs).toContain('ja>zh-cn');
    expect(pairs.some((p) => p.startsWith('ko>'))).toBe(false);
    expect(pairs.some((p) => p.split('>')[0] === p.split('>')[1])).toBe(false);
    expect(answer.data.list.find((p) => p.src_lang === 'zh-cn' && p.tgt_lang === 'en-us')!.name).toMatch(/中/);
  });

  it('refuses visitors, unsupported sources, same languages and missing files, storing nothing', async () => {
    expect((await createScan(gw, null, TEXT)).status).toBe(401);
    const korean = await createScan(gw, alice.token, TEXT, { src_lang: 'ko', tgt_lang: 'zh-cn' });
    expect(korean.code).toBe(44082);
    const same = await createScan(gw, alice.token, TEXT, { src_lang: 'en-us', tgt_lang: 'en-us' });
    expect(same.code).toBe(40016);
    expect((await createScan(gw, alice.token, null)).code).toBe(1208);
    const unknown = await createScan(gw, alice.token, { name: 'x.exe', bytes: Buffer.from('MZ') });
    expect(unknown.code).not.toBe(20000);
    expect(await scanFiles(gw)).toEqual([]);
    const { rows } = await gw.db.query('SELECT 1 FROM term_extractions');
    expect(rows).toHaveLength(0);
  });

  it('stores the upload, queues one job and answers working; only its owner sees it', async () => {
    const created = await createScan(gw, alice.token, TEXT);
    expect(created.code).toBe(20000);
    const taskId = created.data!.task_id;
    expect(await scanFiles(gw)).toEqual([`scans/${taskId}/source.txt`]);
    expect(await gw.bus.pendingJobs(BUS.termExtractions.queue)).toBe(1);

    const working = await queryScan(gw, alice.token, { task_id: taskId });
    expect(working.data).toMatchObject({ status: 'working', file_name: 'notes.txt', list: [], total: 0, page_size: 10 });
    const latest = await gw.call<{ task_id: string } | null>('GET', 'saas/term_extraction_latest', { token: alice.token });
    expect(latest.data?.task_id).toBe(taskId);
    expect((await gw.call('GET', 'saas/term_extraction_latest', { token: bob.token })).data).toBeNull();

    // Not finished: nothing to edit or add yet.
    const update = await gw.call('POST', 'saas/term_extraction_update', {
      token: alice.token,
      body: { task_id: taskId, term_id: 1, chosen: true },
    });
    expect(update.code).toBe(44085);
    const add = await gw.call('POST', 'saas/term_extraction_to_termbase', { token: alice.token, body: { task_id: taskId, bank_id: 1 } });
    expect(add.code).toBe(44085);

    // Someone else's scan does not exist for them.
    expect((await queryScan(gw, bob.token, { task_id: taskId })).code).toBe(44081);
    expect((await gw.call('GET', 'saas/term_extraction_deleteall', { token: bob.token, query: { task_id: taskId } })).code).toBe(44081);
    expect((await queryScan(gw, alice.token, { task_id: 'not-a-uuid' })).code).toBe(44081);

    const deleted = await gw.call('GET', 'saas/term_extraction_deleteall', { token: alice.token, query: { task_id: taskId } });
    expect(deleted.code).toBe(20000);
    expect(await scanFiles(gw)).toEqual([]);
    expect((await queryScan(gw, alice.token, { task_id: taskId })).code).toBe(44081);
  });

  it('keeps one scan a user: a new one replaces the older', async () => {
    const first = (await createScan(gw, bob.token, TEXT)).data!.task_id;
    const second = (await createScan(gw, bob.token, TEXT)).data!.task_id;
    expect((await queryScan(gw, bob.token, { task_id: first })).code).toBe(44081);
    expect((await gw.call<{ task_id: string }>('GET', 'saas/term_extraction_latest', { token: bob.token })).data.task_id).toBe(second);
    expect((await scanFiles(gw)).filter((k) => k.includes(first))).toEqual([]);
    await gw.call('GET', 'saas/term_extraction_deleteall', { token: bob.token, query: { task_id: second } });
  });

  it('sends a job again whose publish was lost', async () => {
    const created = await createScan(gw, alice.token, TEXT);
    const taskId = created.data!.task_id;
    const before = await gw.bus.pendingJobs(BUS.termExtractions.queue);
    // As if the process had died between the row and the publish, a minute ago.
    await gw.db.query(`UPDATE term_extractions SET published_at = NULL, created_at = now() - interval '1 minute' WHERE task_id = $1`, [
      taskId,
    ]);
    expect(await gw.translation.tasks.sweeper.sweepOnce()).toBeGreaterThanOrEqual(1);
    expect(await gw.bus.pendingJobs(BUS.termExtractions.queue)).toBe(before + 1);
    const { rows } = await gw.db.query<{ published: boolean }>(
      'SELECT published_at IS NOT NULL AS published FROM term_extractions WHERE task_id = $1',
      [taskId],
    );
    expect(rows[0]!.published).toBe(true);
  });

  it('fails a scan whose job died, with the message of a file that could not be opened', async () => {
    const taskId = (await createScan(gw, alice.token, TEXT)).data!.task_id;
    const { text, docs } = gw.translation;
    await onDeadJob(
      { ...text, docs },
      {
        queue: BUS.termExtractions.queue,
        job_id: `terms:${taskId}`,
        payload: { kind: 'terms.extract', task_id: taskId },
        delivery_count: 3,
        error: 'worker crashed',
        dead_at: new Date().toISOString(),
      },
    );
    const answer = await queryScan(gw, alice.token, { task_id: taskId });
    expect(answer.data.status).toBe('failed');
    expect(answer.data.message).not.toContain('crashed');
    expect(answer.data.message.length).toBeGreaterThan(0);
    const { rows } = await gw.db.query('SELECT 1 FROM dead_letters WHERE task_ref = $1', [taskId]);
    expect(rows).toHaveLength(1);
  });

  it('deletes scans past their 7 days with their files, and uploads no row points at', async () => {
    const created = await createScan(gw, alice.token, TEXT);
    const taskId = created.data!.task_id;
    const { rows } = await gw.db.query<{ days: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days FROM term_extractions WHERE task_id = $1`,
      [taskId],
    );
    expect(rows[0]!.days).toBe(7);
    const orphan = 'scans/00000000-0000-4000-8000-000000000001/source.txt';
    await gw.storage.put(orphan, Buffer.from('left behind'));
    await gw.db.query(`UPDATE term_extractions SET expires_at = now() - interval '1 second' WHERE task_id = $1`, [taskId]);
    expect(await sweepExpiredScans({ db: gw.db, storage: gw.storage }, new Date(), 0)).toBeGreaterThanOrEqual(2);
    const left = await scanFiles(gw);
    expect(left.filter((k) => k.includes(taskId) || k === orphan)).toEqual([]);
    expect((await gw.db.query('SELECT 1 FROM term_extractions WHERE task_id = $1', [taskId])).rows).toHaveLength(0);
  });
});
