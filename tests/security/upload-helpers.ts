/**
 * Uploads the way the web client sends them (real multipart bodies through `app.inject`), for
 * the security tests on LibreOffice and on bombs: document tasks, polled to their end, and term
 * imports. Also a probe that keeps asking `/healthz` while something runs, and the process's
 * resident memory at its highest meanwhile.
 */
import type { TestGateway } from '@mtp/gateway/testing';
import type { DocQueryData } from '@mtp/proto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The committed tiny MT models: English number words to Chinese numerals. */
export const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');

type Field = string | number;
type FilePart = { field: string; name: string; bytes: Buffer | Uint8Array };

async function multipart(fields: Record<string, Field>, files: FilePart[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function post<T>(gw: TestGateway, token: string, url: string, fields: Record<string, Field>, files: FilePart[]) {
  const body = await multipart(fields, files);
  const res = await gw.app.inject({
    method: 'POST',
    url: `/api/v1.0/${url}`,
    payload: body.payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
  });
  return res.json() as { code: number; msg: string; data: T };
}

export type Upload = { payload: Buffer; contentType: string };

/** The multipart body of a document upload (en-us -> zh-cn), built ahead so building it is not measured. */
export function documentUpload(files: { name: string; bytes: Buffer | Uint8Array }[]): Promise<Upload> {
  return multipart(
    { src_lang: 'en-us', tgt_lang: 'zh-cn', mode: '0' },
    files.map((f) => ({ field: 'files', ...f })),
  );
}

/** Sends a document upload and polls the task until every file has ended. */
export async function translateDocuments(gw: TestGateway, token: string, upload: Upload): Promise<DocQueryData> {
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/v1.0/request_translate/doc/create',
    payload: upload.payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': upload.contentType },
  });
  const created = res.json() as { code: number; msg: string; data: { task_id: string } };
  if (created.code !== 20000) throw new Error(`upload refused: ${created.code} ${created.msg}`);
  for (const deadline = Date.now() + 240_000; Date.now() < deadline;) {
    const answer = await gw.call<DocQueryData>('GET', 'request_translate/doc/query', { token, query: { task_id: created.data.task_id } });
    if (answer.data.score >= 100) return answer.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${created.data.task_id} did not end`);
}

/** A system termbank (en-us -> zh-cn) and a term import into it: the answer of `term/upload_term_file`. */
export async function importTerms(gw: TestGateway, adminToken: string, name: string, file: { name: string; bytes: Buffer | Uint8Array }) {
  const bank = await gw.call<{ bank_id: number }>('POST', 'tm_term_library/create', {
    token: adminToken,
    body: { flag: 1, name, src_lang: 'en-us', tgt_lang: 'zh-cn', system_or_individual: 0 },
  });
  if (bank.code !== 20000) throw new Error(`bank not created: ${bank.msg}`);
  const fields = { system_or_individual: 0, bank_id: bank.data.bank_id, src_lang: 'en-us', tgt_lang: 'zh-cn' };
  return post<{ imported: number } | null>(gw, adminToken, 'term/upload_term_file', fields, [{ field: 'term_file', ...file }]);
}

export type Watch = { slowestHealthzMs: number; healthzCalls: number; rssGrowthMb: number; elapsedMs: number };

/**
 * Runs `work` while asking `/healthz` every 20 ms and sampling the resident memory every 10 ms
 * (a sample also right after `work`: memory an event-loop-blocking parse used is still held).
 */
export async function whileWatching<T>(gw: TestGateway, work: () => Promise<T>): Promise<{ result: T; watch: Watch }> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  let done = false;
  let slowest = 0;
  let calls = 0;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await gw.app.inject({ method: 'GET', url: '/healthz' });
      slowest = Math.max(slowest, performance.now() - started);
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      watch: {
        slowestHealthzMs: Math.round(slowest),
        healthzCalls: calls,
        rssGrowthMb: Math.round((Math.max(peak, process.memoryUsage.rss()) - baseline) / 1024 / 1024),
        elapsedMs: Math.round(performance.now() - started),
      },
    };
  } finally {
    done = true;
    clearInterval(sample);
    await probe;
  }
}
