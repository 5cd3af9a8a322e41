/**
 * The S3-compatible adapter (`@aws-sdk/client-s3`, path-style, see s3-url.ts for S3_URL).
 *
 * Uploads: `@aws-sdk/lib-storage` (multipart) is not a dependency, and a single PutObject of a
 * stream needs its length up front. So a put spools the body to a temporary file while counting
 * it against maxBytes (memory stays flat for any size, an oversized upload never reaches the
 * bucket), then sends the file as a stream with ContentLength. PutObject is atomic in S3: a
 * reader sees the old object or the new one. Single PutObject caps objects at 5 GB.
 *
 * Listing pages through ListObjectsV2 continuation tokens; deletePrefix deletes each page with
 * one DeleteObjects call (at most 1000 keys, the S3 limit).
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertValidKey, assertValidPrefix, StorageError, StorageLimitError, StorageNotFoundError } from './port';
import type { ObjectEntry, ObjectStat, ObjectStorage, PutOptions } from './port';
import { parseS3Url, type S3Location } from './s3-url';
import { readAll, spoolToFile, tempFileName } from './spool';

export type S3StorageOptions = {
  /** Where puts spool their body; default the OS temporary folder. */
  spoolDir?: string;
  /** Keys per ListObjectsV2 page (S3 caps it at 1000); small values let tests cover paging. */
  pageSize?: number;
};

export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  readonly location: S3Location;
  private readonly client: S3Client;
  private readonly pageSize: number;
  private readonly spoolDir: string;

  constructor(s3Url: string, opts: S3StorageOptions = {}) {
    this.location = parseS3Url(s3Url);
    this.pageSize = Math.min(1000, Math.max(1, opts.pageSize ?? 1000));
    this.spoolDir = opts.spoolDir ?? os.tmpdir();
    this.client = new S3Client({
      endpoint: this.location.endpoint,
      region: this.location.region,
      credentials: this.location.credentials,
      forcePathStyle: true,
      // Why: since 2025 the SDK adds CRC checksums to every upload by default (streamed bodies
      // become aws-chunked with trailers), which many S3-compatible servers reject or store
      // verbatim. Checksums only where the API demands them (DeleteObjects).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable | Buffer, opts: PutOptions = {}): Promise<{ bytes: number }> {
    assertValidKey(key);
    if (Buffer.isBuffer(body)) {
      // Already in memory: its length is known, nothing to spool.
      if (opts.maxBytes !== undefined && body.length > opts.maxBytes) throw new StorageLimitError(key, opts.maxBytes);
      const input = { ...this.target(key), Body: body, ContentLength: body.length, ContentType: opts.contentType };
      await this.call(key, () => this.client.send(new PutObjectCommand(input)));
      return { bytes: body.length };
    }
    const dir = await mkdtemp(path.join(this.spoolDir, 'mtp-s3-spool-'));
    try {
      const file = tempFileName(dir);
      const bytes = await spoolToFile(body, file, key, opts.maxBytes);
      const input = { ...this.target(key), Body: createReadStream(file), ContentLength: bytes, ContentType: opts.contentType };
      await this.call(key, () => this.client.send(new PutObjectCommand(input)));
      return { bytes };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async get(key: string): Promise<Readable> {
    assertValidKey(key);
    const out = await this.call(key, () => this.client.send(new GetObjectCommand(this.target(key))));
    // In Node the SDK's body is an http.IncomingMessage (a Readable) with helper methods mixed in.
    if (!(out.Body instanceof Readable)) throw new StorageError('not_found', `S3 returned no body for "${key}"`);
    return out.Body;
  }

  async getBuffer(key: string): Promise<Buffer> {
    return readAll(await this.get(key));
  }

  async stat(key: string): Promise<ObjectStat | null> {
    assertValidKey(key);
    try {
      const out = await this.call(key, () => this.client.send(new HeadObjectCommand(this.target(key))));
      return { bytes: out.ContentLength ?? 0, modified: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (err instanceof StorageNotFoundError) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // S3 answers 204 for a missing key as well.
    await this.call(key, () => this.client.send(new DeleteObjectCommand(this.target(key))));
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertValidPrefix(prefix, { allowEmpty: false });
    let count = 0;
    // Deleting while paging is safe: each page's continuation token points past its last key.
    for await (const page of this.pages(prefix)) {
      if (page.length === 0) continue;
      const out = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.location.bucket,
          Delete: { Objects: page.map((e) => ({ Key: this.location.keyPrefix + e.key })), Quiet: true },
        }),
      );
      const failed = out.Errors ?? [];
      if (failed.length) throw new StorageError('not_found', `S3 refused to delete ${failed.length} objects: ${failed[0]?.Message ?? ''}`);
      count += page.length;
    }
    return count;
  }

  async *list(prefix: string): AsyncIterable<ObjectEntry> {
    assertValidPrefix(prefix, { allowEmpty: true });
    for await (const page of this.pages(prefix)) yield* page;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private async *pages(prefix: string): AsyncGenerator<ObjectEntry[]> {
    const { bucket, keyPrefix } = this.location;
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: keyPrefix + prefix, MaxKeys: this.pageSize, ContinuationToken: token }),
      );
      yield (out.Contents ?? []).map((o) => ({
        key: (o.Key ?? '').slice(keyPrefix.length),
        bytes: o.Size ?? 0,
        modified: o.LastModified ?? new Date(0),
      }));
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }

  private target(key: string): { Bucket: string; Key: string } {
    return { Bucket: this.location.bucket, Key: this.location.keyPrefix + key };
  }

  /** Runs a single-key request, turning S3's "no such key" answers into StorageNotFoundError. */
  private async call<T>(key: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      // HEAD answers carry no body, so a missing key shows only as a bare 404 ('NotFound').
      const missing = e.name === 'NoSuchKey' || e.name === 'NotFound' || (e.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket');
      if (missing) throw new StorageNotFoundError(key);
      throw err;
    }
  }
}
