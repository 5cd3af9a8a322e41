/**
 * The recovery sweeper on a real PostgreSQL, bus and storage: work whose publish never happened,
 * work that stalled on an idle queue and a file whose holder is gone are sent again from their
 * rows; a stalled task on a queue that is merely behind is left alone; at the start of an
 * in-process bus everything unfinished goes again. Ledgers a failed refund left open (the
 * ledger's database unreachable at the time, logged) are ended by the next sweep.
 */
import { findReservation, ledgerPort } from '@mtp/billing';
import { DeviceRegistry } from '@mtp/ops';
import { MemoryBroker, MemoryBus, publishEventTo, type Db } from '@mtp/platform';
import { BUS, type AssembleDocumentJob, type PrepareDocumentJob, type SegmentJob } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { DocDeps } from '../src/documents/doc-deps';
import { docSentencesKey } from '../src/documents/doc-keys';
import { failDocFile } from '../src/documents/doc-state';
import { startSweeper, type Sweeper } from '../src/recovery/sweeper';
import { endTextLedger, failTask } from '../src/text-jobs';
import { docDepsOf, insertDocTask, useTasksFixture } from './tasks-fixture';

const fx = useTasksFixture('sweep@example.com');

type World = {
  bus: MemoryBus;
  deps: DocDeps;
  logs: string[];
  devices: DeviceRegistry;
  sweeper(resumeAtStart?: boolean): Sweeper;
  close(): Promise<void>;
};

async function world(quotaDb?: Db): Promise<World> {
  const bus = new MemoryBus(new MemoryBroker());
  const devices = await DeviceRegistry.start(bus);
  const logs: string[] = [];
  const deps = docDepsOf(fx, bus, { quotaDb, workers: devices, log: (line) => void logs.push(line) });
  const sweepers: Sweeper[] = [];
  return {
    bus,
    deps,
    logs,
    devices,
    sweeper: (resumeAtStart = false) => {
      const sweeper = startSweeper({ ...deps, docs: deps }, { resumeAtStart, everyMs: 60_000 });
      sweepers.push(sweeper);
      return sweeper;
    },
    close: async () => {
      for (const sweeper of sweepers) await sweeper.stop();
      await devices.stop();
      await bus.close({ deadlineMs: 100 });
    },
  };
}

/** Jobs that reach a queue from now on. */
async function jobsOn<T>(bus: MemoryBus, queue: string): Promise<T[]> {
  const seen: T[] = [];
  await bus.consume<T>(queue, (job) => void seen.push(job.payload), { ackWaitMs: 5_000, maxDeliver: 1 });
  return seen;
}

async function textTask(opts: { publishedAgo: string | null; createdAgo?: string }): Promise<string> {
  const taskId = randomUUID();
  await fx.db.query(
    `INSERT INTO text_tasks (task_id, user_id, src_lang, tgt_lang, domain, segments, truncated, chars, status, published_at, created_at)
     VALUES ($1, $2, 'en-us', 'zh-cn', 'general', '["twenty one"]', false, 10, 'queued',
             now() - $3::interval, now() - $4::interval)`,
    [taskId, fx.userId, opts.publishedAgo, opts.createdAgo ?? '1 minute'],
  );
  return taskId;
}

async function docFile(fields: { status: string; stage: string; holder?: string; progressAgo: string; published: boolean }): Promise<{
  taskId: string;
  projectId: string;
}> {
  const taskId = await insertDocTask(fx);
  const projectId = randomUUID();
  // Three sentences: the first from the memory, two for MT in one chunk.
  await fx.db.query(
    `INSERT INTO doc_files (project_id, task_id, position, file_name, ext, bytes, status, stage, holder, chars, tm_hits, mt_indices,
                            chunks, segments_total, source_key, published_at, progress_at)
     VALUES ($1, $2, 0, 'a.txt', 'txt', 1, $3, $4, $5, 30, '{"0": "记忆"}', '[1, 2]', 1, 3, $6,
             CASE WHEN $7 THEN now() - $8::interval END, now() - $8::interval)`,
    [
      projectId,
      taskId,
      fields.status,
      fields.stage,
      fields.holder ?? null,
      `docs/${taskId}/${projectId}/source.txt`,
      fields.published,
      fields.progressAgo,
    ],
  );
  return { taskId, projectId };
}

describe('the recovery sweeper', () => {
  it('publishes a text task and a document whose publish never happened', async () => {
    const w = await world();
    const texts = await jobsOn<SegmentJob>(w.bus, 'mt.jobs.default');
    const prepares = await jobsOn<PrepareDocumentJob>(w.bus, BUS.prepareDocuments.queue);
    const text = await textTask({ publishedAgo: null });
    const recent = await textTask({ publishedAgo: null, createdAgo: '1 second' });
    const file = await docFile({ status: 'queued', stage: 'prepare', progressAgo: '1 minute', published: false });
    await w.sweeper().sweepOnce();
    await expect.poll(() => texts.map((j) => [j.kind, j.task_id])).toEqual([['text', text]]);
    await expect.poll(() => prepares.map((j) => j.project_id)).toEqual([file.projectId]);
    expect(prepares[0]).toMatchObject({ kind: 'doc.prepare', sentences_key: docSentencesKey(file.taskId, file.projectId) });
    // Written a moment ago: its own publish is still under way.
    expect(texts.some((j) => j.task_id === recent)).toBe(false);
    const { rows } = await fx.db.query('SELECT republished, published_at IS NOT NULL AS published FROM text_tasks WHERE task_id = $1', [
      text,
    ]);
    expect(rows).toEqual([{ republished: 1, published: true }]);
    await fx.db.query('DELETE FROM text_tasks; DELETE FROM doc_tasks');
    await w.close();
  });

  it('sends a stalled file its missing chunks once its queue is idle, and leaves a queue that is merely behind', async () => {
    const w = await world();
    const file = await docFile({ status: 'translating', stage: 'translate', progressAgo: '11 minutes', published: true });
    await fx.storage.put(
      docSentencesKey(file.taskId, file.projectId),
      Buffer.from(JSON.stringify(['twenty one', 'thirty eight', 'fifty eight'])),
    );
    const behind = await textTask({ publishedAgo: '11 minutes' });
    // Something else waits on the pool's queue: a stalled task there may just be behind it.
    await w.bus.publishJob('mt.jobs.default', { waiting: true });
    const sweeper = w.sweeper();
    await sweeper.sweepOnce();
    expect(await w.bus.pendingJobs('mt.jobs.default')).toBe(1);
    const jobs = await jobsOn<SegmentJob>(w.bus, 'mt.jobs.default');
    await expect.poll(() => jobs.length).toBe(1);
    await sweeper.sweepOnce();
    const sent = () => jobs.filter((j) => 'kind' in j).map((j) => [j.kind, j.task_id, j.chunk_index, j.segments.join('|')]);
    await expect
      .poll(() => sent().sort())
      .toEqual(
        [
          ['doc', file.projectId, 0, 'thirty eight|fifty eight'],
          ['text', behind, 0, 'twenty one'],
        ].sort(),
      );
    await fx.db.query('DELETE FROM text_tasks; DELETE FROM doc_tasks');
    await w.close();
  });

  it('sends a file whose holder went offline to any worker, with every translation in storage', async () => {
    const w = await world();
    const holder = 'doc-gone-1-abcdef01';
    const file = await docFile({ status: 'translating', stage: 'assemble', holder, progressAgo: '5 seconds', published: true });
    await fx.db.query(
      `INSERT INTO doc_chunks (project_id, chunk_index, translations, engine) VALUES ($1, 0, '["三十八", "五十八"]', 'local')`,
      [file.projectId],
    );
    const queued = await jobsOn<AssembleDocumentJob>(w.bus, BUS.assembleDocuments.queue);
    const sweeper = w.sweeper();
    await sweeper.sweepOnce();
    expect(queued).toEqual([]);
    // Its last heartbeat says it stopped.
    const now = new Date().toISOString();
    await publishEventTo(w.bus, BUS.deviceHeartbeat, {
      device_id: holder,
      role: 'doc',
      host: 'h',
      pid: 1,
      pool: 'default',
      cpu_model: 'x',
      cpu_count: 1,
      total_mem_bytes: 1,
      gpu: null,
      execution_provider: 'cpu',
      loaded_pairs: [],
      in_flight: 0,
      jobs_done: 0,
      status: 'offline',
      heartbeat_ms: 5_000,
      started_at: now,
      reported_at: now,
    });
    await expect.poll(() => w.devices.isGone(holder)).toBe(true);
    await sweeper.sweepOnce();
    await expect.poll(() => queued.map((j) => j.project_id)).toEqual([file.projectId]);
    expect(JSON.parse((await fx.storage.getBuffer(queued[0]!.translations_key)).toString())).toEqual(['记忆', '三十八', '五十八']);
    const { rows } = await fx.db.query('SELECT holder FROM doc_files WHERE project_id = $1', [file.projectId]);
    expect(rows).toEqual([{ holder: null }]);
    await fx.db.query('DELETE FROM doc_tasks');
    await w.close();
  });

  it('resumes everything unfinished at the start of an in-process bus', async () => {
    const w = await world();
    const jobs = await jobsOn<SegmentJob>(w.bus, 'mt.jobs.default');
    const text = await textTask({ publishedAgo: '1 second' });
    w.sweeper(true);
    await expect.poll(() => jobs.map((j) => j.task_id)).toEqual([text]);
    await fx.db.query('DELETE FROM text_tasks');
    await w.close();
  });

  it('ends ledgers a failed refund left open: a document file, a text task, an interactive translation', async () => {
    // The ledger's database is unreachable while the work fails: the refunds fail and are logged.
    const down = new pg.Pool({ connectionString: fx.tdb.url });
    await down.end();
    const broken = await world(down);
    const file = await docFile({ status: 'translating', stage: 'translate', progressAgo: '1 second', published: true });
    const text = await textTask({ publishedAgo: '1 second' });
    const quota = ledgerPort(fx.db);
    await quota.reserve({ userId: fx.userId }, file.projectId, 30);
    await quota.reserve({ userId: fx.userId }, text, 10);
    const sync = `sync:${randomUUID()}`;
    await quota.reserve({ userId: fx.userId }, sync, 5);
    await fx.db.query(`UPDATE quota_reservations SET created_at = now() - interval '11 minutes' WHERE task_id = $1`, [sync]);
    expect(await failDocFile(broken.deps, file.projectId, 'chunk died')).toBe(true);
    expect(await failTask(fx.db, text, 'job died')).toBe(true);
    await endTextLedger(broken.deps, text, 'failed', 10);
    expect(broken.logs.join('\n')).toMatch(new RegExp(`refunding ${file.projectId} failed[\\s\\S]*refunding ${text} failed`));
    expect((await findReservation(fx.db, file.projectId))?.state).toBe('reserved');
    await broken.close();

    const w = await world();
    const ended = await w.sweeper().sweepOnce();
    expect(ended).toBeGreaterThanOrEqual(3);
    for (const id of [file.projectId, text, sync]) expect((await findReservation(fx.db, id))?.state, id).toBe('refunded');
    const { rows } = await fx.db.query('SELECT ledger_done FROM doc_files WHERE project_id = $1', [file.projectId]);
    expect(rows).toEqual([{ ledger_done: true }]);
    // A second sweep has nothing left to end.
    expect(await w.sweeper().sweepOnce()).toBe(0);
    await w.close();
  });
});
