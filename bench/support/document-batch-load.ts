/**
 * A fixed batch of documents for the scaling bench, from a client process of its own (so that
 * building uploads and polling never count as the gateway's CPU): every file uploaded at once,
 * each as its own task (the way many users' documents arrive), then polled until each task is
 * finished. Prints one JSON line: the epoch ms just before the first upload, the task ids (the
 * bench reads when each file was finished from the database, so the polling interval adds
 * nothing), and how many files failed with the first failure's message.
 *
 * Settings: API (the gateway's /api/v1.0), TOKEN, FILES (paths, comma-separated), TGT_LANG.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const api = process.env.API!;
const headers = { authorization: `Bearer ${process.env.TOKEN}` };
const files = await Promise.all(
  process.env.FILES!.split(',').map(async (file) => ({ name: path.basename(file), bytes: new Uint8Array(await readFile(file)) })),
);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Query = { score: number; translate_list: { status: string; message?: string }[] };

async function upload(file: (typeof files)[number]): Promise<string> {
  const form = new FormData();
  form.append('src_lang', 'en-us');
  form.append('tgt_lang', process.env.TGT_LANG ?? 'zh-cn');
  form.append('files', new Blob([file.bytes]), file.name);
  const created = await (await fetch(`${api}/request_translate/doc/create`, { method: 'POST', body: form, headers })).json();
  if (created.code !== 20000) throw new Error(`upload failed: ${created.code} ${created.msg}`);
  return created.data.task_id as string;
}

const started = Date.now();
const taskIds = await Promise.all(files.map(upload));
let failed = 0;
let firstFailure = '';
const pending = new Set(taskIds);
while (pending.size > 0) {
  await sleep(250);
  for (const taskId of [...pending]) {
    const query = (await (await fetch(`${api}/request_translate/doc/query?task_id=${taskId}`, { headers })).json()).data as Query;
    if (query.score < 100) continue;
    pending.delete(taskId);
    for (const file of query.translate_list) {
      if (file.status === 'done') continue;
      failed += 1;
      firstFailure ||= `${file.status}: ${file.message ?? ''}`;
    }
  }
}
console.log(JSON.stringify({ started, taskIds, failed, firstFailure }));
