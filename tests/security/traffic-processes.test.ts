/**
 * The frequency limit and the login limits held by two gateway PROCESSES on one PostgreSQL
 * database, as replicas of a cluster (issue 19, "Done when"): the counters and the settings live
 * in the database, so what one process counts the other sees.
 *
 * A "minute" of the traffic settings lasts TRAFFIC_MINUTE_MS = 4 s here (a test-only setting):
 * the counters still run on the database's real clock, so a window really ends; waiting minutes
 * would only make the test slow.
 */
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import type { ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { killAll, startGatewayProcess } from '../support/processes';

const MINUTE_MS = 4_000;
/** How long a process keeps the settings it read (ops' TRAFFIC_CACHE_MS), plus a margin. */
const SETTINGS_REACH_MS = 3_500;

let tdb: TestDatabase;
let dataDir: string;
const children: ChildProcess[] = [];
let apis: [string, string];
let admin: string;
let publicKey: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Answer = { status: number; retryAfter: number; code: number; msg: string; data: { access_token?: string } };

async function call(api: string, route: string, o: { token?: string; ip?: string; body?: object } = {}): Promise<Answer> {
  const res = await fetch(`${api}/${route}`, {
    method: o.body ? 'POST' : 'GET',
    headers: {
      'accept-language': 'en-US',
      ...(o.body ? { 'content-type': 'application/json' } : {}),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      // TRUST_PROXY=loopback: the test is the proxy that says who the client is.
      ...(o.ip ? { 'x-forwarded-for': o.ip } : {}),
    },
    body: o.body ? JSON.stringify(o.body) : undefined,
  });
  const body = (await res.json()) as Omit<Answer, 'status' | 'retryAfter'>;
  return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 0), ...body };
}

const encrypt = (password: string) =>
  publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString(
    'base64',
  );

function login(api: string, account: string, password: string, ip = '127.0.0.1', extra: object = {}) {
  return call(api, 'user/login', { ip, body: { account, password: encrypt(password), agree_terms: true, ...extra } });
}

/** A user the admin adds (pre-activated), then their first login on the other process. */
async function addUser(account: string): Promise<string> {
  const added = await call(apis[0], 'admin/users/create', {
    token: admin,
    body: { account, username: 'member', password: encrypt('First123') },
  });
  expect(added.code, added.msg).toBe(20000);
  const res = await login(apis[1], account, 'First123', '127.0.0.1', { new_password: encrypt('Chosen123') });
  expect(res.code, res.msg).toBe(20000);
  return res.data.access_token!;
}

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-traffic-'));
  const env = {
    DATABASE_URL: tdb.url,
    DATA_DIR: dataDir,
    RUN_MT_WORKER: '0',
    RUN_DOC_WORKER: '0',
    TRUST_PROXY: 'loopback',
    TRAFFIC_MINUTE_MS: String(MINUTE_MS),
  };
  // One after the other: the second finds the migrations applied and the admin made.
  const first = await startGatewayProcess(env, children);
  const second = await startGatewayProcess(env, children);
  apis = [first.api, second.api];
  publicKey = (await (await fetch(`${first.api}/user/get_public_key`)).json()).data.public_key;
  const res = await login(first.api, 'admin@example.com', 'Admin12345');
  admin = res.data.access_token!;
}, 240_000);

afterAll(async () => {
  killAll(children);
  await tdb?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('two gateway processes on one database', () => {
  it('let exactly N of 2N requests through per user across both, then again after the window', async () => {
    const N = 4;
    const users = [await addUser('alice@example.com'), await addUser('bob@example.com')];
    for (const account of ['alice@example.com', 'bob@example.com']) {
      const set = await call(apis[0], 'admin/traffic/overrides', {
        token: admin,
        body: { scope: 'user', account, max_requests: N, window_minutes: 1 },
      });
      expect(set.code, set.msg).toBe(20000);
    }
    await sleep(SETTINGS_REACH_MS);

    // 2N calls per user at once, alternating between the processes.
    const calls = users.flatMap((token) => Array.from({ length: 2 * N }, (_, i) => call(apis[i % 2]!, 'user/check_session', { token })));
    const answers = await Promise.all(calls);
    for (const [u, perUser] of [answers.slice(0, 2 * N), answers.slice(2 * N)].entries()) {
      const passed = perUser.filter((a) => a.status === 200 && a.code === 20000);
      const refused = perUser.filter((a) => a.status === 429);
      expect(passed, `user ${u}`).toHaveLength(N);
      expect(refused, `user ${u}`).toHaveLength(N);
      for (const a of refused) {
        expect(a).toMatchObject({ code: 42900, msg: 'Access too frequent' });
        expect(a.retryAfter).toBeGreaterThanOrEqual(1);
        expect(a.retryAfter).toBeLessThanOrEqual(MINUTE_MS / 1000);
      }
    }

    // After the window both processes let the user through again.
    await sleep(Math.max(...answers.map((a) => a.retryAfter)) * 1000 + 300);
    for (const api of apis) expect((await call(api, 'user/check_session', { token: users[0] })).status).toBe(200);
  });

  it('cuts login guessing off for that account and that address, while another account logs in elsewhere', async () => {
    await addUser('victim@example.com');
    const set = await call(apis[1], 'admin/traffic/login', { token: admin, body: { per_account: 3, per_ip: 3, window_minutes: 10 } });
    expect(set.code, set.msg).toBe(20000);
    await sleep(SETTINGS_REACH_MS);

    // Every attempt counts, the victim's own first login too: two more guesses, then none.
    for (let i = 0; i < 2; i += 1) {
      expect((await login(apis[i % 2]!, 'victim@example.com', `Guess${i}x1`, '198.51.100.7')).code).toBe(40021);
    }
    expect((await login(apis[0], 'victim@example.com', 'Guess2x1', '198.51.100.7')).status).toBe(429);
    // The account is cut off on both processes, from any address, even with its password.
    const cut = await login(apis[1], 'victim@example.com', 'Chosen123', '198.51.100.8');
    expect(cut).toMatchObject({ status: 429, code: 42900 });
    expect(cut.retryAfter).toBeGreaterThan(0);
    expect((await login(apis[0], 'victim@example.com', 'Chosen123', '198.51.100.9')).status).toBe(429);
    // The guessing address is cut off whatever account it names.
    expect((await login(apis[0], 'alice@example.com', 'Chosen123', '198.51.100.7')).status).toBe(429);
    // Another account from another address still logs in, on either process.
    for (const api of apis) expect((await login(api, 'alice@example.com', 'Chosen123', '203.0.113.20')).code).toBe(20000);
  });
});
