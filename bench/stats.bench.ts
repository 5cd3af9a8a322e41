/**
 * Prints how fast `/stats` answers over a seeded year (issue 19: under a second): a year of
 * charges, tasks, documents, sign-ins and orders across 20 sites and 5,000 users is written into
 * the platform's tables, the rollups are built (the job's backfill, timed), and then
 * `GET admin/stats` is called over real HTTP for the whole year (every site and one site), a
 * month, and the CSV export. Figures only; no assertions.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, startPlatform, statsSourcesOf } from '@mtp/gateway';
import { dayOf, runStatsPass } from '@mtp/ops';
import { seedStatsYear, YEAR } from './support/stats-year';

const CALLS = 20;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-bench-'));
await chmod(dir, 0o755);
const platform = await startPlatform(
  {
    ...loadConfig({}),
    dataDir: dir,
    port: 0,
    host: '127.0.0.1',
    runMtWorker: false,
    runDocWorker: false,
    adminAccount: 'admin@example.com',
    adminPassword: 'Admin12345',
  },
  { log: () => {} },
);
const url = `${await platform.listen()}/api/v1.0`;
try {
  const db = platform.database.db;
  let t = performance.now();
  const reservations = await seedStatsYear(db, new Date(`${dayOf(new Date())}T00:00:00Z`));
  const seedMs = performance.now() - t;
  t = performance.now();
  const days = await runStatsPass(db, statsSourcesOf(db));
  const rollupMs = performance.now() - t;
  console.log(
    `seeded ${YEAR.days} days: ${reservations} reservations, ${YEAR.users} users, ${YEAR.sites} sites in ${(seedMs / 1000).toFixed(1)} s`,
  );
  console.log(`rollups built for ${days?.length ?? 0} days in ${(rollupMs / 1000).toFixed(1)} s`);

  const { data } = await (await fetch(`${url}/user/get_public_key`)).json();
  const password = publicEncrypt(
    { key: data.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from('Admin12345'),
  ).toString('base64');
  const login = await fetch(`${url}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin@example.com', password, agree_terms: true }),
  });
  const token = (await login.json()).data.access_token as string;
  const site = (await db.query<{ site_id: number }>(`SELECT site_id FROM sites WHERE site_code = 'bench3'`)).rows[0]!.site_id;
  const to = dayOf(new Date(Date.now() - 86_400_000));
  const yearFrom = dayOf(new Date(Date.now() - YEAR.days * 86_400_000));
  const monthFrom = dayOf(new Date(Date.now() - 30 * 86_400_000));

  const measure = async (label: string, path: string, query: Record<string, string>) => {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      const res = await fetch(`${url}/${path}?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${token}` } });
      bytes = (await res.arrayBuffer()).byteLength;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(28)} n=${CALLS}  p50=${percentile(times, 50).toFixed(1)} ms  p95=${percentile(times, 95).toFixed(1)} ms  (${bytes} bytes)`,
    );
  };
  await measure('stats, year, every site', 'admin/stats', { from: yearFrom, to });
  await measure('stats, year, one site', 'admin/stats', { from: yearFrom, to, site_id: String(site) });
  await measure('stats, month, every site', 'admin/stats', { from: monthFrom, to });
  await measure('stats export, year', 'admin/stats/export', { from: yearFrom, to });
} finally {
  await platform.close();
  await rm(dir, { recursive: true, force: true });
}
