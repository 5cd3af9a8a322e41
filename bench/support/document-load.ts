/**
 * The document load of the typing benchmark, as its own process so that building uploads and
 * polling never run on the gateway's event loop (a real client is another machine). Runs until
 * killed, saying what it does on stdout, one word a line:
 * - `MODE=prepare`: a batch of the given files is uploaded (`batch`), polled until every file is
 *   prepared (`prepared`), interrupted, and after a short pause the next batch goes.
 * - `MODE=translate`: each file is uploaded on its own, polled until translated (`done`), and
 *   uploaded again at once: as many documents in the works as files given.
 * Settings: API (the gateway's /api/v1.0), TOKEN, MODE, FILES (paths, comma-separated).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const api = process.env.API!;
const headers = { authorization: `Bearer ${process.env.TOKEN}` };
const files = await Promise.all(
  process.env.FILES!.split(',').map(async (file) => ({ name: path.basename(file), bytes: new Uint8Array(await readFile(file)) })),
);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function upload(batch: typeof files): Promise<string> {
  const form = new FormData();
  form.append('src_lang', 'en-us');
  form.append('tgt_lang', 'zh-cn');
  for (const file of batch) form.append('files', new Blob([file.bytes]), file.name);
  const created = await (await fetch(`${api}/request_translate/doc/create`, { method: 'POST', body: form, headers })).json();
  if (created.code !== 20000) throw new Error(`upload failed: ${created.msg}`);
  return created.data.task_id as string;
}

async function query(taskId: string): Promise<{ score: number; translate_list: { status: string }[] }> {
  return (await (await fetch(`${api}/request_translate/doc/query?task_id=${taskId}`, { headers })).json()).data;
}

if (process.env.MODE === 'prepare') {
  for (;;) {
    console.log('batch');
    const taskId = await upload(files);
    while ((await query(taskId)).translate_list.some((f) => f.status === 'queued')) await sleep(50);
    console.log('prepared');
    await fetch(`${api}/request_translate/doc/interrupt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ task_id: taskId }),
    });
    await sleep(500);
  }
} else {
  await Promise.all(
    files.map(async (file) => {
      for (;;) {
        const taskId = await upload([file]);
        while ((await query(taskId)).score < 100) await sleep(250);
        console.log('done');
      }
    }),
  );
}
