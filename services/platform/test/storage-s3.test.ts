/**
 * What only the S3 adapter does: the S3_URL format, a key prefix shared bucket, content types,
 * and the spool folder left empty, against s3rver in a child process.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, parseS3Url, S3Storage, StorageError, StorageLimitError } from '../src/storage';
import { startTestS3Server, type TestS3Server } from '../src/storage/testing';

describe('S3_URL', () => {
  it('carries endpoint, credentials, bucket, key prefix and region', () => {
    expect(parseS3Url('https://AKIA1:se%2Fcr%2Bet@s3.example.com:9000/media/prod/mtp?region=eu-west-3')).toEqual({
      endpoint: 'https://s3.example.com:9000',
      bucket: 'media',
      keyPrefix: 'prod/mtp/',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'se/cr+et' },
    });
    expect(parseS3Url('http://127.0.0.1:4569/bucket')).toEqual({
      endpoint: 'http://127.0.0.1:4569',
      bucket: 'bucket',
      keyPrefix: '',
      region: 'us-east-1',
      credentials: undefined,
    });
  });

  it('refuses malformed URLs without echoing the secret', () => {
    for (const bad of ['not a url', 'ftp://a:topsecret@host/b', 'http://a:topsecret@host/', 'http://a@host/b']) {
      let error: unknown;
      try {
        parseS3Url(bad);
      } catch (err) {
        error = err;
      }
      expect(error, bad).toBeInstanceOf(StorageError);
      expect(error).toMatchObject({ code: 'invalid_config' });
      expect((error as Error).message).not.toContain('topsecret');
    }
  });
});

describe('S3 storage', () => {
  let server: TestS3Server;
  let spoolDir: string;
  let raw: S3Client;

  beforeAll(async () => {
    server = await startTestS3Server('shared');
    spoolDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-spool-'));
    const loc = parseS3Url(server.url);
    raw = new S3Client({ endpoint: loc.endpoint, region: loc.region, credentials: loc.credentials, forcePathStyle: true });
  });
  afterAll(async () => {
    raw?.destroy();
    await server?.stop();
    await rm(spoolDir, { recursive: true, force: true });
  });

  it('is what createStorage gives when an S3 URL is set, even with a storage folder', async () => {
    const storage = createStorage({ s3Url: server.url, storageDir: spoolDir });
    expect(storage.kind).toBe('s3');
    expect(storage).toBeInstanceOf(S3Storage);
    await storage.close();
  });

  it('keeps deployments sharing a bucket apart by the key prefix of their URLs', async () => {
    const base = server.url.replace('?', '/deploy-a?');
    const a = new S3Storage(base);
    const b = new S3Storage(server.url.replace('?', '/deploy-b?'));
    await a.put('docs/x.txt', Buffer.from('from a'), { contentType: 'text/plain; charset=utf-8' });
    await b.put('docs/x.txt', Buffer.from('from b'));
    expect((await a.getBuffer('docs/x.txt')).toString()).toBe('from a');
    expect(await b.deletePrefix('docs/')).toBe(1);
    expect((await a.getBuffer('docs/x.txt')).toString()).toBe('from a');

    const listed = await raw.send(new ListObjectsV2Command({ Bucket: 'shared', Prefix: 'deploy-' }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['deploy-a/docs/x.txt']);
    const head = await raw.send(new HeadObjectCommand({ Bucket: 'shared', Key: 'deploy-a/docs/x.txt' }));
    expect(head.ContentType).toBe('text/plain; charset=utf-8');
    await Promise.all([a.close(), b.close()]);
  });

  it('spools streamed bodies in its spool folder and leaves it empty, after success or failure', async () => {
    const storage = new S3Storage(server.url, { spoolDir });
    await storage.put('spool/ok', Readable.from([Buffer.alloc(1000, 1)]));
    await expect(
      storage.put('spool/big', Readable.from([Buffer.alloc(1000), Buffer.alloc(1000)]), { maxBytes: 1500 }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    expect(await readdir(spoolDir)).toEqual([]);
    expect((await storage.stat('spool/ok'))?.bytes).toBe(1000);
    expect(await storage.stat('spool/big')).toBeNull();
    await storage.close();
  });

  it('reports a missing bucket as an error, not as a missing key', async () => {
    const storage = new S3Storage(server.url.replace('/shared?', '/no-such-bucket?'));
    await expect(storage.getBuffer('x')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await storage.close();
  });
});
