/**
 * Documents on a cluster, every part its own process on the run's real NATS server: the gateway
 * (`RUN_MT_WORKER=0 RUN_DOC_WORKER=0`: it stores uploads, writes rows and queues jobs, never
 * opens a document), two document workers and one MT worker, sharing a storage folder.
 *
 * - With no document worker, an upload is accepted and waits; it completes once workers start.
 * - A batch of docx, pptx, xlsx and pdf completes.
 * - The worker writing a file (its holder) is SIGKILLed in the middle of the writing; the other
 *   worker writes it from the stored source: the file is finished once, its characters charged
 *   once, and the picture text the dead writer had reserved is refunded.
 */
import { findReservation, remaining } from '@mtp/billing';
import { createBus, subscribeTo, type Bus } from '@mtp/platform';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { textPicture } from '@mtp/doc-worker/testing';
import { BUS, type DocProgress, type DocQueryData } from '@mtp/proto';
import { unzipSync, zipSync } from 'fflate';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '@mtp/gateway';
import { loginOverHttp, useOwnNats, waitFor } from '../support/fault-support';
import { killAll, startGatewayProcess, startWorkerProcess } from '../support/processes';

const POOL = `docs-${randomBytes(3).toString('hex')}`;
// Before the other hooks: the platform below needs its URL.
const nats = useOwnNats();
const FIXTURES = path.join(REPO_ROOT, 'workers/doc/fixtures');

let tdb: TestDatabase;
let storageDir: string;
let dataDir: string;
let api: string;
let token: string;
let bus: Bus;
const children: ChildProcess[] = [];
const docWorkers = new Map<string, ChildProcess>();

const workerEnv = () => ({ NATS_URL: nats.url, MT_POOL: POOL, STORAGE_DIR: storageDir, DATA_DIR: dataDir });

async function startDocWorker(): Promise<string> {
  const worker = await startWorkerProcess('doc', workerEnv(), children);
  docWorkers.set(worker.deviceId, worker.child);
  return worker.deviceId;
}

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-cluster-storage-'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-cluster-data-'));
  bus = await createBus({ natsUrl: nats.url, name: 'cluster-test' });
  const [gateway] = await Promise.all([
    startGatewayProcess({ ...workerEnv(), DATABASE_URL: tdb.url, RUN_MT_WORKER: '0', RUN_DOC_WORKER: '0' }, children),
    startWorkerProcess('mt', workerEnv(), children),
  ]);
  api = gateway.api;
  token = await loginOverHttp(api, 'admin@example.com', 'Admin12345');
  // The gateway knows the pair once the MT worker's heartbeat reached it.
  await waitFor('the MT worker in the gateway', async () => {
    const answer = await (await fetch(`${api}/text/engine_list`, { headers: { authorization: `Bearer ${token}` } })).json();
    return answer.data?.enginelist?.some(
      (p: { src_lang: string; tgt_lang: string; kind: string }) => p.src_lang === 'en-us' && p.kind === 'direct',
    )
      ? true
      : undefined;
  });
}, 180_000);

afterAll(async () => {
  killAll(children);
  await bus?.close({ deadlineMs: 100 });
  await tdb?.drop();
  await rm(storageDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

async function upload(files: { name: string; bytes: Uint8Array }[], fields: Record<string, string> = {}): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ src_lang: 'en-us', tgt_lang: 'zh-cn', mode: '0', ...fields })) form.append(name, value);
  for (const file of files) form.append('files', new Blob([Buffer.from(file.bytes)]), file.name);
  const res = await fetch(`${api}/request_translate/doc/create`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const answer = await res.json();
  expect(answer.code, answer.msg).toBe(20000);
  return answer.data.task_id as string;
}

async function query(taskId: string): Promise<DocQueryData> {
  const res = await fetch(`${api}/request_translate/doc/query?task_id=${taskId}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data as DocQueryData;
}

const finished = (taskId: string, timeoutMs = 120_000) =>
  waitFor('the task to finish', async () => ((await query(taskId)).score >= 100 ? query(taskId) : undefined), timeoutMs);

async function download(projectId: string): Promise<Buffer> {
  const res = await fetch(`${api}/request_translate/doc/download/${projectId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(storageDir, path.join(e.parentPath, e.name)));
}

describe('documents on separate worker processes', () => {
  it('waits with no document worker, and completes once workers start', async () => {
    const taskId = await upload([{ name: 'numbers.txt', bytes: Buffer.from('twenty one\nthirty eight') }]);
    await new Promise((r) => setTimeout(r, 3_000));
    const waiting = await query(taskId);
    expect(waiting.translate_list.map((f) => [f.status, f.score])).toEqual([['queued', 0]]);
    // The gateway stored the upload and nothing else: no sentences were cut.
    expect(await filesUnder(path.join(storageDir, 'docs', taskId))).toEqual([
      `docs/${taskId}/${waiting.translate_list[0]!.projectId}/source.txt`,
    ]);
    await Promise.all([startDocWorker(), startDocWorker()]);
    const task = await finished(taskId);
    expect(task.translate_list[0]!.status).toBe('done');
    expect((await download(task.translate_list[0]!.projectId)).toString('utf8').split(/\r?\n/)).toEqual(['二十一', '三十八']);
  }, 180_000);

  it('translates a batch of docx, pptx, xlsx and pdf', async () => {
    const names = ['ooxml/comments.docx', 'ooxml/tbl-cell.pptx', 'ooxml/commentTest.xlsx', 'pdf/TAMReview.pdf'];
    const files = await Promise.all(
      names.map(async (name) => ({ name: path.basename(name), bytes: await readFile(path.join(FIXTURES, name)) })),
    );
    const task = await finished(await upload(files));
    expect(task.translate_list.map((f) => [f.file_name, f.status, f.code])).toEqual(files.map((f) => [f.name, 'done', 0]));
    for (const file of task.translate_list) {
      const bytes = await download(file.projectId);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe(file.file_name.endsWith('.pdf') ? '%PDF' : 'PK\u0003\u0004');
    }
  }, 180_000);

  it('finishes a file whose writer was SIGKILLed mid-writing on the other worker, once, charged once', async () => {
    const { rows: admin } = await tdb.db.query<{ user_id: number }>(`SELECT user_id FROM users WHERE account = 'admin@example.com'`);
    const before = (await remaining(tdb.db, admin[0]!.user_id)).total_left;
    // A Word file with a line of text and eleven more pictures of text, so writing it takes seconds.
    const entries = unzipSync(await readFile(path.join(FIXTURES, 'ooxml/having-images.docx')));
    const body = new TextDecoder().decode(entries['word/document.xml']!);
    entries['word/document.xml'] = new TextEncoder().encode(
      body.replace('<w:body>', '<w:body><w:p><w:r><w:t>fifty eight</w:t></w:r></w:p>'),
    );
    for (let i = 1; i <= 11; i++) entries[`word/media/extra${i}.png`] = new Uint8Array(textPicture(i % 2 ? 'twenty one' : 'thirty eight'));
    const progress: DocProgress[] = [];
    const sub = await subscribeTo(bus, BUS.docProgress, (p) => void progress.push(p));
    const taskId = await upload([{ name: 'pictures.docx', bytes: zipSync(entries) }], { translate_pictures: '1' });
    const writing = await waitFor(
      'the writer on a picture',
      () => progress.find((p) => p.stage === 'assemble' && p.step === 'picture'),
      60_000,
    );
    const killed = docWorkers.get(writing.holder)!;
    killed.kill('SIGKILL');
    const task = await finished(taskId, 150_000);
    await sub.unsubscribe();
    const file = task.translate_list[0]!;
    expect(file.status).toBe('done');
    expect(unzipSync(new Uint8Array(await download(file.projectId)))['word/media/extra1.png']).toBeDefined();
    // The other worker wrote it.
    const writers = new Set(progress.filter((p) => p.project_id === file.projectId && p.stage === 'assemble').map((p) => p.holder));
    expect(writers.size).toBe(2);
    // Charged once: the dead writer's picture text refunded, the winner's settled, and the
    // user's characters went down by exactly the file's price.
    // A charge the gateway was still answering when its worker stopped waiting (a loaded
    // machine) ends on its own once it sees the file ended: wait for every one to end.
    const charges = await waitFor(
      'every picture reservation to end',
      async () => {
        const { rows } = await tdb.db.query<{ attempt: string; state: string; chars: number }>(
          `SELECT c.attempt, r.state, c.chars FROM doc_picture_charges c JOIN quota_reservations r ON r.task_id = c.reservation_id
         WHERE c.project_id = $1`,
          [file.projectId],
        );
        return rows.some((c) => c.state === 'reserved') ? undefined : rows;
      },
      30_000,
    );
    const settled = charges.filter((c) => c.state === 'settled');
    expect(new Set(settled.map((c) => c.attempt)).size).toBe(1);
    expect(charges.some((c) => c.state === 'refunded' && c.attempt !== settled[0]!.attempt)).toBe(true);
    const pictureChars = settled.reduce((n, c) => n + c.chars, 0);
    expect(pictureChars).toBeGreaterThan(0);
    const own = await findReservation(tdb.db, file.projectId);
    expect(own?.state).toBe('settled');
    expect(file.chars).toBe((own?.charsCharged ?? 0) + pictureChars);
    expect((await remaining(tdb.db, admin[0]!.user_id)).total_left).toBe(before - file.chars);
  }, 240_000);
});
