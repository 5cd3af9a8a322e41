/**
 * Public-API text translation under load (issue 20): requests/s and p50/p99 latency of
 * `POST /api/v1.0/open/translate` at 50 concurrent connections, the load from a separate process
 * (autocannon, bench/support/public-api-load.ts), against the platform started in-process with
 * the tiny test models' MT worker as its own process behind a real NATS server.
 *
 * Set-up, through the real calls where there is one: a user (admin/users/create) with a plan and
 * an API package, an app key and its token (open/token), an operator's per-key frequency
 * override high enough not to throttle the bench (admin/traffic/overrides), and a system
 * translation memory whose entries the TM phase asks for (every answer an exact TM hit).
 *
 * Phases, ~10 s each:
 *  - `GET /healthz` and `open/langid` first, as yardsticks: the bare HTTP path (one SELECT 1), and
 *    the token check + frequency limit without any charge (so the TM figure can be split);
 *  - (a) TM hits: 200 memory sentences in turn, one key; then the same spread over the keys of
 *    10 owners (the ledger and the lookups batch per owner: this shows what many owners cost);
 *  - (a) once more with every SQL statement timed (support/sql-timing.ts) and the pool's waiting
 *    queue sampled: where a TM hit's time goes (the token check, the frequency counter, the
 *    ledger's reserve and settle, the TM lookup). Not the figure of (a): timing costs a little;
 *  - (b) MT through the tiny model: the numbers 0-9999 in words, shuffled, each request the next
 *    one (a counter shared by the connections), so no text repeats within the phase and the
 *    translation cache answers none of them. Last: the MT jobs still queued when the load stops
 *    would otherwise run into the next phase.
 * Target for TM hits on the 2-core machine: >= 2,000 req/s, p99 <= 50 ms. Figures only; no assertions.
 */
import { createAppKey } from '@mtp/accounts';
import { grantPackage, grantPlan } from '@mtp/billing';
import { REPO_ROOT } from '@mtp/gateway';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { startMtWorkerPlatform } from './support/mt-worker-platform';
import { numberWords } from './support/number-words';
import { startSqlTiming, stopSqlTiming } from './support/sql-timing';

const CONNECTIONS = 50;
// BENCH_SECONDS: a shorter smoke run.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TM_ENTRIES = 200;
const OWNERS = 10;
const LOAD_SCRIPT = path.join(REPO_ROOT, 'bench/support/public-api-load.ts');
const run = promisify(execFile);

type Load = {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  refusals: number;
  firstRefusal: string;
  distinctTexts: number;
};

const { platform, dir, origin, api, adminToken: admin, encrypt, close } = await startMtWorkerPlatform('mtp-bench-api-');

/** One load phase in the separate process; its figures. */
async function load(url: string, token: string | string[], texts: string[], fields: Record<string, unknown>): Promise<Load> {
  const spec = path.join(dir, 'load.json');
  await writeFile(spec, JSON.stringify({ url, tokens: [token].flat(), connections: CONNECTIONS, seconds: SECONDS, texts, fields }));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', LOAD_SCRIPT, spec], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Load;
}

/** autocannon's own CLI for a plain GET (the yardstick). */
async function loadGet(url: string): Promise<{ requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number }> {
  const cli = path.join(REPO_ROOT, 'node_modules/autocannon/autocannon.js');
  const { stdout } = await run(process.execPath, [cli, '-c', String(CONNECTIONS), '-d', String(SECONDS), '--json', url], {
    maxBuffer: 1 << 24,
  });
  const r = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  return { requestsPerSecond: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

function print(
  name: string,
  r: {
    requestsPerSecond: number;
    p50: number;
    p99: number;
    errors: number;
    non2xx: number;
    refusals?: number;
    distinctTexts?: number;
    firstRefusal?: string;
  },
) {
  const extra = r.refusals === undefined ? '' : `  refusals=${r.refusals}  distinct texts=${r.distinctTexts}`;
  console.log(
    `${name.padEnd(44)} ${CONNECTIONS} conns ${SECONDS}s  ${r.requestsPerSecond.toFixed(0).padStart(5)} req/s  p50=${r.p50} ms  p99=${r.p99} ms  errors=${r.errors}  non-2xx=${r.non2xx}${extra}`,
  );
  if (r.firstRefusal) console.log(`  first refusal: ${r.firstRefusal}`);
}

try {
  const db = platform.database.db;

  // The answers' data, loosely typed: a bench script reads a field or two of each.
  type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const call = async (method: string, p: string, token: string | null, body?: unknown): Promise<Data> => {
    const res = await fetch(`${api}/${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as { code: number; msg: string; data: Data };
    if (answer.code !== 20000) throw new Error(`${p}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  // An API user with characters (a plan and an API package), an app key, its token, and the
  // operator's override of the key's frequency limit.
  const apiUser = async (n: number): Promise<string> => {
    const user = await call('POST', 'admin/users/create', admin, {
      account: `bench-api-${n}@example.com`,
      username: `bench${n}`,
      password: encrypt('Bench12345'),
      role: 2,
    });
    await grantPlan(db, { userId: user.user_id, sku: 'standard-m' });
    // At several thousand requests a second the phases spend tens of millions of characters.
    await grantPackage(db, { userId: user.user_id, sku: 'api_100M-y' });
    const key = await createAppKey(db, { userId: user.user_id, name: 'bench' });
    const { token } = await call('POST', 'open/token', null, { app_id: key.app_id, app_secret: key.app_secret });
    await call('POST', 'admin/traffic/overrides', admin, { scope: 'app', app_id: key.app_id, max_requests: 1_000_000, window_minutes: 1 });
    return token as string;
  };
  const token = await apiUser(0);
  // For the spread phase: the ledger's batches lock every owner's grants, the lookups go per owner.
  const owners = [token];
  for (let n = 1; n < OWNERS; n++) owners.push(await apiUser(n));

  // A system memory (usable by every user) whose sentences the TM phase asks for.
  const bank = await call('POST', 'tm_term_library/create', admin, {
    flag: 0,
    name: 'bench memory',
    src_lang: 'en-us',
    tgt_lang: 'zh-cn',
    system_or_individual: 0,
  });
  const tmTexts: string[] = [];
  for (let i = 1; i <= TM_ENTRIES; i++) {
    const source = `The quarterly report number ${i} is ready for review.`;
    await call('POST', 'tm_term/es_insert', admin, {
      flag: 0,
      system_or_individual: 0,
      bank_id: bank.bank_id,
      source,
      translated: `第 ${i} 号季度报告已可审阅。`,
    });
    tmTexts.push(source);
  }
  const pair = { src_lang: 'en-us', tgt_lang: 'zh-cn' };
  const check = await call('POST', 'open/translate', token, { text: tmTexts[0], ...pair });
  if (check.translations[0].tm_score === undefined) console.log(`warning: the TM sentence was not a TM hit: ${JSON.stringify(check)}`);

  console.log(`public API text translation, ${CONNECTIONS} connections, load from a separate autocannon process`);
  print('GET /healthz (yardstick: HTTP + SELECT 1)', await loadGet(`${origin}/healthz`));
  print('open/langid (token check + frequency limit)', await load(`${api}/open/langid`, token, tmTexts, {}));
  print('(a) open/translate, TM hits', await load(`${api}/open/translate`, token, tmTexts, pair));
  print(`(a) TM hits, spread over ${OWNERS} owners' keys`, await load(`${api}/open/translate`, owners, tmTexts, pair));
  // Where a TM hit's time goes.
  let samples = 0;
  let waiting = 0;
  let busy = 0;
  const sampler = setInterval(() => {
    samples += 1;
    waiting += db.waitingCount;
    busy += db.totalCount - db.idleCount;
  }, 5);
  startSqlTiming();
  const profiled = await load(`${api}/open/translate`, token, tmTexts, pair);
  const statements = stopSqlTiming();
  clearInterval(sampler);
  const served = profiled.total;
  const sqlMs = statements.reduce((n, s) => n + s.ms, 0);
  console.log(
    `profile of (a): ${served} requests at ${profiled.requestsPerSecond.toFixed(0)} req/s, p50=${profiled.p50} ms; ` +
      `${(statements.reduce((n, s) => n + s.calls, 0) / served).toFixed(1)} SQL statements and ${(sqlMs / served).toFixed(1)} ms of SQL a request; ` +
      `pool: ${(busy / samples).toFixed(1)} of ${db.options.max} connections busy, ${(waiting / samples).toFixed(1)} requests waiting for one (mean)`,
  );
  for (const s of statements.slice(0, 12)) {
    console.log(
      `  ${(s.ms / served).toFixed(2).padStart(6)} ms/req  ${(s.calls / served).toFixed(2)}x  ${(s.ms / s.calls).toFixed(2).padStart(6)} ms each  ${s.sql}`,
    );
  }

  // Numbers 0-9999 in words (the tiny model's task), shuffled: each request a new text.
  const mtTexts = Array.from({ length: 10_000 }, (_, n) => numberWords(n));
  for (let i = mtTexts.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [mtTexts[i], mtTexts[j]] = [mtTexts[j]!, mtTexts[i]!];
  }
  print('(b) open/translate, MT (tiny model, no cache)', await load(`${api}/open/translate`, token, mtTexts, pair));
} finally {
  await close();
}
