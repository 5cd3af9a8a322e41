/**
 * Translation memory at scale: imports a generated TMX of TM_BENCH_UNITS units (default
 * 1,000,000) through the same streaming import the `/tm/es_save_file` call uses, into a real
 * PostgreSQL, and prints units/s with the process's peak memory; then runs 1,000 fuzzy lookups
 * (existing sentences with one word changed) over that memory and prints p50/p95 and how many
 * found a match >= 70. Targets (issue 4): >= 20,000 units/s, flat memory, p95 <= 30 ms.
 * Figures only; no assertions.
 */
import { accountsMigrations } from '@mtp/accounts';
import { findTmMatches, importEntries, languageMigrations } from '@mtp/language';
import { runMigrations } from '@mtp/platform';
import { createTestDatabase, startTestServer } from '@mtp/platform/testing';
import { ROLES } from '@mtp/proto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { prng, sentenceMaker, wordSampler, writeTmx } from './support/generate-tmx';

const UNITS = Number(process.env.TM_BENCH_UNITS ?? 1_000_000);
const QUERIES = 1000;
const SEED = 42;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const server = await startTestServer();
const database = await createTestDatabase(server.adminUrl);
const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-tm-bench-'));
try {
  const { db } = database;
  await runMigrations(db, [...(await accountsMigrations()), ...(await languageMigrations())]);
  const { rows } = await db.query<{ bank_id: number }>(
    `INSERT INTO tm_banks (flag, system_or_individual, name, src_lang, tgt_lang) VALUES (0, 0, 'bench', 'en-us', 'zh-cn') RETURNING bank_id`,
  );
  const bankId = rows[0]!.bank_id;
  const file = path.join(dir, 'bench.tmx');
  let t = performance.now();
  await writeTmx(file, UNITS, SEED);
  console.log(`generated ${UNITS} units, ${mb((await stat(file)).size)} in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  t = performance.now();
  const admin = { userId: 0, role: ROLES.ADMIN, siteId: 0 };
  const { imported } = await importEntries(db, admin, async () => 'enterprise', {
    flag: 0,
    systemOrIndividual: 0,
    bankId,
    format: 'tmx',
    stream: createReadStream(file),
  });
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  console.log(
    `TMX import: ${imported} units in ${seconds.toFixed(1)} s = ${Math.round(imported / seconds)} units/s; ` +
      `RSS ${mb(before.rss)} before, peak ${mb(peakRss)}; heap ${mb(before.heapUsed)} before, peak ${mb(peakHeap)}`,
  );

  await db.query('ANALYZE tm_entries');
  // Queries: sentences of the memory with one word replaced by another word of the language
  // (drawn as the memory's words are), a typical fuzzy hit.
  const next = sentenceMaker(SEED);
  const random = prng(7);
  const otherWord = wordSampler(SEED, prng(8));
  const stride = Math.max(1, Math.floor(UNITS / QUERIES));
  const queries: string[] = [];
  for (let i = 0; queries.length < QUERIES; i++) {
    const { source } = next();
    if (i % stride !== 0) continue;
    const words = source.slice(0, -1).split(' ');
    const swap = 1 + Math.floor(random() * (words.length - 1));
    words[swap] = otherWord();
    queries.push(`${words.join(' ')}.`);
  }
  const times: number[] = [];
  let hits = 0;
  for (const segment of queries) {
    const q = performance.now();
    const matches = await findTmMatches(db, { userId: 1, srcLang: 'en-us', tgtLang: 'zh-cn', segment });
    times.push(performance.now() - q);
    if (matches.length > 0) hits += 1;
  }
  times.sort((a, b) => a - b);
  console.log(
    `fuzzy lookup over ${imported} units: n=${QUERIES} p50=${percentile(times, 50).toFixed(1)} ms p95=${percentile(times, 95).toFixed(1)} ms; ` +
      `${hits} of ${QUERIES} found a match >= 70`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
  await database.drop();
  await server.stop();
}
