/**
 * Prints the gateway's auth figures on this machine: login latency (RSA decryption + argon2id
 * verification + session write) and the latency of an authenticated call (JWT + session check),
 * over real HTTP against the platform on an embedded PostgreSQL. Figures only; no assertions.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtemp, chmod, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@mtp/gateway';
import { startPlatform } from '@mtp/gateway';

const LOGINS = 50;
const CALLS = 1000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(n: number, fn: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-bench-'));
await chmod(dir, 0o755);
const platform = await startPlatform(
  { ...loadConfig({}), dataDir: dir, port: 0, host: '127.0.0.1', adminAccount: 'admin@example.com', adminPassword: 'Admin12345' },
  { log: () => {} },
);
const url = `${await platform.listen()}/api/v1.0`;
try {
  const { data } = await (await fetch(`${url}/user/get_public_key`)).json();
  const password = publicEncrypt(
    { key: data.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from('Admin12345'),
  ).toString('base64');
  let token = '';
  const logins = await timed(LOGINS, async () => {
    const res = await fetch(`${url}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin@example.com', password, agree_terms: true }),
    });
    token = (await res.json()).data.access_token;
  });
  const calls = await timed(CALLS, async () => {
    await (await fetch(`${url}/user/get_user_data`, { headers: { authorization: `Bearer ${token}` } })).json();
  });
  console.log(`login            n=${LOGINS}  p50=${percentile(logins, 50).toFixed(1)} ms  p95=${percentile(logins, 95).toFixed(1)} ms`);
  console.log(`get_user_data    n=${CALLS}  p50=${percentile(calls, 50).toFixed(2)} ms  p95=${percentile(calls, 95).toFixed(2)} ms`);
} finally {
  await platform.close();
  await rm(dir, { recursive: true, force: true });
}
