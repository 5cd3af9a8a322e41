/**
 * What the cluster fault suites share (gateway kills, NATS and PostgreSQL restarts, a full
 * disk): the settings of a cluster's processes, a client that talks to whichever gateway is
 * alive, numbered documents and texts whose translation is known, and the checks every suite
 * ends with: what the user was charged, and which stored files no row points at.
 */
import { remaining } from '@mtp/billing';
import type { Db } from '@mtp/platform';
import { startTestNatsServer, type TestNatsServer } from '@mtp/platform/bus-testing';
import type { DocQueryData } from '@mtp/proto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { waitFor } from './fault-support';

/** useOwnNats (fault-support.ts) with the server itself, to halt and resume it on its store. */
export function useRestartableNats(): { url: string; server?: TestNatsServer } {
  const nats: { url: string; server?: TestNatsServer } = { url: '' };
  beforeAll(async () => {
    nats.server = await startTestNatsServer();
    nats.url = nats.server.url;
  });
  afterAll(async () => {
    await nats.server?.stop();
  });
  return nats;
}

export type ClusterSettings = { natsUrl: string; databaseUrl: string; storageDir: string; dataDir: string; pool: string };

/** A worker's settings: the suite's bus, pool and shared storage folder. */
export const workerEnv = (s: ClusterSettings) => ({ NATS_URL: s.natsUrl, MT_POOL: s.pool, STORAGE_DIR: s.storageDir, DATA_DIR: s.dataDir });

/** A gateway of the cluster: it stores uploads, writes rows and queues jobs, never runs one. */
export const gatewayEnv = (s: ClusterSettings, extra: Record<string, string> = {}) => ({
  ...workerEnv(s),
  DATABASE_URL: s.databaseUrl,
  RUN_MT_WORKER: '0',
  RUN_DOC_WORKER: '0',
  ...extra,
});

/** `count` lines the tiny model knows, and their translation. */
export function numberLines(count: number, offset = 0): { text: string; translated: string } {
  const lines = Array.from({ length: count }, (_, i) => ((i + offset) % 2 === 0 ? 'twenty one' : 'nine thousand'));
  return { text: lines.join('\n'), translated: lines.map((l) => (l === 'twenty one' ? '二十一' : '九千')).join('\n') };
}

type Envelope<T> = { code: number; msg: string; data: T };

/** The user's calls, sent to `api`; a suite points it at another gateway when one dies. */
export class ClusterClient {
  constructor(
    public api: string,
    readonly token: string,
  ) {}

  async call<T>(route: string, init: RequestInit = {}): Promise<Envelope<T>> {
    const res = await fetch(`${this.api}/${route}`, {
      ...init,
      headers: { authorization: `Bearer ${this.token}`, ...(init.headers ?? {}) },
    });
    return (await res.json()) as Envelope<T>;
  }

  /** Uploads `.txt` documents; answers the envelope (the caller checks its code). */
  uploadTexts(files: { name: string; text: string }[]): Promise<Envelope<{ task_id: string }>> {
    const form = new FormData();
    for (const [name, value] of Object.entries({ src_lang: 'en-us', tgt_lang: 'zh-cn', mode: '0' })) form.append(name, value);
    for (const file of files) form.append('files', new Blob([file.text]), file.name);
    return this.call('request_translate/doc/create', { method: 'POST', body: form });
  }

  async queryDocs(taskId: string): Promise<DocQueryData> {
    return (await this.call<DocQueryData>(`request_translate/doc/query?task_id=${taskId}`)).data;
  }

  async download(projectId: string): Promise<string> {
    const res = await fetch(`${this.api}/request_translate/doc/download/${projectId}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    if (res.status !== 200) throw new Error(`download ${projectId}: HTTP ${res.status}`);
    return (await res.text()).replace(/\r\n/g, '\n');
  }

  submitText(text: string): Promise<Envelope<{ task_id: string }>> {
    return this.call('text/translate_async', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text, src_lang: 'en-us', tgt_lang: 'zh-cn' }),
    });
  }

  /** Polls until the batch's files all ended (done or failed); a failed poll (a gateway gone) is retried. */
  docsEnded(taskId: string, timeoutMs = 90_000): Promise<DocQueryData> {
    return waitFor(
      `document task ${taskId} to end`,
      async () => {
        const task = await this.queryDocs(taskId).catch(() => undefined);
        return task?.translate_list.every((f) => f.status === 'done' || f.status === 'failed') ? task : undefined;
      },
      timeoutMs,
    );
  }

  /** Polls until the text task is no longer queued. */
  textEnded(taskId: string, timeoutMs = 90_000): Promise<{ status: string; translated: string; message: string | null }> {
    return waitFor(
      `text task ${taskId} to end`,
      async () => {
        const answer = await this.call<{ status: string; translated: string; message: string | null }>(
          `text/query?task_id=${taskId}`,
        ).catch(() => undefined);
        return answer?.data && answer.data.status !== 'queued' ? answer.data : undefined;
      },
      timeoutMs,
    );
  }

  /** Resolves once the gateway lists the en-us -> zh-cn pair (an MT worker's heartbeat reached it). */
  pairServed(timeoutMs = 60_000): Promise<true> {
    return waitFor(
      'the MT worker in the gateway',
      async () => {
        const answer = await this.call<{ enginelist?: { src_lang: string; kind: string }[] }>('text/engine_list').catch(() => undefined);
        return answer?.data?.enginelist?.some((p) => p.src_lang === 'en-us' && p.kind === 'direct') ? true : undefined;
      },
      timeoutMs,
    );
  }
}

export async function adminUserId(db: Db): Promise<number> {
  const { rows } = await db.query<{ user_id: number }>(`SELECT user_id FROM users WHERE account = 'admin@example.com'`);
  return rows[0]!.user_id;
}

export async function charactersLeft(db: Db, userId: number): Promise<number> {
  return (await remaining(db, userId)).total_left;
}

/**
 * Ended tasks and files whose settle or refund has not gone through yet. The ledger comes after
 * the state change (a task reads done first), and one that failed (a connection the outage cut)
 * is ended by the sweeper within a sweep or two, so a check waits for these to be none.
 */
export async function openLedgers(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT task_id::text AS id FROM text_tasks WHERE status <> 'queued' AND NOT ledger_done
     UNION ALL SELECT project_id::text FROM doc_files WHERE status IN ('done', 'failed', 'interrupted') AND NOT ledger_done`,
  );
  return rows.map((r) => r.id);
}

/** Reservations still open: none may be left once every task ended (each settled or refunded). */
export async function openReservations(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ task_id: string }>(`SELECT task_id::text FROM quota_reservations WHERE state = 'reserved'`);
  return rows.map((r) => r.task_id);
}

/**
 * Every file in the storage folder that no row points at: sources and results of doc_files, and
 * nothing else (a half-written upload in `.tmp` counts: it is a file nobody will ever delete).
 */
export async function unownedStoredFiles(storageDir: string, db: Db): Promise<string[]> {
  const entries = await readdir(storageDir, { recursive: true, withFileTypes: true }).catch(() => []);
  const stored = entries.filter((e) => e.isFile()).map((e) => path.relative(storageDir, path.join(e.parentPath, e.name)));
  const { rows } = await db.query<{ key: string }>(
    'SELECT source_key AS key FROM doc_files UNION SELECT result_key FROM doc_files WHERE result_key IS NOT NULL',
  );
  const owned = new Set(rows.map((r) => r.key));
  return stored.filter((key) => !owned.has(key));
}

/** Documents and async text tasks submitted together, with what each must turn into. */
export type Batch = {
  docTaskId: string;
  docs: { name: string; text: string; translated: string }[];
  texts: { taskId: string; text: string; translated: string }[];
};

export async function submitBatch(client: ClusterClient, docCount: number, textCount: number, lines = 120): Promise<Batch> {
  const docs = Array.from({ length: docCount }, (_, i) => ({ name: `numbers-${i}.txt`, ...numberLines(lines, i) }));
  const created = await client.uploadTexts(docs);
  expect(created.code, created.msg).toBe(20000);
  const texts: Batch['texts'] = [];
  for (let i = 0; i < textCount; i++) {
    const text = numberLines(lines + i, i);
    const submitted = await client.submitText(text.text);
    expect(submitted.code, submitted.msg).toBe(20000);
    texts.push({ taskId: submitted.data.task_id, ...text });
  }
  return { docTaskId: created.data.task_id, docs, texts };
}

/** Each file's status, stage, chunks stored of those sent, holder, and seconds since published and since progress. */
async function docFilesState(db: Db, taskId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query(
    `SELECT f.file_name, f.status, f.stage, f.chunks, (SELECT count(*)::int FROM doc_chunks c WHERE c.project_id = f.project_id) AS stored,
            f.holder, f.republished, round(extract(epoch FROM now() - f.published_at))::int AS published_s_ago,
            round(extract(epoch FROM now() - f.progress_at))::int AS progress_s_ago
     FROM doc_files f WHERE f.task_id = $1 ORDER BY f.position`,
    [taskId],
  );
  return rows;
}

/**
 * Waits for every task of the batch to end and checks each: done with exactly its translation,
 * or failed with a message for the user and its reservation refunded. Answers the characters the
 * done ones cost (what the user must have been charged, once) and how many failed.
 */
export async function batchOutcome(client: ClusterClient, db: Db, batch: Batch, timeoutMs = 90_000) {
  let charged = 0;
  let failed = 0;
  // On a timeout, where each file stood: a fault run under load is hard to repeat.
  const task = await client.docsEnded(batch.docTaskId, timeoutMs).catch(async (err: Error) => {
    throw new Error(`${err.message}; its files: ${JSON.stringify(await docFilesState(db, batch.docTaskId))}`);
  });
  for (const file of task.translate_list) {
    if (file.status === 'done') {
      expect(await client.download(file.projectId)).toBe(batch.docs.find((d) => d.name === file.file_name)!.translated);
      charged += file.chars;
    } else {
      expect(file.message, file.file_name).toBeTruthy();
      failed++;
    }
  }
  for (const text of batch.texts) {
    const ended = await client.textEnded(text.taskId, timeoutMs);
    const { rows } = await db.query<{ results_received: number }>('SELECT results_received FROM text_tasks WHERE task_id = $1', [
      text.taskId,
    ]);
    if (ended.status === 'done') {
      expect(ended.translated).toBe(text.translated);
      // Delivery is at least once: a result whose ack was lost in a broker restart comes again,
      // and must change nothing (the caller checks the ledger: charged once).
      expect(rows[0]!.results_received).toBeGreaterThanOrEqual(1);
      charged += text.text.length;
    } else {
      expect(ended.message).toBeTruthy();
      failed++;
    }
  }
  return { charged, failed };
}
