/**
 * Document translation with S3-compatible storage (an s3rver in a child process): the upload
 * streams into the bucket, the document worker reads it and writes its work and the result
 * there (the work files go when the file is done), the result is downloaded from it, and a
 * refused upload leaves nothing in the bucket.
 */
import { startTestS3Server, type TestS3Server } from '@mtp/platform/storage-testing';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { download, uploadDocuments, waitForTask } from './doc-support';
import { buildTestGateway, type TestGateway } from './helper';

let s3: TestS3Server;
let gw: TestGateway;
beforeAll(async () => {
  s3 = await startTestS3Server('mtp-docs');
  gw = await buildTestGateway({ modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models'), s3Url: s3.url });
});
afterAll(async () => {
  await gw?.close();
  await s3?.stop();
});

async function keys(prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of gw.storage.list(prefix)) out.push(entry.key);
  return out.sort();
}

describe('documents on S3-compatible storage', () => {
  it('keeps the source and the result in the bucket and serves the result', async () => {
    expect(gw.storage.kind).toBe('s3');
    const { token } = await gw.registeredUser('s3docs@example.com');
    const created = await uploadDocuments(gw, token, [{ name: 'n.txt', bytes: Buffer.from('twenty one\n\nthirty eight') }]);
    expect(created.code, created.msg).toBe(20000);
    const task = await waitForTask(gw, token, created.data.task_id);
    const projectId = task.translate_list[0]!.projectId;
    // The file is done before its work files go (they are deleted after its state changed).
    const deadline = Date.now() + 10_000;
    while ((await keys(`docs/${created.data.task_id}/`)).some((k) => k.includes('/work/')) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await keys(`docs/${created.data.task_id}/`)).toEqual([
      `docs/${created.data.task_id}/${projectId}/result.txt`,
      `docs/${created.data.task_id}/${projectId}/source.txt`,
    ]);
    expect((await download(gw, token, projectId)).payload.split(/\r?\n/).filter(Boolean)).toEqual(['二十一', '三十八']);

    // Refused by the create call (an extension it does not take): nothing reaches the bucket.
    const refused = await uploadDocuments(gw, token, [{ name: 'x.exe', bytes: Buffer.from('MZ') }]);
    expect(refused.code).toBe(1205);
    expect((await keys('docs/')).filter((k) => !k.startsWith(`docs/${created.data.task_id}/`))).toEqual([]);
  });
});
