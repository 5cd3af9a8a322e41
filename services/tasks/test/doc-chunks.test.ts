/**
 * Storing document chunk results (`storeDocChunk`) on a real PostgreSQL, bus and storage: results
 * arrive in any order, at once and more than once; each chunk counts once, the file's progress is
 * exact, each first copy goes on to the file's holder, and the chunk that completes the file hands
 * it over to be written once (every translation in storage; the shared queue when its holder does
 * not answer). A late chunk of an ended file changes nothing; a file that fails is refunded.
 */
import { ledgerPort } from '@mtp/billing';
import { MemoryBroker, MemoryBus, subscribeTo } from '@mtp/platform';
import { BUS, type AssembleDocumentJob, type DocLayIn, type SegmentResult } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storeDocChunk } from '../src/documents/doc-chunks';
import { DOC_CHUNK_SENTENCES, docTranslationsKey } from '../src/documents/doc-keys';
import { failDocFile } from '../src/documents/doc-state';
import { docDepsOf, insertDocTask, useTasksFixture } from './tasks-fixture';

const fx = useTasksFixture('chunks@example.com');
const depsOn = (bus: MemoryBus) => docDepsOf(fx, bus);

/** Sentences of chunk `index` of a file of `chunks`: 64 each (DOC_CHUNK_SENTENCES), 3 in the last. */
const chunkSize = (index: number, chunks: number) => (index === chunks - 1 ? 3 : DOC_CHUNK_SENTENCES);
const files = new Map<string, number>();

/** A document file of `chunks` chunks (sentence 0 from the memory), in `status`. */
async function createFile(chunks: number, status = 'translating', holder: string | null = null): Promise<string> {
  const taskId = await insertDocTask(fx);
  const projectId = randomUUID();
  const mtSentences = (chunks - 1) * DOC_CHUNK_SENTENCES + 3;
  const mtIndices = Array.from({ length: mtSentences }, (_, i) => i + 1);
  await fx.db.query(
    `INSERT INTO doc_files (project_id, task_id, position, file_name, ext, bytes, status, stage, holder, chars, tm_hits, mt_indices, chunks,
                            segments_total, source_key)
     VALUES ($1, $2, 0, 'a.docx', 'docx', 1, $3, 'translate', $4, 10, '{"0": "记忆"}', $5, $6, $7, 'k')`,
    [projectId, taskId, status, holder, JSON.stringify(mtIndices), chunks, mtSentences + 1],
  );
  files.set(projectId, chunks);
  return projectId;
}

const result = (projectId: string, chunk: number): SegmentResult => ({
  kind: 'doc',
  task_id: projectId,
  chunk_index: chunk,
  translations: Array.from({ length: chunkSize(chunk, files.get(projectId) ?? 1) }, (_, k) => `${chunk}.${k}`),
  engine: 'local:test',
  model_version: 'v1',
  device_id: 'd1',
  chars: 9,
});

async function fileRow(projectId: string) {
  const { rows } = await fx.db.query<{ chunks_done: number; segments_done: number; stored: number; received: number; stage: string }>(
    `SELECT f.chunks_done, f.segments_done, f.stage, count(c.*)::int AS stored, coalesce(sum(c.received), 0)::int AS received
     FROM doc_files f LEFT JOIN doc_chunks c USING (project_id) WHERE f.project_id = $1 GROUP BY f.project_id`,
    [projectId],
  );
  return rows[0]!;
}

describe('storeDocChunk', () => {
  it('counts every chunk once when results arrive together and repeated, and hands the file over once complete', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    const deps = depsOn(bus);
    const written: AssembleDocumentJob[] = [];
    await bus.consume<AssembleDocumentJob>(BUS.assembleDocuments.queue, async (job) => void written.push(job.payload), {
      ackWaitMs: 5_000,
      maxDeliver: 1,
    });
    const projectId = await createFile(12);
    const order = [...Array(12).keys()].reverse();
    // The first 11 chunks at once, 4 of them twice; the file is not complete yet.
    const first = order.slice(0, 11);
    await Promise.all([...first, ...first.slice(0, 4)].map((i) => storeDocChunk(deps, result(projectId, i))));
    expect(await fileRow(projectId)).toEqual({ chunks_done: 11, segments_done: 10 * 64 + 3, stage: 'translate', stored: 11, received: 15 });
    await new Promise((r) => setTimeout(r, 20));
    expect(written).toEqual([]);
    // The last one completes it (twice at once: handed over once).
    await Promise.all([storeDocChunk(deps, result(projectId, order[11]!)), storeDocChunk(deps, result(projectId, order[11]!))]);
    expect(await fileRow(projectId)).toMatchObject({ chunks_done: 12, segments_done: 11 * 64 + 3, stage: 'assemble', stored: 12 });
    await expect.poll(() => written.map((job) => job.project_id)).toEqual([projectId]);
    await new Promise((r) => setTimeout(r, 50));
    expect(written).toHaveLength(1);
    const translations = JSON.parse((await fx.storage.getBuffer(written[0]!.translations_key)).toString());
    expect(translations).toHaveLength(11 * 64 + 3 + 1);
    expect(translations.slice(0, 3)).toEqual(['记忆', '0.0', '0.1']);
    expect(translations.slice(64, 67)).toEqual(['0.63', '1.0', '1.1']);
    expect(translations.at(-1)).toBe('11.2');
    expect(written[0]!.translations_key).toBe(docTranslationsKey(written[0]!.task_id, projectId));
    await bus.close({ deadlineMs: 100 });
  });

  it('forwards each first copy of a chunk to the holder, and goes to the queue when the holder does not answer', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    const holder = 'doc-test-1-abcdef01';
    const layIns: DocLayIn[] = [];
    await subscribeTo(bus, BUS.layInOnHolder, (event) => void layIns.push(event), { worker: holder });
    const queued: string[] = [];
    await bus.consume<AssembleDocumentJob>(BUS.assembleDocuments.queue, async (job) => void queued.push(job.payload.project_id), {
      ackWaitMs: 5_000,
      maxDeliver: 1,
    });
    const projectId = await createFile(2, 'translating', holder);
    await storeDocChunk(depsOn(bus), result(projectId, 1));
    await storeDocChunk(depsOn(bus), result(projectId, 1));
    await storeDocChunk(depsOn(bus), result(projectId, 0));
    await expect.poll(() => layIns.length).toBe(2);
    expect(layIns[0]).toEqual({ project_id: projectId, chunk_index: 1, translations: ['1.0', '1.1', '1.2'] });
    expect(layIns[1]!.chunk_index).toBe(0);
    expect(layIns[1]!.translations.slice(0, 2)).toEqual(['0.0', '0.1']);
    // Nobody serves the holder's subject: any worker writes it.
    await expect.poll(() => queued).toEqual([projectId]);
    const { rows } = await fx.db.query('SELECT holder FROM doc_files WHERE project_id = $1', [projectId]);
    expect(rows).toEqual([{ holder: null }]);
    await bus.close({ deadlineMs: 100 });
  });

  it('stores a late chunk of an interrupted file without counting its sentences or handing it over', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    const projectId = await createFile(1, 'interrupted');
    await storeDocChunk(depsOn(bus), result(projectId, 0));
    expect(await fileRow(projectId)).toEqual({ chunks_done: 1, segments_done: 0, stage: 'translate', stored: 1, received: 1 });
    await bus.close({ deadlineMs: 100 });
  });

  it('refunds a file that fails, once', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    const projectId = await createFile(1);
    const quota = ledgerPort(fx.db);
    await quota.reserve({ userId: fx.userId }, projectId, 10);
    expect(await failDocFile(depsOn(bus), projectId, 'chunk 0 kept failing')).toBe(true);
    expect(await failDocFile(depsOn(bus), projectId, 'again')).toBe(false);
    const { rows } = await fx.db.query('SELECT state FROM quota_reservations WHERE task_id = $1', [projectId]);
    expect(rows).toEqual([{ state: 'refunded' }]);
    const file = await fx.db.query('SELECT status, code, ledger_done FROM doc_files WHERE project_id = $1', [projectId]);
    expect(file.rows).toEqual([{ status: 'failed', code: 1203, ledger_done: true }]);
    await bus.close({ deadlineMs: 100 });
  });

  it('stores nothing for a result of no document file', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    const stranger = randomUUID();
    await storeDocChunk(depsOn(bus), result(stranger, 0));
    const { rows } = await fx.db.query('SELECT 1 FROM doc_chunks WHERE project_id = $1', [stranger]);
    expect(rows).toEqual([]);
    await bus.close({ deadlineMs: 100 });
  });
});
