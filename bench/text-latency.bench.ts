/**
 * Prints the p50/p95 latency of a single-sentence text translation through the gateway (real
 * HTTP, `text/translate`) with the MT worker as its own process behind a real NATS server, on
 * the committed tiny en-us_zh-cn model. Every sentence is different, so none comes from the
 * cache. Figures only; no assertions.
 */
import { startTestNatsServer } from '@mtp/platform/bus-testing';
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { constants, publicEncrypt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '@mtp/gateway';
import { startPlatform } from '@mtp/gateway';

const REQUESTS = 200;
const WARMUP = 10;
const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const nats = await startTestNatsServer();
const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-bench-'));
await chmod(dir, 0o755);
const platform = await startPlatform(
  {
    ...loadConfig({}),
    dataDir: dir,
    port: 0,
    host: '127.0.0.1',
    natsUrl: nats.url,
    runMtWorker: false,
    adminAccount: 'admin@example.com',
    adminPassword: 'Admin12345',
  },
  { log: () => {} },
);
const worker = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'workers/mt/src/main.ts')], {
  env: { ...process.env, NATS_URL: nats.url, MODELS_DIR, MT_THREADS: '1' },
  stdio: 'ignore',
});
try {
  const api = `${await platform.listen()}/api/v1.0`;
  while (platform.translation.devices.list({ online: true }).length === 0) await new Promise((r) => setTimeout(r, 100));
  const { data } = await (await fetch(`${api}/user/get_public_key`)).json();
  const password = publicEncrypt(
    { key: data.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from('Admin12345'),
  );
  const login = await fetch(`${api}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin@example.com', password: password.toString('base64'), agree_terms: true }),
  });
  const token = (await login.json()).data.access_token as string;
  const heldout = (await readFile(path.join(MODELS_DIR, 'en-us_zh-cn/heldout.tsv'), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t')[0]!);

  const times: number[] = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const t = performance.now();
    const res = await fetch(`${api}/text/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: heldout[i % heldout.length], src_lang: 'en-us', tgt_lang: 'zh-cn' }),
    });
    const body = await res.json();
    if (body.code !== 20000) throw new Error(`translation failed: ${body.msg}`);
    if (i >= WARMUP) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `text/translate via NATS worker (tiny model, 1 sentence)  n=${REQUESTS}  p50=${percentile(times, 50).toFixed(1)} ms  p95=${percentile(times, 95).toFixed(1)} ms`,
  );
} finally {
  worker.kill('SIGTERM');
  await platform.close();
  await nats.stop();
  await rm(dir, { recursive: true, force: true });
}
