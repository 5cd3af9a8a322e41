/**
 * The NATS server restarted mid-batch: a suite-own nats-server with JetStream file storage runs
 * a gateway, an MT worker and a document worker (each its own process); while documents and
 * async text tasks are in flight the server is SIGKILLed, stays down a few seconds and starts
 * again on the same port and store. Nobody restarts the platform's processes: they reconnect by
 * themselves, their pull consumers resume, and every task ends done with the right output (or
 * failed with a message and refunded), charged once.
 */
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminUserId, batchOutcome, charactersLeft, submitBatch, useRestartableNats } from '../support/fault-cluster';
import { expectEndedCleanly, startFaultCluster, type FaultCluster } from '../support/fault-cluster-start';
import { waitFor } from '../support/fault-support';

/** Why 4 s: longer than a reconnect wait (2 s), so every client sees the server gone. */
const DOWN_MS = 4_000;
const nats = useRestartableNats();
let tdb: TestDatabase;
let cluster: FaultCluster;

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  cluster = await startFaultCluster({ label: 'natsrs', natsUrl: nats.url, tdb });
}, 180_000);

afterAll(async () => {
  await cluster?.close();
  await tdb?.drop();
});

describe('the NATS server restarted in the middle of a batch', () => {
  it('finishes every task by itself, each charged once, no process restarted', async () => {
    const { client } = cluster;
    const userId = await adminUserId(tdb.db);
    const before = await charactersLeft(tdb.db, userId);
    const batch = await submitBatch(client, 3, 3);
    await waitFor('the batch under way', async () => ((await client.queryDocs(batch.docTaskId)).score > 0 ? true : undefined));

    await nats.server!.halt('SIGKILL');
    await new Promise((r) => setTimeout(r, DOWN_MS));
    await nats.server!.resume();

    const outcome = await batchOutcome(client, tdb.db, batch);
    // A restart loses nothing: the jobs are on the server's disk, so everything is done.
    expect(outcome.failed).toBe(0);
    await expectEndedCleanly(tdb.db, cluster, { userId, before, charged: outcome.charged });

    // And the platform keeps working on the restarted server: a new batch goes through.
    const after = await submitBatch(client, 1, 1, 20);
    expect((await batchOutcome(client, tdb.db, after)).failed).toBe(0);
  }, 150_000);
});
