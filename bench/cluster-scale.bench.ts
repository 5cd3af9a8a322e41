/**
 * Cluster scaling (issue 23, item 5): documents per hour and public-API text requests/s with 1, 2
 * and 4 MT worker PROCESSES (`workers/mt/src/main.ts`, MT_THREADS=1) behind one gateway
 * (RUN_MT_WORKER=0, in this process) on a real NATS server and PostgreSQL (the gateway's
 * embedded one), with ONE document worker process (DOC_CONCURRENCY 2) for every row. Two models:
 * the committed tiny test model, and the OPUS-MT-sized benchmark model (random weights, built once
 * under .data/bench-models/ by workers/mt/test-models/build_opus_sized_model.py) with generation
 * capped at 8 new tokens a sentence, served as en-us -> zh-cn.
 *
 * - Documents: a fixed batch of small generated docx (number words, 30 paragraphs a page), each
 *   its own task, all uploaded at once by a client process; the time runs from the first upload
 *   to the last file's `finished_at`.
 * - Text: `POST /api/v1.0/open/translate` with an app key from a client process at N concurrent
 *   connections sending for a fixed time and then waiting for their last answers (so the CPU
 *   read around the run is all spent on requests counted), every text new (the translation
 *   cache answers none).
 * - CPU: utime+stime from /proc of the MT workers, the gateway (this process: every client runs
 *   apart), the document worker, PostgreSQL (the postmaster and its backends) and NATS, divided
 *   by the documents or requests done; from it, what N machines would do (bench/support/scale-report.ts).
 *
 * Sizes: SCALE_BENCH_DOCS (12), SCALE_BENCH_PAGES (2), SCALE_BENCH_SECONDS (10),
 * SCALE_BENCH_CONNECTIONS (32), SCALE_BENCH_WORKERS (1,2,4), SCALE_BENCH_MODELS (tiny,opus),
 * SCALE_BENCH_WARMUP (300 requests before the first row);
 * for the prediction SCALE_BENCH_DB_CORES (4) and SCALE_BENCH_BUS_CORES (2). Figures only.
 */
import { REPO_ROOT } from '@mtp/gateway';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateDocx } from './support/generate-docx';
import { BENCH_MODELS_DIR } from './support/mt-worker-platform';
import { numberWords } from './support/number-words';
import { ensureOpusSizedModel, linkWithMaxLength, OPUS_SIZED_DIR } from './support/opus-sized-model';
import { describeMachine, ownCpuSeconds, treeCpuSeconds } from './support/process-cpu';
import { startScaleCluster, type ScaleCluster } from './support/scale-cluster';
import { printPrediction, printTable, type Parts, type Row, type Work } from './support/scale-report';

const env = process.env;
const DOCS = Number(env.SCALE_BENCH_DOCS ?? 12);
const PAGES = Number(env.SCALE_BENCH_PAGES ?? 2);
const PARAGRAPHS_PER_PAGE = 30;
const SECONDS = Number(env.SCALE_BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(env.SCALE_BENCH_CONNECTIONS ?? 32);
const WORKERS = (env.SCALE_BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
const MODELS = (env.SCALE_BENCH_MODELS ?? 'tiny,opus').split(',');
const WARMUP = Number(env.SCALE_BENCH_WARMUP ?? 300);
const OPUS_NEW_TOKENS = 8;
const CORES = os.availableParallelism();
const CAPACITY = {
  machineCores: CORES,
  dbCores: Number(env.SCALE_BENCH_DB_CORES ?? 4),
  busCores: Number(env.SCALE_BENCH_BUS_CORES ?? 2),
  machines: [1, 2, 4, 8, 16, 32],
};
const PAIR = 'en-us_zh-cn';
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Every text and every paragraph is new: numbers 0-9999 in words (what the tiny model knows),
// shuffled, then pairs of them once those run out.
const order = Array.from({ length: 10_000 }, (_, i) => i);
for (let i = order.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [order[i], order[j]] = [order[j]!, order[i]!];
}
let nextText = 0;
const newText = (k = nextText++) =>
  k < 10_000 ? numberWords(order[k]!) : `${numberWords(order[k % 10_000]!)} ${numberWords(Math.floor(k / 10_000) % 10_000)}`;

const scratch = await mkdtemp(path.join(os.tmpdir(), 'mtp-scale-bench-files-'));

function cpuNow(cluster: ScaleCluster): Parts {
  const p = cluster.pids();
  return {
    mt: p.mt.reduce((n, pid) => n + treeCpuSeconds(pid), 0),
    gateway: ownCpuSeconds(p.gateway),
    doc: treeCpuSeconds(p.doc),
    db: treeCpuSeconds(p.db),
    bus: p.bus === undefined ? NaN : treeCpuSeconds(p.bus),
  };
}

const minus = (a: Parts, b: Parts): Parts => ({
  mt: a.mt - b.mt,
  gateway: a.gateway - b.gateway,
  doc: a.doc - b.doc,
  db: a.db - b.db,
  bus: a.bus - b.bus,
});

/** A batch of `count` new docx files on disk (its paragraphs new too). */
async function documentBatch(label: string, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, d) => {
      const pages = Array.from({ length: PAGES }, () => Array.from({ length: PARAGRAPHS_PER_PAGE }, () => `${newText()}.`));
      const file = path.join(scratch, `${label.replace(/[^a-z0-9-]+/gi, '-')}-${d}.docx`);
      await writeFile(file, generateDocx(pages));
      return file;
    }),
  );
}

async function runDocuments(cluster: ScaleCluster, files: string[]) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench/support/document-batch-load.ts')], {
    env: { ...env, API: cluster.api, TOKEN: cluster.adminToken, FILES: files.join(','), TGT_LANG: 'zh-cn' },
    maxBuffer: 1 << 20,
  });
  const out = JSON.parse(stdout.trim().split('\n').at(-1)!) as { started: number; taskIds: string[]; failed: number; firstFailure: string };
  const { rows } = await cluster.platform.database.db.query<{ finished: number }>(
    `SELECT (extract(epoch FROM max(finished_at)) * 1000)::float8 AS finished FROM doc_files WHERE task_id::text = ANY($1::text[])`,
    [out.taskIds],
  );
  return { seconds: (rows[0]!.finished - out.started) / 1000, failed: out.failed, firstFailure: out.firstFailure };
}

async function measureDocuments(cluster: ScaleCluster, workers: number, label: string): Promise<Row> {
  const files = await documentBatch(`${label}-${workers}`, DOCS);
  const before = cpuNow(cluster);
  const done = await runDocuments(cluster, files);
  const cpu = minus(cpuNow(cluster), before);
  return { workers, units: DOCS, seconds: done.seconds, cpu, failures: done.failed, note: done.firstFailure || undefined };
}

async function measureText(cluster: ScaleCluster, workers: number): Promise<Row> {
  const texts = Array.from({ length: 30_000 }, (_, i) => newText(nextText + i));
  const spec = path.join(scratch, 'load.json');
  const fields = { src_lang: 'en-us', tgt_lang: 'zh-cn' };
  const url = `${cluster.api}/open/translate`;
  await writeFile(spec, JSON.stringify({ url, token: cluster.apiToken, connections: CONNECTIONS, seconds: SECONDS, texts, fields }));
  const before = cpuNow(cluster);
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench/support/text-closed-load.ts'), spec], {
    maxBuffer: 1 << 20,
  });
  const cpu = minus(cpuNow(cluster), before);
  const load = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    done: number;
    seconds: number;
    refusals: number;
    firstRefusal: string;
    textsUsed: number;
  };
  nextText += load.textsUsed;
  const note = load.firstRefusal ? `first refusal: ${load.firstRefusal}` : undefined;
  return { workers, units: load.done, seconds: load.seconds, cpu, failures: load.refusals, note };
}

/**
 * Waits until the MT workers are idle (under 5% of a core over half a second, or 30 s at most),
 * so that work left by one measurement (a result settling, a worker still warming up) does not
 * run into the next.
 */
async function quiet(cluster: ScaleCluster): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 30_000;) {
    const before = cpuNow(cluster).mt;
    await sleep(500);
    if (cpuNow(cluster).mt - before < 0.025 * cluster.pids().mt.length) return;
  }
}

/**
 * Requests before timing: the first calls on a newly started worker load its sessions, and the
 * gateway's code runs unoptimized for its first few hundred requests (a short run would measure
 * the JIT): `count` requests, 16 at a time.
 */
async function warmUp(cluster: ScaleCluster, count: number): Promise<void> {
  for (let sent = 0; sent < count; sent += 16) {
    await Promise.all(
      Array.from({ length: Math.min(16, count - sent) }, async () => {
        const res = await fetch(`${cluster.api}/open/translate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${cluster.apiToken}` },
          body: JSON.stringify({ text: newText(), src_lang: 'en-us', tgt_lang: 'zh-cn' }),
        });
        const answer = (await res.json()) as { code: number; msg: string };
        if (answer.code !== 20000) throw new Error(`warm-up translation failed: ${answer.code} ${answer.msg}`);
      }),
    );
  }
}

async function measureModel(name: string, modelsDir: string): Promise<void> {
  const cluster = await startScaleCluster(modelsDir, PAIR);
  const documents: Row[] = [];
  const text: Row[] = [];
  try {
    for (const workers of WORKERS) {
      await cluster.setMtWorkers(workers);
      await warmUp(cluster, documents.length === 0 ? WARMUP : 16 * workers);
      // One document through the doc worker first, so the first row does not pay its warm-up.
      if (documents.length === 0) await runDocuments(cluster, await documentBatch(`${name}-warm`, 1));
      await quiet(cluster);
      documents.push(await measureDocuments(cluster, workers, name));
      await quiet(cluster);
      text.push(await measureText(cluster, workers));
      console.log(`  (${name}: ${workers} MT workers measured)`);
    }
  } finally {
    await cluster.close();
  }
  const docWork: Work = { unit: 'document', perHour: true };
  const textWork: Work = { unit: 'request', perHour: false };
  printTable(`${name}: documents (${DOCS} docx of ${PAGES * PARAGRAPHS_PER_PAGE} paragraphs, uploaded at once)`, docWork, documents, CORES);
  printPrediction(docWork, documents, CAPACITY);
  printTable(`${name}: text (open/translate, ${CONNECTIONS} connections, ${SECONDS} s, one sentence a request)`, textWork, text, CORES);
  printPrediction(textWork, text, CAPACITY);
}

try {
  console.log(`machine: ${describeMachine()}`);
  console.log(
    `1 gateway (this process) + 1 document worker process + N MT worker processes (MT_THREADS=1), NATS and embedded PostgreSQL on the same machine; ` +
      `the prediction assumes PostgreSQL on ${CAPACITY.dbCores} cores and NATS on ${CAPACITY.busCores} (SCALE_BENCH_DB_CORES, SCALE_BENCH_BUS_CORES)`,
  );
  if (CORES < Math.max(...WORKERS)) {
    console.log(
      `note: this machine has ${CORES} cores: with one thread a worker, throughput cannot grow past ${CORES} workers ` +
        `(and the gateway, document worker, PostgreSQL and NATS share the same cores); rows above ${CORES} show contention, not scaling`,
    );
  }
  if (MODELS.includes('tiny')) await measureModel('tiny test model', BENCH_MODELS_DIR);
  if (MODELS.includes('opus') && ensureOpusSizedModel()) {
    const modelsDir = path.join(scratch, 'opus-models');
    linkWithMaxLength(OPUS_SIZED_DIR, path.join(modelsDir, PAIR), OPUS_NEW_TOKENS);
    await measureModel(`OPUS-MT-sized model (${OPUS_NEW_TOKENS} new tokens a sentence)`, modelsDir);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
