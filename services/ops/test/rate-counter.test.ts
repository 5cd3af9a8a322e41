/**
 * The shared rate-limit counter on a real PostgreSQL: concurrent hits (as from several gateway
 * replicas) are all counted, a window restarts when it ends, and the sweep drops ended windows.
 */
import { runMigrations } from '@mtp/platform';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { opsMigrations, RateCounter } from '../src';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  await runMigrations(tdb.db, await opsMigrations());
});
afterAll(async () => {
  await tdb.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('rate counter', () => {
  it('counts every one of many concurrent hits once, from two counters on one database', async () => {
    const [a, b] = [new RateCounter(tdb.db), new RateCounter(tdb.db)];
    const hits = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('login:acct:x', 60_000)));
    expect(hits.map((h) => h.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const h of hits) expect(h.ttlMs).toBeGreaterThan(50_000);
    expect((await a.read('login:acct:x')).hits).toBe(40);
    expect((await a.read('login:acct:other')).hits).toBe(0);
  });

  it('numbers the hits of each key in a batch of many keys, restarting an ended window at the batch', async () => {
    const counter = new RateCounter(tdb.db);
    await counter.hit('mixed:ended', 150);
    await counter.hit('mixed:ended', 150);
    await sleep(250);
    // One tick's calls go in one batch: three keys, one of them with its window just ended.
    const calls = Array.from({ length: 30 }, (_, i) => ['mixed:a', 'mixed:b', 'mixed:ended'][i % 3]!);
    const hits = await Promise.all(calls.map((key) => counter.hit(key, key === 'mixed:ended' ? 150 : 60_000)));
    for (const key of ['mixed:a', 'mixed:b', 'mixed:ended']) {
      const counts = hits.filter((_, i) => calls[i] === key).map((h) => h.hits);
      expect(counts).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    }
    expect((await counter.read('mixed:a')).hits).toBe(10);
    expect((await counter.read('mixed:ended')).hits).toBe(10);
  });

  it('starts a new window when the old one has ended, and sweeps ended windows', async () => {
    const counter = new RateCounter(tdb.db);
    await counter.hit('short', 200);
    expect((await counter.hit('short', 200)).hits).toBe(2);
    await sleep(300);
    expect((await counter.read('short')).hits).toBe(0);
    const again = await counter.hit('short', 200);
    expect(again.hits).toBe(1);

    await sleep(300);
    await counter.hit('kept', 60_000);
    expect(await counter.sweep()).toBeGreaterThanOrEqual(1);
    const { rows } = await tdb.db.query<{ key: string }>('SELECT key FROM rate_limit_counters ORDER BY key');
    expect(rows.map((r) => r.key)).not.toContain('short');
    expect(rows.map((r) => r.key)).toContain('kept');
  });
});
