/**
 * The whole platform in this process for the document benchmark: embedded PostgreSQL, the
 * in-process bus and MT worker on the given models folder, the admin logged in over HTTP on a
 * standard plan. `translateDocx` uploads a docx through the API and answers when its file is done.
 */
import { grantPlan } from '@mtp/billing';
import { constants, publicEncrypt } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@mtp/gateway';
import { startPlatform } from '@mtp/gateway';

export type BenchPlatform = Awaited<ReturnType<typeof startBenchPlatform>>;

export async function startBenchPlatform(modelsDir: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-doc-bench-'));
  await chmod(dir, 0o755);
  const platform = await startPlatform(
    {
      ...loadConfig({}),
      dataDir: dir,
      storageDir: path.join(dir, 'storage'),
      port: 0,
      host: '127.0.0.1',
      natsUrl: undefined,
      runMtWorker: true,
      modelsDir,
      adminAccount: 'admin@example.com',
      adminPassword: 'Admin12345',
    },
    { log: () => {} },
  );
  const api = `${await platform.listen()}/api/v1.0`;
  const key = (await (await fetch(`${api}/user/get_public_key`)).json()).data.public_key as string;
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Admin12345'));
  const login = await fetch(`${api}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin@example.com', password: password.toString('base64'), agree_terms: true }),
  });
  // A standard plan: 100 pages are more than the free monthly allowance.
  const { rows } = await platform.database.db.query<{ user_id: number }>(`SELECT user_id FROM users WHERE account = 'admin@example.com'`);
  await grantPlan(platform.database.db, { userId: rows[0]!.user_id, sku: 'standard-m' });
  const auth = { authorization: `Bearer ${(await login.json()).data.access_token}` };
  while (platform.translation.devices.list({ online: true }).length === 0) await new Promise((r) => setTimeout(r, 50));

  /**
   * Uploads a docx and polls its task until 100. The task's end is the moment its file was marked
   * done (`finished_at`), so the polling interval neither adds to the time nor, by polling fast,
   * takes CPU from the work.
   */
  const translateDocx = async (bytes: Buffer, name: string, tgtLang: string) => {
    const form = new FormData();
    form.append('src_lang', 'en-us');
    form.append('tgt_lang', tgtLang);
    form.append('files', new Blob([bytes]), name);
    const created = await (await fetch(`${api}/request_translate/doc/create`, { method: 'POST', body: form, headers: auth })).json();
    if (created.code !== 20000) throw new Error(`upload failed: ${created.msg}`);
    const submitted = Date.now();
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      const query = await (await fetch(`${api}/request_translate/doc/query?task_id=${created.data.task_id}`, { headers: auth })).json();
      if (query.data.score < 100) continue;
      if (query.data.translate_list[0].status !== 'done') throw new Error(`document failed: ${query.data.translate_list[0].message}`);
      const { rows } = await platform.database.db.query<{ finished: number }>(
        'SELECT (extract(epoch FROM finished_at) * 1000)::float8 AS finished FROM doc_files WHERE task_id = $1',
        [created.data.task_id],
      );
      return { submitted, finished: rows[0]!.finished };
    }
  };

  return {
    platform,
    translateDocx,
    /** The in-process MT worker's engine busy time so far (ms). */
    engineBusyMs: () => platform.translation.worker!.engineBusyMs(),
    close: async () => {
      await platform.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
