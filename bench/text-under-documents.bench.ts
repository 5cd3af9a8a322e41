/**
 * Does document work slow down people typing? The gateway's text-call latency (real HTTP,
 * `text/translate`), idle and while 4 large documents (three 100-page docx, one 50-page pdf) are
 * kept in preparation and translation, with the document worker inside the gateway's process
 * (the single-machine default) and as a process of its own (`RUN_DOC_WORKER=0` and
 * `npm run worker -- doc`). The MT worker is its own process in both, on the tiny model.
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
import { chmod, mkdtemp, rm } from 'node:fs/promises';
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
    const run = async (what: string) => {
      const times = { tm: [] as number[], mt: [] as number[] };
      for (let i = 0; i < PROBES; i++) {
        const kind = i % 2 ? 'mt' : 'tm';
        times[kind].push(await probe(kind));
        await new Promise((r) => setTimeout(r, PROBE_GAP_MS));
      }
      for (const kind of ['tm', 'mt'] as const) {
        const sorted = times[kind].sort((a, b) => a - b);
        console.log(
          `${label.padEnd(22)} ${what.padEnd(30)} ${kind === 'tm' ? 'memory-answered' : 'MT-answered    '}  n=${sorted.length}  p50=${percentile(sorted, 50).toFixed(1)} ms  p99=${percentile(sorted, 99).toFixed(1)} ms`,
        );
      }
    };
    for (let i = 0; i < 20; i++) await probe(i % 2 ? 'mt' : 'tm');
    await run('idle');

    // Keep four documents in the works: each that ends is replaced by the next.
    let stopping = false;
    let finished = 0;
    const keepOneGoing = async (slot: number) => {
      for (let round = 0; !stopping; round++) {
        const doc = documents[(slot + round) % documents.length]!;
        const form = new FormData();
        form.append('src_lang', 'en-us');
        form.append('tgt_lang', 'zh-cn');
        form.append('files', new Blob([new Uint8Array(doc.bytes)]), doc.name);
        const created = await (await fetch(`${api}/request_translate/doc/create`, { method: 'POST', body: form, headers: auth })).json();
        if (created.code !== 20000) throw new Error(`upload failed: ${created.msg}`);
        for (;;) {
          await new Promise((r) => setTimeout(r, 250));
          const query = await (await fetch(`${api}/request_translate/doc/query?task_id=${created.data.task_id}`, { headers: auth })).json();
          if (query.data.score >= 100) break;
        }
        finished += 1;
      }
    };
    const slots = Array.from({ length: IN_FLIGHT_DOCUMENTS }, (_, slot) => keepOneGoing(slot));
    await new Promise((r) => setTimeout(r, 2_000));
    await run(`${IN_FLIGHT_DOCUMENTS} documents in the works`);
    stopping = true;
    await Promise.all(slots);
    console.log(`${label.padEnd(22)} documents finished during the run: ${finished}`);
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
}
