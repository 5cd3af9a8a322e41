/** Helpers for the document scan tests (issue 21): the multipart create call and polling. */
import type { TermExtractionResult } from '@mtp/proto';
import type { TestGateway } from './helper';

/** `POST saas/term_extraction_create` as a real multipart body (built by the fetch FormData). */
export async function createScan(
  gw: TestGateway,
  token: string | null,
  file: { name: string; bytes: Buffer | Uint8Array } | null,
  fields: Record<string, string> = { src_lang: 'en-us', tgt_lang: 'zh-cn' },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/v1.0/saas/term_extraction_create',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': request.headers.get('content-type')! },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: { task_id: string } | null }) };
}

export function queryScan(gw: TestGateway, token: string, query: Record<string, string>, lang?: string) {
  return gw.call<TermExtractionResult>('GET', 'saas/term_extraction_query', { token, query, lang });
}

/** Polls the scan until it is no longer working (as the page does every 2 s, faster). */
export async function waitForScan(gw: TestGateway, token: string, taskId: string, timeoutMs = 90_000): Promise<TermExtractionResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await queryScan(gw, token, { task_id: taskId });
    if (answer.code !== 20000) throw new Error(`query failed: ${answer.code} ${answer.msg}`);
    if (answer.data.status !== 'working') return answer.data;
    if (Date.now() > deadline) throw new Error(`scan ${taskId} still working`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Storage keys under `scans/` (relative to the storage root). */
export async function scanFiles(gw: TestGateway): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of gw.storage.list('scans/')) keys.push(entry.key);
  return keys;
}
