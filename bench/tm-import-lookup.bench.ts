/**
 * Translation memory at scale (issue 24). Spreads TM_BENCH_UNITS units (default 1,000,000) over
 * TM_BENCH_BANKS memories (default 10: system ones, the querying user's own and other users',
 * which the querying user must not see), one generated TMX file per bank imported through the
 * real streaming import of `/tm/es_save_file` into a real PostgreSQL, each file deleted once
 * imported. Prints the server and its settings; import units/s per bank and overall; memory at
 * 10%, 50% and 100% of the units; then, at the full size, p50/p95/p99 of fuzzy top-5 lookups,
 * exact lookups (one segment, and 200-segment document batches) and concordance searches; and
 * the same lookups while a further TM_BENCH_BESIDE_UNITS-unit import (default 200,000) runs in
 * this process, as one gateway process serves both.
 * Targets (issue 24): import >= 50,000 units/s at 1M units; fuzzy p95 <= 20 ms and exact p95
 * <= 5 ms at 10M units, imports running beside them; concordance p95 < 100 ms; memory at the
 * three points within 20% of each other. `TM_BENCH_UNITS=10000000` fits 24 GiB of RAM (files
 * and queries are streamed or sampled, never held) and about 20 GB of free disk: the database
 * grows about 0.9-1.2 GB per million units, plus WAL (max_wal_size) and one bank's file.
 * Figures only; no assertions.
 */
import { accountsMigrations } from '@mtp/accounts';
import { findConcordance, findExactMatches, findTmMatches, languageMigrations } from '@mtp/language';
import { runMigrations } from '@mtp/platform';
import { createTestDatabase, startTestServer } from '@mtp/platform/testing';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sentenceMaker, writeTmxOf } from './support/generate-tmx';
import { importBankFile, MemoryPoints } from './support/tm-bank-import';
import { bankKinds, createBenchBank, createUsers, describeSetup, freeDisk, loadAverage } from './support/tm-bench-setup';
import { CONCORDANCE_KINDS, QueryMaker, sampling, shuffled, type ConcordanceQuery } from './support/tm-lookup-queries';
import { lookupKind, summary, timeEach, timeWhile } from './support/tm-lookup-timing';

const UNITS = Number(process.env.TM_BENCH_UNITS ?? 1_000_000);
const BANKS = Number(process.env.TM_BENCH_BANKS ?? 10);
const BESIDE_UNITS = Number(process.env.TM_BENCH_BESIDE_UNITS ?? 200_000);
const SEED = 42;
/** Queries of each kind, and the seconds each kind may take at most (n is printed). */
const RUNS = { fuzzy: 1000, exact: 1000, batches: 30, concordance: 300 };
const BUDGET_S = { fuzzy: 40, exact: 20, batches: 20, concordance: 30 };
/** Sources sampled from the visible banks while generating: every query below gets its own. */
const POOL = 10_000;
const PAIR = { srcLang: 'en-us', tgtLang: 'zh-cn' };
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rate = (units: number, seconds: number) => `${Math.round(units / seconds).toLocaleString('en-US')} units/s`;

const server = await startTestServer();
const database = await createTestDatabase(server.adminUrl);
const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-tm-bench-'));
try {
  const { db } = database;
  for (const line of await describeSetup(db, dir)) console.log(line);
  await runMigrations(db, [...(await accountsMigrations()), ...(await languageMigrations())]);
  const users = await createUsers(db);

  // Banks: sizes as even as they go; the corpus goes on from one bank's file to the next.
  const kinds = bankKinds(BANKS);
  const sizes = kinds.map((_, i) => Math.floor(UNITS / BANKS) + (i < UNITS % BANKS ? 1 : 0));
  const visibleUnits = sizes.reduce((sum, n, i) => sum + (kinds[i] === 'other' ? 0 : n), 0);
  const count = (kind: string) => kinds.filter((k) => k === kind).length;
  console.log(
    `banks: ${BANKS} (${count('system')} system, ${count('own')} own, ${count('other')} other users'), ` +
      `${sizes[0]} units each; the querying user sees ${visibleUnits}`,
  );
  const next = sentenceMaker(SEED);
  const visible: string[] = [];
  const hidden: string[] = [];
  const visibleNext = sampling(next, Math.max(1, Math.floor(visibleUnits / POOL)), visible);
  const hiddenNext = sampling(next, Math.max(1, Math.floor((UNITS - visibleUnits) / 200)), hidden);

  const overall = new MemoryPoints();
  let imported = 0;
  let importSeconds = 0;
  let generateSeconds = 0;
  for (const [i, kind] of kinds.entries()) {
    const bank = await createBenchBank(db, users, kind, i, sizes[i]!);
    const file = path.join(dir, `bank-${i + 1}.tmx`);
    const started = performance.now();
    await writeTmxOf(file, bank.units, kind === 'other' ? hiddenNext : visibleNext);
    generateSeconds += (performance.now() - started) / 1000;
    const { size } = await stat(file);
    const result = await importBankFile(db, bank, users.siteId, file, { memory: overall, before: imported, total: UNITS });
    await rm(file);
    imported += result.imported;
    importSeconds += result.seconds;
    console.log(
      `bank ${i + 1} ${kind}: ${result.imported} units, ${mb(size)} in ${result.seconds.toFixed(1)} s = ${rate(result.imported, result.seconds)}; ` +
        `RSS at 10/50/100%: ${result.memory.format('rss')}`,
    );
  }
  console.log(
    `TMX import: ${imported} units in ${BANKS} files, ${importSeconds.toFixed(1)} s = ${rate(imported, importSeconds)} ` +
      `(generating the files: ${generateSeconds.toFixed(1)} s, not counted)`,
  );
  console.log(
    `import memory at 10/50/100% of the units: RSS ${overall.format('rss')} (spread ${overall.spread('rss')}); ` +
      `heap used ${overall.format('heapUsed')} (spread ${overall.spread('heapUsed')})`,
  );
  await db.query('ANALYZE tm_entries');
  const size = await db.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes');
  console.log(`database: ${mb(Number(size.rows[0]!.bytes))} after the imports; ${await freeDisk(dir)} free disk`);

  // Lookups at the full size, by the user who owns some banks and sees the system ones.
  const userId = users.reader;
  const make = new QueryMaker(SEED);
  const pool = shuffled(visible, 1);
  let taken = 0;
  const take = (n: number) => pool.slice(taken, (taken += n));
  const fuzzy = (segment: string) => findTmMatches(db, { userId, ...PAIR, segment });
  const exact = (segments: string[]) => findExactMatches(db, { userId, ...PAIR, segments });
  const concordance = (q: ConcordanceQuery) => findConcordance(db, { userId, ...PAIR, text: q.text });

  let found = 0;
  const fuzzyTimes = await timeEach(
    take(RUNS.fuzzy).map((s) => make.fuzzy(s)),
    BUDGET_S.fuzzy,
    async (segment) => {
      if ((await fuzzy(segment)).length > 0) found += 1;
    },
  );
  console.log(`fuzzy top-5: ${summary(fuzzyTimes)}; ${found} found a match >= 70`);

  found = 0;
  const exactTimes = await timeEach(take(RUNS.exact), BUDGET_S.exact, async (segment) => {
    if ((await exact([segment]))[0]) found += 1;
  });
  console.log(`exact, 1 segment: ${summary(exactTimes)}; ${found} found`);

  found = 0;
  const stored = take(RUNS.batches * 200);
  const batches = Array.from({ length: RUNS.batches }, (_, b) => make.batch(stored, b * 200));
  const batchTimes = await timeEach(batches, BUDGET_S.batches, async (segments) => {
    found += (await exact(segments)).filter((m) => m !== null).length;
  });
  console.log(
    `exact, 200-segment batch: ${summary(batchTimes)}; ${(found / Math.max(1, batchTimes.length)).toFixed(0)} of 200 found per batch`,
  );

  const leaked = (await exact(hidden)).filter((m) => m !== null).length;
  console.log(`exact, other users' sources: ${leaked} of ${hidden.length} found (must be 0)`);

  const concordanceQueries = take(RUNS.concordance).map((s, i) => make.concordance(s, i));
  const concordanceTimes = await timeEach(concordanceQueries, BUDGET_S.concordance, concordance);
  console.log(`concordance: ${summary(concordanceTimes)}`);
  const byKind = CONCORDANCE_KINDS.map((kind) => {
    const times = concordanceTimes.filter((_, i) => concordanceQueries[i]!.kind === kind);
    return `${kind} ${summary(times).replace(/ p99=[^ ]+/, '')}`;
  });
  console.log(`concordance by kind: ${byKind.join('; ')}`);

  // The same lookups while another file is imported into a new bank of the querying user.
  const besideBank = await createBenchBank(db, users, 'own', BANKS, BESIDE_UNITS);
  const besideFile = path.join(dir, 'beside.tmx');
  await writeTmxOf(besideFile, BESIDE_UNITS, next);
  const beside = importBankFile(db, besideBank, users.siteId, besideFile);
  // Rounds of 4 fuzzy, 4 exact and 1 concordance: a concordance search takes many fuzzy lookups' time.
  const besideFuzzy = take(500).map((s) => make.fuzzy(s));
  const besideExact = take(500).map((s) => [s]);
  const besideConcordance = take(500).map((s, i) => make.concordance(s, i));
  const timesBeside = await timeWhile(beside, [
    lookupKind('fuzzy top-5', besideFuzzy, 4, fuzzy),
    lookupKind('exact, 1 segment', besideExact, 4, exact),
    lookupKind('concordance', besideConcordance, 1, concordance),
  ]);
  const besideResult = await beside;
  await rm(besideFile);
  const ran = [...timesBeside.values()].reduce((sum, t) => sum + t.length, 0);
  console.log(
    `beside an import of ${besideResult.imported} units (${besideResult.seconds.toFixed(1)} s = ${rate(besideResult.imported, besideResult.seconds)}): ` +
      `${ran} lookups ran during it`,
  );
  for (const [name, times] of timesBeside) console.log(`beside the import, ${name}: ${summary(times)}`);
  console.log(`load at the end: ${loadAverage()}`);
} finally {
  await rm(dir, { recursive: true, force: true });
  await database.drop();
  await server.stop();
}
