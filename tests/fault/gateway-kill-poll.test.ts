/**
 * Two gateway processes on one database, NATS server and storage folder, with an MT worker and
 * a document worker of their own. A batch of documents and an async text task are submitted
 * through gateway A, which is SIGKILLed while the client polls it; the client polls gateway B
 * from then on. Whatever A was doing for those tasks (results it was storing, progress it was
 * writing) is redelivered to B: everything finishes with the right output, charged once.
 */
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminUserId, charactersLeft, numberLines, unownedStoredFiles } from '../support/fault-cluster';
import { expectEndedCleanly, startFaultCluster, type FaultCluster } from '../support/fault-cluster-start';
import { useOwnNats, waitFor } from '../support/fault-support';

// Before the other hooks: the processes below need its URL.
const nats = useOwnNats();
let tdb: TestDatabase;
let cluster: FaultCluster;

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  // Why 3 s: A may die while storing a file; B's sweeper deletes that half-written part soon.
  cluster = await startFaultCluster({
    label: 'gwpoll',
    natsUrl: nats.url,
    tdb,
    gateways: 2,
    gatewaySettings: { ORPHAN_UPLOAD_AGE_S: '3' },
  });
}, 180_000);

afterAll(async () => {
  await cluster?.close();
  await tdb?.drop();
});

describe('a gateway SIGKILLed while its client polls', () => {
  it('leaves the documents and the text task to the other gateway: all finish, right output, charged once', async () => {
    const { client, gateways } = cluster;
    const [gatewayA, gatewayB] = [gateways[0]!, gateways[1]!];
    const userId = await adminUserId(tdb.db);
    const before = await charactersLeft(tdb.db, userId);
    const docs = [0, 1, 2].map((i) => ({ name: `numbers-${i}.txt`, ...numberLines(150, i) }));
    const text = numberLines(200);

    const created = await client.uploadTexts(docs);
    expect(created.code, created.msg).toBe(20000);
    const submitted = await client.submitText(text.text);
    expect(submitted.code, submitted.msg).toBe(20000);
    // The client polls A until the batch is under way, then A dies between two polls.
    await waitFor('the batch under way on A', async () => ((await client.queryDocs(created.data.task_id)).score > 0 ? true : undefined));
    gatewayA.child.kill('SIGKILL');
    await expect(fetch(`${gatewayA.api}/request_translate/doc/query?task_id=${created.data.task_id}`)).rejects.toThrow();

    client.api = gatewayB.api;
    const batch = await client.docsEnded(created.data.task_id);
    const textTask = await client.textEnded(submitted.data.task_id);

    expect(batch.translate_list.map((f) => [f.file_name, f.status])).toEqual(docs.map((d) => [d.name, 'done']));
    for (const file of batch.translate_list) {
      expect(await client.download(file.projectId)).toBe(docs.find((d) => d.name === file.file_name)!.translated);
    }
    expect(textTask).toMatchObject({ status: 'done', translated: text.translated });
    const { rows } = await tdb.db.query<{ results_received: number }>('SELECT results_received FROM text_tasks WHERE task_id = $1', [
      submitted.data.task_id,
    ]);
    // Delivery is at least once: a result A took and was killed before acking (or whose ack timed
    // out under load) comes again to B, and must change nothing: charged once, checked below.
    expect(rows[0]!.results_received).toBeGreaterThanOrEqual(1);
    // Charged once: the files' characters and the text's, nothing held open, nothing stray.
    const fileChars = batch.translate_list.reduce((n, f) => n + f.chars, 0);
    // A document's characters are its sentences' (line breaks are not translated, nor charged).
    expect(fileChars).toBe(docs.reduce((n, d) => n + d.text.replace(/\n/g, '').length, 0));
    // A killed mid-write leaves a `.tmp/*.part` that no row points at, until B's sweeper runs.
    // A killed right after ending a file left its work files: the repeated report B gets deletes them.
    let stray: string[] = [];
    await waitFor('no stray file', async () => {
      stray = await unownedStoredFiles(cluster.settings.storageDir, tdb.db);
      return stray.length === 0 ? true : undefined;
    }).catch((err: Error) => {
      throw new Error(`${err.message}: ${stray.join(', ')}`);
    });
    // A was killed on purpose: the others must still run.
    await expectEndedCleanly(tdb.db, cluster, { userId, before, charged: fileChars + text.text.length }, { processesAlive: false });
    expect(cluster.children.filter((c) => c.exitCode !== null || c.signalCode !== null)).toEqual([gatewayA.child]);
  }, 150_000);
});
