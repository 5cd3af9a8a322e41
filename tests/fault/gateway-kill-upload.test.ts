/**
 * Two gateway processes on one database, NATS server and storage folder, with an MT worker and
 * a document worker. A large document (a Word file carrying 3 MB of picture bytes) is streamed
 * slowly into gateway A, which is SIGKILLed while the body is half sent. The client gets an
 * error; no task row is written, nothing is reserved or charged, and the half-written upload
 * A left in the shared folder is deleted by the recovery sweeper (ORPHAN_UPLOAD_AGE_S, short
 * here). The same upload to gateway B then completes and is charged once.
 */
import { findReservation } from '@mtp/billing';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { REPO_ROOT } from '@mtp/gateway';
import { unzipSync, zipSync } from 'fflate';
import { randomBytes } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminUserId, charactersLeft, ClusterClient, openReservations, unownedStoredFiles } from '../support/fault-cluster';
import { startFaultCluster, type FaultCluster } from '../support/fault-cluster-start';
import { useOwnNats, waitFor } from '../support/fault-support';

const nats = useOwnNats();
let tdb: TestDatabase;
let cluster: FaultCluster;

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  // Why 3 s: the upload below never pauses that long, and the sweep after the kill comes soon.
  cluster = await startFaultCluster({ label: 'gwup', natsUrl: nats.url, tdb, gateways: 2, gatewaySettings: { ORPHAN_UPLOAD_AGE_S: '3' } });
}, 180_000);

afterAll(async () => {
  await cluster?.close();
  await tdb?.drop();
});

/** A Word file with a line of text and 3 MB of incompressible bytes the translation leaves alone. */
async function largeDocument(): Promise<Uint8Array> {
  const entries = unzipSync(await readFile(path.join(REPO_ROOT, 'workers/doc/fixtures/ooxml/comments.docx')));
  entries['word/media/padding.bin'] = new Uint8Array(randomBytes(3 * 1024 * 1024));
  return zipSync(entries, { level: 0 });
}

/** The bytes of `.tmp/*.part` files in the storage folder: a put under way. */
async function partBytes(): Promise<number> {
  const dir = path.join(cluster.settings.storageDir, '.tmp');
  const names = await readdir(dir).catch(() => [] as string[]);
  const sizes = await Promise.all(
    names.map((n) =>
      stat(path.join(dir, n)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/**
 * Starts a multipart upload of `file` to `api` and sends its first `sendFirst` bytes in small
 * pieces; `rest()` sends the remainder. `answer` settles with the response or the error.
 */
function slowUpload(api: string, file: Uint8Array, sendFirst: number) {
  const boundary = `----mtp${randomBytes(8).toString('hex')}`;
  const fields = Object.entries({ src_lang: 'en-us', tgt_lang: 'zh-cn', mode: '0' })
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="large.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const body = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const req = http.request(`${api}/request_translate/doc/create`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${cluster.client.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
    },
  });
  const answer = new Promise<string>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += String(d)));
      res.on('end', () => resolve(text));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  answer.catch(() => {});
  const sent = (async () => {
    for (let at = 0; at < sendFirst; at += 64 * 1024) {
      if (req.destroyed) return;
      req.write(body.subarray(at, Math.min(at + 64 * 1024, sendFirst)));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return { answer, sent, rest: () => req.end(body.subarray(sendFirst)) };
}

describe('a gateway SIGKILLed in the middle of a document upload', () => {
  it('leaves no task, no charge and no stray file; the same upload to the other gateway completes, charged once', async () => {
    const [gatewayA, gatewayB] = [cluster.gateways[0]!, cluster.gateways[1]!];
    const { storageDir } = cluster.settings;
    const { token } = cluster.client;
    const userId = await adminUserId(tdb.db);
    const before = await charactersLeft(tdb.db, userId);
    const file = await largeDocument();

    const upload = slowUpload(gatewayA.api, file, Math.floor(file.length / 2));
    // The kill lands while A is writing the body into the shared folder.
    await waitFor('A storing the upload', async () => ((await partBytes()) > 512 * 1024 ? true : undefined), 60_000);
    gatewayA.child.kill('SIGKILL');
    await expect(upload.answer).rejects.toThrow();
    await upload.sent;

    const { rows } = await tdb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM doc_tasks');
    expect(rows[0]!.n).toBe(0);
    expect(await charactersLeft(tdb.db, userId)).toBe(before);
    expect(await openReservations(tdb.db)).toEqual([]);
    // What A was writing is still there at first: a file that no row points at...
    expect((await unownedStoredFiles(storageDir, tdb.db)).length).toBeGreaterThan(0);
    // ...until B's recovery sweeper deletes it.
    await waitFor('the half-written upload deleted', async () =>
      (await unownedStoredFiles(storageDir, tdb.db)).length === 0 ? true : undefined,
    );

    const client = new ClusterClient(gatewayB.api, token);
    await client.pairServed();
    const form = new FormData();
    for (const [name, value] of Object.entries({ src_lang: 'en-us', tgt_lang: 'zh-cn', mode: '0' })) form.append(name, value);
    form.append('files', new Blob([Buffer.from(file)]), 'large.docx');
    const created = await client.call<{ task_id: string }>('request_translate/doc/create', { method: 'POST', body: form });
    expect(created.code, created.msg).toBe(20000);
    const task = await client.docsEnded(created.data.task_id);
    const done = task.translate_list[0]!;
    expect(done.status).toBe('done');
    const res = await fetch(`${gatewayB.api}/request_translate/doc/download/${done.projectId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // The padding came through untouched.
    expect(unzipSync(new Uint8Array(await res.arrayBuffer()))['word/media/padding.bin']?.length).toBe(3 * 1024 * 1024);
    expect((await findReservation(tdb.db, done.projectId))?.state).toBe('settled');
    expect(before - (await charactersLeft(tdb.db, userId))).toBe(done.chars);
    expect(await unownedStoredFiles(storageDir, tdb.db)).toEqual([]);
  }, 150_000);
});
