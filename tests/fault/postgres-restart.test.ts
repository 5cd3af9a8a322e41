/**
 * PostgreSQL restarted mid-batch: a server of this suite's own (stopping the run's shared one
 * would hurt every other suite) holds the database of a gateway, an MT worker and a document
 * worker, each its own process on the suite's NATS server. While documents and async text tasks
 * are in flight the server gets a fast shutdown (every session cut), stays down a few seconds
 * and starts again on the same port and data. Meanwhile the gateway's /readyz answers 503, and
 * 200 again after; no process dies of the lost connections; every task ends done with the right
 * output (or failed with a message and refunded), charged once.
 */
import { createTestDatabase, startRestartableTestServer, type RestartableTestServer, type TestDatabase } from '@mtp/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserId, batchOutcome, charactersLeft, submitBatch } from '../support/fault-cluster';
import { expectEndedCleanly, startFaultCluster, type FaultCluster } from '../support/fault-cluster-start';
import { useOwnNats, waitFor } from '../support/fault-support';

/** Why 5 s: long enough for every process to hit the outage (the sweeper runs every 5 s). */
const DOWN_MS = 5_000;
const nats = useOwnNats();
let pg: RestartableTestServer | undefined;
let tdb: TestDatabase;
let cluster: FaultCluster;
let origin: string;

beforeAll(async () => {
  pg = await startRestartableTestServer();
  tdb = await createTestDatabase(pg.adminUrl);
  cluster = await startFaultCluster({ label: 'pgrs', natsUrl: nats.url, tdb });
  origin = cluster.gateways[0]!.api.replace(/\/api\/v1\.0$/, '');
}, 180_000);

afterAll(async () => {
  await cluster?.close();
  await tdb?.drop().catch(() => {});
  await pg?.stop();
});

const readyStatus = async () => (await fetch(`${origin}/readyz`)).status;

describe('PostgreSQL restarted in the middle of a batch', () => {
  it('reports not ready while down, then finishes every task, each charged once, no process lost', async () => {
    const { client } = cluster;
    const userId = await adminUserId(tdb.db);
    const before = await charactersLeft(tdb.db, userId);
    const batch = await submitBatch(client, 3, 3);
    await waitFor('the batch under way', async () => ((await client.queryDocs(batch.docTaskId)).score > 0 ? true : undefined));
    expect(await readyStatus()).toBe(200);

    await pg!.halt();
    const downSince = Date.now();
    expect(await waitFor('/readyz to say 503', async () => ((await readyStatus()) === 503 ? true : undefined), 10_000)).toBe(true);
    await new Promise((r) => setTimeout(r, Math.max(0, DOWN_MS - (Date.now() - downSince))));
    await pg!.resume();
    await waitFor('/readyz to say 200', async () => ((await readyStatus()) === 200 ? true : undefined), 20_000);

    const outcome = await batchOutcome(client, tdb.db, batch);
    await expectEndedCleanly(tdb.db, cluster, { userId, before, charged: outcome.charged });

    // The platform keeps working on the restarted server.
    const after = await submitBatch(client, 1, 1, 20);
    expect((await batchOutcome(client, tdb.db, after)).failed).toBe(0);
  }, 150_000);
});
