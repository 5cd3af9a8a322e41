/**
 * Storing document chunk results (`storeDocChunk`) on a real PostgreSQL: results arrive in any
 * order, at once and more than once; each chunk counts once, the file's progress is exact, the
 * chunk that completes the file queues its assembly, and a result for no document changes nothing.
 */
import { accountsMigrations } from '@mtp/accounts';
import { billingMigrations, ledgerPort } from '@mtp/billing';
import { planSentences, txtFormat } from '@mtp/doc-worker';
import { MemoryBroker, MemoryBus, runMigrations, type Db } from '@mtp/platform';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { BUS, type SegmentResult } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { failDocFile, storeDocChunk } from '../src/documents/doc-state';
import { keepOpened, takeOpened } from '../src/documents/opened-cache';
import { tasksMigrations } from '../src/migrations';

let tdb: TestDatabase;
let db: Db;
let userId: number;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  db = tdb.db;
  await runMigrations(db, [...(await accountsMigrations()), ...(await billingMigrations()), ...(await tasksMigrations())]);
  const site = await db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ('main', 'Main', '{}', true) RETURNING site_id`,
  );
  const user = await db.query<{ user_id: number }>(
    `INSERT INTO users (account, username, site_id, role) VALUES ('chunks@example.com', 'tester', $1, 2) RETURNING user_id`,
    [site.rows[0]!.site_id],
  );
  userId = user.rows[0]!.user_id;
});
afterAll(async () => tdb?.drop());

/** A document file of `chunks` chunks of 3 sentences each, in `status`. */
async function createFile(chunks: number, status = 'translating'): Promise<string> {
  const taskId = randomUUID();
  const projectId = randomUUID();
  await db.query(
    `INSERT INTO doc_tasks (task_id, user_id, src_lang, tgt_lang, domain, mode, translate_pictures, status, expires_at)
     VALUES ($1, $2, 'en-us', 'zh-cn', 'general', 0, false, 'working', now() + interval '1 day')`,
    [taskId, userId],
  );
  await db.query(
    `INSERT INTO doc_files (project_id, task_id, position, file_name, ext, bytes, status, chars, mt_indices, chunks,
                            segments_total, source_key)
     VALUES ($1, $2, 0, 'a.docx', 'docx', 1, $3, 10, '[]', $4, $5, 'k')`,
    [projectId, taskId, status, chunks, chunks * 3],
  );
  return projectId;
}

const result = (projectId: string, chunk: number): SegmentResult => ({
  task_id: projectId,
  chunk_index: chunk,
  translations: [`a${chunk}`, `b${chunk}`, `c${chunk}`],
  engine: 'local:test',
  model_version: 'v1',
  device_id: 'd1',
  chars: 9,
});

async function fileRow(projectId: string) {
  const { rows } = await db.query<{ chunks_done: number; segments_done: number; stored: number; received: number }>(
    `SELECT f.chunks_done, f.segments_done, count(c.*)::int AS stored, coalesce(sum(c.received), 0)::int AS received
     FROM doc_files f LEFT JOIN doc_chunks c USING (project_id) WHERE f.project_id = $1 GROUP BY f.project_id`,
    [projectId],
  );
  return rows[0]!;
}

describe('storeDocChunk', () => {
  it('counts every chunk once when results arrive together and repeated, and queues the assembly once complete', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    const assembled: string[] = [];
    await bus.consume<{ project_id: string }>(BUS.assembleDocuments.queue, async (job) => void assembled.push(job.payload.project_id), {
      ackWaitMs: 5_000,
      maxDeliver: 1,
    });
    const projectId = await createFile(12);
    const order = [...Array(12).keys()].reverse();
    // The first 11 chunks at once, 4 of them twice; the file is not complete yet.
    const first = order.slice(0, 11);
    expect(await Promise.all([...first, ...first.slice(0, 4)].map((i) => storeDocChunk(db, bus, result(projectId, i))))).toEqual(
      Array(15).fill(true),
    );
    expect(await fileRow(projectId)).toEqual({ chunks_done: 11, segments_done: 33, stored: 11, received: 15 });
    await new Promise((r) => setTimeout(r, 20));
    expect(assembled).toEqual([]);
    // The last one completes it.
    await storeDocChunk(db, bus, result(projectId, order[11]!));
    expect(await fileRow(projectId)).toEqual({ chunks_done: 12, segments_done: 36, stored: 12, received: 16 });
    const { rows } = await db.query<{ translations: string[] }>(
      'SELECT translations FROM doc_chunks WHERE project_id = $1 AND chunk_index = 5',
      [projectId],
    );
    expect(rows[0]!.translations).toEqual(['a5', 'b5', 'c5']);
    await expect.poll(() => assembled).toEqual([projectId]);
    await bus.close({ deadlineMs: 100 });
  });

  it('stores a late chunk of an interrupted file without counting its sentences or assembling it', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    const projectId = await createFile(1, 'interrupted');
    expect(await storeDocChunk(db, bus, result(projectId, 0))).toBe(true);
    expect(await fileRow(projectId)).toEqual({ chunks_done: 1, segments_done: 0, stored: 1, received: 1 });
    await bus.close({ deadlineMs: 100 });
  });

  it('forgets the kept document of a file that fails, and refunds it', async () => {
    const projectId = await createFile(1);
    const quota = ledgerPort(db);
    await quota.reserve({ userId }, projectId, 10);
    const document = await txtFormat.open(Buffer.from('twenty one'), { srcLang: 'en-us' });
    keepOpened(projectId, document, planSentences(document.paragraphs, 'en-us'), 10);
    expect(await failDocFile({ db, quota }, projectId, 'chunk 0 kept failing')).toBe(true);
    expect(takeOpened(projectId)).toBeUndefined();
    const { rows } = await db.query('SELECT state FROM quota_reservations WHERE task_id = $1', [projectId]);
    expect(rows).toEqual([{ state: 'refunded' }]);
  });

  it('answers false for a result of no document file, and stores nothing', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    const stranger = randomUUID();
    expect(await storeDocChunk(db, bus, result(stranger, 0))).toBe(false);
    expect(await storeDocChunk(db, bus, result('text-task-7', 0))).toBe(false);
    const { rows } = await db.query('SELECT 1 FROM doc_chunks WHERE project_id = $1', [stranger]);
    expect(rows).toEqual([]);
    await bus.close({ deadlineMs: 100 });
  });
});
