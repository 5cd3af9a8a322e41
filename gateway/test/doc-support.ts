/** Helpers for the document translation tests: multipart uploads, polling, storage listing. */
import type { DocEstimateData, DocQueryData } from '@mtp/proto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestGateway } from './helper';

export type UploadFile = { name: string; bytes: Buffer | Uint8Array };

/** The document form (`doc/create`, `doc/estimate`) as a real multipart body (built by the fetch FormData). */
async function postDocForm(
  gw: TestGateway,
  call: string,
  token: string,
  files: UploadFile[],
  fields: Record<string, string>,
  lang?: string,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ src_lang: 'en-us', tgt_lang: 'zh-cn', mode: '0', ...fields })) form.append(name, value);
  for (const file of files) form.append('files', new Blob([file.bytes]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await gw.app.inject({
    method: 'POST',
    url: `/api/v1.0/request_translate/doc/${call}`,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': request.headers.get('content-type')!,
      ...(lang ? { 'accept-language': lang } : {}),
    },
  });
  return res.json() as { code: number; msg: string; data: unknown };
}

/** `POST request_translate/doc/create`. */
export async function uploadDocuments(gw: TestGateway, token: string, files: UploadFile[], fields: Record<string, string> = {}) {
  return (await postDocForm(gw, 'create', token, files, fields)) as {
    code: number;
    msg: string;
    data: { task_id: string; do_cat: number };
  };
}

/** `POST request_translate/doc/estimate`: the same form, answered with the batch's cost. */
export async function estimateDocuments(
  gw: TestGateway,
  token: string,
  files: UploadFile[],
  fields: Record<string, string> = {},
  lang?: string,
) {
  return (await postDocForm(gw, 'estimate', token, files, fields, lang)) as { code: number; msg: string; data: DocEstimateData };
}

/** Polls the task until its score reaches 100 (as the web page does, faster). */
export async function waitForTask(gw: TestGateway, token: string, taskId: string, timeoutMs = 60_000): Promise<DocQueryData> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await gw.call<DocQueryData>('GET', 'request_translate/doc/query', { token, query: { task_id: taskId } });
    if (answer.code !== 20000) throw new Error(`query failed: ${answer.code} ${answer.msg}`);
    if (answer.data.score >= 100) return answer.data;
    if (Date.now() > deadline) throw new Error(`task ${taskId} stuck at ${answer.data.score}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function download(gw: TestGateway, token: string, projectId: string) {
  return gw.app.inject({
    method: 'GET',
    url: `/api/v1.0/request_translate/doc/download/${projectId}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Every file under the test's storage folder (relative paths). */
export async function storedFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(root, full));
    }
  };
  await walk(root);
  return out.filter((f) => !f.startsWith('.tmp'));
}
