/**
 * Document translation end to end: a generated 100-page docx (3,000 paragraphs of English number words,
 * 30 a page, a page break between pages) goes through the whole platform in one process (HTTP
 * upload, checks, chunk jobs on the bus, the MT worker on the committed tiny model, assembly,
 * storage) until its score is 100, after a one-page document has warmed the platform up. Then
 * the same sentences go through the engine alone, in the same batches, and the share of the total
 * spent outside the engine is printed (target: under 10%). Figures only; no assertions.
 */
import { grantPlan } from '@mtp/billing';
import { docxFormat, planSentences } from '@mtp/doc-worker';
import { ModelRegistry } from '@mtp/mt-worker/src/models/model-registry';
import { BUS } from '@mtp/proto';
import { constants, publicEncrypt } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../gateway/src/config';
import { startPlatform } from '../gateway/src/platform';
import { generateDocx } from './support/generate-docx';

const PAGES = 100;
const PARAGRAPHS_PER_PAGE = 30;
const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');
const CHUNK = 64;
const RUNS = 3;

const words = (await readFile(path.join(MODELS_DIR, 'en-us_zh-cn/heldout.tsv'), 'utf8'))
  .split('\n')
  .filter(Boolean)
  .map((l) => l.split('\t')[0]!);
const docx = generateDocx(
  Array.from({ length: PAGES }, (_, page) =>
    Array.from({ length: PARAGRAPHS_PER_PAGE }, (_, i) => words[(page * PARAGRAPHS_PER_PAGE + i) % words.length]!),
  ),
);
const opened = await docxFormat.open(docx, { srcLang: 'en-us' });
const sentences = planSentences(opened.paragraphs, 'en-us').sentences;
console.log(
  `docx: ${opened.stats.pages} pages, ${opened.paragraphs.length} paragraphs, ${sentences.length} sentences, ${docx.length} bytes`,
);

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
    modelsDir: MODELS_DIR,
    adminAccount: 'admin@example.com',
    adminPassword: 'Admin12345',
  },
  { log: () => {} },
);
try {
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
  const translateDocx = async (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('src_lang', 'en-us');
    form.append('tgt_lang', 'zh-cn');
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
  // A platform that has been running: one small document first, so the measured ones do not pay
  // for compiling the code paths (the engine alone is measured warm too).
  await translateDocx(generateDocx([sentences.slice(0, PARAGRAPHS_PER_PAGE)]), 'warm-up.docx');
  // The engine alone: the same engine the platform runs (its own thread, default settings).
  const registry = new ModelRegistry(MODELS_DIR, {}, { engineThreads: true });
  await registry.translate('en-us', 'zh-cn', ['one']);

  // Alternating document and engine runs, so both see the same machine; medians are printed.
  const runs: { total: number; submit: number; firstChunk: number; lastChunkToDone: number; engine: number }[] = [];
  let marks: number[] = [];
  await platform.bus.subscribe(BUS.jobProgress.subject, () => void marks.push(Date.now()));
  for (let run = 0; run < RUNS; run++) {
    marks = [];
    const started = Date.now();
    const { submitted, finished } = await translateDocx(docx, 'hundred-pages.docx');
    const engineStart = performance.now();
    for (let i = 0; i < sentences.length; i += CHUNK) await registry.translate('en-us', 'zh-cn', sentences.slice(i, i + CHUNK));
    const engine = performance.now() - engineStart;
    runs.push({
      total: finished - started,
      submit: submitted - started,
      firstChunk: marks[0]! - started,
      lastChunkToDone: finished - marks.at(-1)!,
      engine,
    });
  }
  await registry.close();
  const median = (pick: (r: (typeof runs)[number]) => number) => runs.map(pick).sort((x, y) => x - y)[Math.floor(runs.length / 2)]!;
  const share = (r: (typeof runs)[number]) => ((r.total - r.engine) / r.total) * 100;
  const s = (t: number) => `${(t / 1000).toFixed(2)} s`;
  console.log(
    `100-page docx, median of ${RUNS} runs: total ${s(median((r) => r.total))} (upload + checks + submit ${s(median((r) => r.submit))}, ` +
      `to the first chunk's progress ${s(median((r) => r.firstChunk))}, last chunk to done ${s(median((r) => r.lastChunkToDone))}); ` +
      `engine alone ${s(median((r) => r.engine))}`,
  );
  const outside = median((r) => r.total - r.engine);
  console.log(
    `outside the engine: ${median(share).toFixed(1)}% of the total (median; runs ${runs.map((r) => `${share(r).toFixed(1)}%`).join(', ')}; ` +
      `target < 10%), ${s(outside)} in all, ${(outside / PAGES).toFixed(1)} ms a page`,
  );
} finally {
  await platform.close();
  await rm(dir, { recursive: true, force: true });
}
