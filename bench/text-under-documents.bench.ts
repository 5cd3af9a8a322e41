/**
 * Does document work slow down people typing? The gateway's text-call latency (real HTTP,
 * `text/translate`), idle and while a batch of 4 large documents (three 100-page docx, one
 * 50-page pdf) is being prepared, with the document worker inside the gateway's process (the
 * single-machine default) and as a process of its own (`RUN_DOC_WORKER=0` and
 * `npm run worker -- doc`). The MT worker is its own process in both, on the tiny model. For
 * context, also while 4 documents are translated end to end back to back (with the tiny model
 * that is a hundred times the rate of a real engine, so the database is the bottleneck).
 *
 * Two probes: a sentence the caller's translation memory answers (the gateway and the database
 * only: what document work in the gateway's process competes with) and a sentence for MT (the
 * whole path, MT worker included, which the documents' chunks also keep busy). Figures only.
 */
import { grantPackage, grantPlan } from '@mtp/billing';
import { loadConfig, REPO_ROOT, startPlatform } from '@mtp/gateway';
import { importEntries } from '@mtp/language';
import { convertWithLibreOffice } from '@mtp/platform';
import { startTestNatsServer } from '@mtp/platform/bus-testing';
import { ROLES } from '@mtp/proto';
import { spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { generateDocx } from './support/generate-docx';

const PROBES = 300;
const PROBE_GAP_MS = 20;
const IN_FLIGHT_DOCUMENTS = 4;
const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');
const NUMBERS = ['twenty one', 'thirty eight', 'fifty eight', 'one hundred', 'nine thousand', 'seventy two'];
const TM_PROBES = Array.from({ length: 50 }, (_, i) => `Probe sentence number ${i} for the memory.`);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const pages = (n: number) => Array.from({ length: n }, (_, p) => Array.from({ length: 30 }, (_, i) => `${NUMBERS[(p + i) % 6]}.`));

const nats = await startTestNatsServer();
const docx = generateDocx(pages(100));
const pdf = await convertWithLibreOffice(generateDocx(pages(50)), 'docx', 'pdf');
const documents = [
  { name: 'a.docx', bytes: docx },
  { name: 'b.docx', bytes: docx },
  { name: 'c.docx', bytes: docx },
  { name: 'd.pdf', bytes: pdf },
];

function startWorker(kind: 'mt' | 'doc', env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=32', '--import', 'tsx', path.join(REPO_ROOT, `workers/${kind}/src/main.ts`)],
    {
      env: { ...process.env, NATS_URL: nats.url, MODELS_DIR, MODELS_AUTO_PULL: '0', MT_THREADS: '1', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      if (out.includes('worker ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${kind} worker exited with ${code}`)));
  });
}

/** Document files on disk, for the load process. */
const filesDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-typing-docs-'));
const documentFiles = await Promise.all(
  documents.map(async (doc) => {
    const file = path.join(filesDir, doc.name);
    await writeFile(file, doc.bytes);
    return file;
  }),
);

type LoadState = { phase: 'batch' | 'prepared' | 'done' };

/** The document load in a client process of its own (support/document-load.ts). */
function startLoad(api: string, token: string, mode: 'prepare' | 'translate') {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench/support/document-load.ts')], {
    env: { ...process.env, API: api, TOKEN: token, MODE: mode, FILES: documentFiles.join(',') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const load = { child, state: { phase: 'prepared' } as LoadState, counts: { batch: 0, prepared: 0, done: 0 } };
  let pending = '';
  child.stdout!.on('data', (d) => {
    pending += String(d);
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      const phase = line.trim() as LoadState['phase'];
      if (!(phase in load.counts)) continue;
      load.counts[phase] += 1;
      load.state = { phase };
    }
  });
  return {
    child,
    get state() {
      return load.state;
    },
    batches: () => load.counts.prepared,
    done: () => load.counts.done,
  };
}

async function measure(label: string, separateDocWorker: boolean): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-typing-bench-'));
  await chmod(dir, 0o755);
  const storageDir = path.join(dir, 'storage');
  const children: ChildProcess[] = [await startWorker('mt', {})];
  const platform = await startPlatform(
    {
      ...loadConfig({}),
      dataDir: dir,
      storageDir,
      port: 0,
      host: '127.0.0.1',
      natsUrl: nats.url,
      runMtWorker: false,
      runDocWorker: !separateDocWorker,
      adminAccount: 'admin@example.com',
      adminPassword: 'Admin12345',
    },
    { log: () => {} },
  );
  try {
    if (separateDocWorker) children.push(await startWorker('doc', { STORAGE_DIR: storageDir }));
    const api = `${await platform.listen()}/api/v1.0`;
    const db = platform.database.db;
    // The documents are the administrator's; the person typing is someone else (their own
    // characters, their own memory), as on a shared server.
    await db.query(
      `INSERT INTO users (account, username, password_hash, role, site_id)
       SELECT 'typist@example.com', 'typist', password_hash, 2, site_id FROM users WHERE account = 'admin@example.com'`,
    );
    const { rows } = await db.query<{ user_id: number; account: string }>(
      `SELECT user_id, account FROM users WHERE account IN ('admin@example.com', 'typist@example.com')`,
    );
    for (const { user_id: userId } of rows) {
      await grantPlan(db, { userId, sku: 'professional-m' });
      await grantPackage(db, { userId, sku: '100M_char-y' });
    }
    const userId = rows.find((r) => r.account === 'typist@example.com')!.user_id;
    const bank = await db.query<{ bank_id: number }>(
      `INSERT INTO tm_banks (flag, system_or_individual, user_id, name, src_lang, tgt_lang) VALUES (0, 1, $1, 'probes', 'en-us', 'zh-cn') RETURNING bank_id`,
      [userId],
    );
    const tmx = `<tmx version="1.4"><header srclang="en-US"/><body>${TM_PROBES.map(
      (s, i) => `<tu><tuv xml:lang="en-US"><seg>${s}</seg></tuv><tuv xml:lang="zh-CN"><seg>探针${i}</seg></tuv></tu>`,
    ).join('')}</body></tmx>`;
    await importEntries(db, { userId, role: ROLES.NORMAL, siteId: 0 }, async () => 'enterprise', {
      flag: 0,
      systemOrIndividual: 1,
      bankId: bank.rows[0]!.bank_id,
      format: 'tmx',
      stream: Readable.from([Buffer.from(tmx)]),
    });
    const key = (await (await fetch(`${api}/user/get_public_key`)).json()).data.public_key as string;
    const login = async (account: string) => {
      const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Admin12345'));
      const res = await fetch(`${api}/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account, password: password.toString('base64'), agree_terms: true }),
      });
      return { authorization: `Bearer ${(await res.json()).data.access_token}` };
    };
    const auth = await login('admin@example.com');
    const typist = await login('typist@example.com');
    while (!platform.translation.devices.list({ online: true }).some((d) => d.role === 'mt')) await new Promise((r) => setTimeout(r, 100));

    let n = 0;
    const probe = async (kind: 'tm' | 'mt'): Promise<number> => {
      n += 1;
      const text = kind === 'tm' ? TM_PROBES[n % TM_PROBES.length] : `${NUMBERS[n % 6]} and ${NUMBERS[(n * 7) % 6]} ${n}`;
      const t = performance.now();
      const res = await fetch(`${api}/text/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...typist },
        body: JSON.stringify({ text, src_lang: 'en-us', tgt_lang: 'zh-cn' }),
      });
      const body = await res.json();
      if (body.code !== 20000) throw new Error(`translation failed: ${body.msg}`);
      return performance.now() - t;
    };
    type Times = { tm: number[]; mt: number[] };
    const print = (what: string, times: Times) => {
      for (const kind of ['tm', 'mt'] as const) {
        const sorted = [...times[kind]].sort((a, b) => a - b);
        console.log(
          `${label.padEnd(22)} ${what.padEnd(34)} ${kind === 'tm' ? 'memory-answered' : 'MT-answered    '}  n=${sorted.length}  p50=${percentile(sorted, 50).toFixed(1)} ms  p99=${percentile(sorted, 99).toFixed(1)} ms`,
        );
      }
    };
    /** Probes, alternating memory and MT, one after the other with a short gap, while `going()`. */
    const probeWhile = async (times: Times, going: () => boolean) => {
      for (let i = 0; going(); i++) {
        const kind = i % 2 ? 'mt' : 'tm';
        times[kind].push(await probe(kind));
        await new Promise((r) => setTimeout(r, PROBE_GAP_MS));
      }
    };
    for (let i = 0; i < 20; i++) await probe(i % 2 ? 'mt' : 'tm');
    const idle: Times = { tm: [], mt: [] };
    await probeWhile(idle, () => idle.tm.length + idle.mt.length < PROBES);
    print('idle', idle);

    // The batch of 4 uploaded and prepared (opened, checked, cut into sentences, matched against
    // the memory, reserved, its chunks queued), then interrupted, again and again by a client
    // process; a probe counts when it ran wholly while a batch was being prepared.
    const load = startLoad(api, auth.authorization.slice('Bearer '.length), 'prepare');
    const preparing: Times = { tm: [], mt: [] };
    while (preparing.tm.length + preparing.mt.length < PROBES) {
      const kind = (preparing.tm.length + preparing.mt.length) % 2 ? 'mt' : 'tm';
      const before = load.state;
      const took = await probe(kind);
      if (before.phase === 'batch' && load.state === before) preparing[kind].push(took);
      await new Promise((r) => setTimeout(r, PROBE_GAP_MS));
    }
    load.child.kill('SIGTERM');
    print(`${IN_FLIGHT_DOCUMENTS} documents being prepared`, preparing);
    console.log(`${label.padEnd(22)} ${load.batches()} batches of ${IN_FLIGHT_DOCUMENTS} prepared during the run`);

    // Heavier than asked, for context: 4 documents translated end to end, back to back.
    const translate = startLoad(api, auth.authorization.slice('Bearer '.length), 'translate');
    await new Promise((r) => setTimeout(r, 2_000));
    const translating: Times = { tm: [], mt: [] };
    await probeWhile(translating, () => translating.tm.length + translating.mt.length < PROBES);
    translate.child.kill('SIGTERM');
    print(`${IN_FLIGHT_DOCUMENTS} translated back to back`, translating);
    console.log(`${label.padEnd(22)} documents translated during that run: ${translate.done()}`);
    // Let the interrupted and running documents end before the platform closes.
    await new Promise((r) => setTimeout(r, 1_000));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await platform.close();
    await rm(dir, { recursive: true, force: true });
  }
}

try {
  // TYPING_BENCH=separate|in-process runs one of the two (profiling one side).
  const only = process.env.TYPING_BENCH;
  if (only !== 'separate') await measure('doc worker in-process', false);
  if (only !== 'in-process') await measure('doc worker separate', true);
} finally {
  await nats.stop();
  await rm(filesDir, { recursive: true, force: true });
}
