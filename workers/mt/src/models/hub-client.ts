/**
 * Fetches files from a Hugging Face-compatible hub (`{base}/{repo}/resolve/main/{file}`), or any
 * static mirror laid out the same way. The checksum each answer offers is kept: HF answers a
 * large (LFS) file with a redirect carrying `x-linked-etag` = the file's sha256, and a small
 * file with `etag` = its git blob sha1. Connection failures become one clear message. With
 * `idleTimeoutMs`, a request that gets no answer, or a body that stops flowing, for that long is
 * aborted, so a stalled hub cannot hold up whoever waits for the pull (the platform's start).
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ModelDownloadError } from '../errors';

export type OfferedChecksum = { algorithm: 'sha256' | 'git-sha1'; hex: string; source: 'x-linked-etag' | 'etag' } | undefined;

export type FetchedFile = {
  file: string;
  bytes: number;
  sha256: string;
  gitSha1: string;
  offered: OfferedChecksum;
  size: number | undefined;
};

export type HubOptions = {
  baseUrl: string;
  repo: string;
  token?: string;
  onProgress?: (file: string, done: number, total: number) => void;
  /** Abort a request after this long without an answer or a byte of body; none: wait. */
  idleTimeoutMs?: number;
};

/** Redirects to follow by hand (HF sends LFS files through one redirect to its CDN). */
const MAX_REDIRECTS = 5;

function reasonOf(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${cause.code}${cause.message ? ` (${cause.message})` : ''}` : (err as Error).message;
}

function parseEtag(value: string | null, source: 'x-linked-etag' | 'etag'): OfferedChecksum {
  const hex = value?.replace(/^W\//, '').replace(/"/g, '').trim().toLowerCase();
  if (!hex) return undefined;
  if (/^[0-9a-f]{64}$/.test(hex)) return { algorithm: 'sha256', hex, source };
  if (/^[0-9a-f]{40}$/.test(hex)) return { algorithm: 'git-sha1', hex, source };
  return undefined;
}

/** An AbortSignal that fires after `ms` without a `touch()`, its reason saying so. */
class IdleTimer {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  readonly signal = this.controller.signal;

  constructor(ms: number, what = 'no data for') {
    this.timer = setTimeout(() => this.controller.abort(new Error(`${what} ${ms / 1000} s`)), ms);
  }

  touch(): void {
    this.timer.refresh();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

export class HubClient {
  constructor(private readonly options: HubOptions) {}

  urlOf(file: string): string {
    return `${this.options.baseUrl}/${this.options.repo}/resolve/main/${file.split('/').map(encodeURIComponent).join('/')}`;
  }

  private async request(url: string, signal?: AbortSignal): Promise<Response> {
    try {
      return await fetch(url, {
        redirect: 'manual',
        headers: this.options.token ? { authorization: `Bearer ${this.options.token}` } : {},
        signal,
      });
    } catch (err) {
      const why = signal?.aborted ? reasonOf(signal.reason) : reasonOf(err);
      throw new ModelDownloadError(`cannot reach ${this.options.baseUrl}: ${why}; copy the model folder into MODELS_DIR instead`, {
        cause: err,
        reason: 'unreachable',
      });
    }
  }

  /**
   * Whether the hub answers at all within `timeoutMs` (any HTTP status counts: a 404 still
   * proves it is there); throws ModelDownloadError with reason `unreachable` otherwise.
   */
  async probe(file: string, timeoutMs: number): Promise<number> {
    const timer = new IdleTimer(timeoutMs, 'no answer within');
    try {
      const res = await this.request(this.urlOf(file), timer.signal);
      await res.body?.cancel();
      return res.status;
    } finally {
      timer.stop();
    }
  }

  /** Downloads `file` into `dir/file`; undefined when the hub has no such file (404). */
  async download(file: string, dir: string): Promise<FetchedFile | undefined> {
    const idle = this.options.idleTimeoutMs ? new IdleTimer(this.options.idleTimeoutMs) : undefined;
    try {
      return await this.fetchInto(file, dir, idle);
    } finally {
      idle?.stop();
    }
  }

  private async fetchInto(file: string, dir: string, idle: IdleTimer | undefined): Promise<FetchedFile | undefined> {
    let url = this.urlOf(file);
    let res = await this.request(url, idle?.signal);
    let offered: OfferedChecksum;
    let size: number | undefined;
    for (let hop = 0; res.status >= 300 && res.status < 400; hop++) {
      const location = res.headers.get('location');
      if (!location || hop >= MAX_REDIRECTS) throw new ModelDownloadError(`${url}: too many or empty redirects`);
      // The hub's own answer carries the LFS checksum; the CDN's answer does not.
      offered ??= parseEtag(res.headers.get('x-linked-etag'), 'x-linked-etag');
      size ??= Number(res.headers.get('x-linked-size')) || undefined;
      await res.body?.cancel();
      url = new URL(location, url).href;
      idle?.touch();
      res = await this.request(url, idle?.signal);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      const hint = res.status === 401 || res.status === 403 ? ' (a gated or private repo: set HF_TOKEN)' : '';
      throw new ModelDownloadError(`${this.urlOf(file)} answered HTTP ${res.status}${hint}`);
    }
    offered ??= parseEtag(res.headers.get('x-linked-etag'), 'x-linked-etag') ?? parseEtag(res.headers.get('etag'), 'etag');
    const length = Number(res.headers.get('content-length')) || undefined;
    size ??= length;
    const total = size ?? 0;
    const sha256 = createHash('sha256');
    // git blob id = sha1("blob <size>\0" + content); the size must be known before the content.
    const gitSha1 = total ? createHash('sha1').update(`blob ${total}\0`) : undefined;
    let bytes = 0;
    idle?.touch();
    const target = path.join(dir, file);
    await mkdir(path.dirname(target), { recursive: true });
    const meter = new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        sha256.update(chunk);
        gitSha1?.update(chunk);
        bytes += chunk.length;
        idle?.touch();
        this.options.onProgress?.(file, bytes, total);
        done(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(res.body as WebReadableStream), meter, createWriteStream(target));
    } catch (err) {
      // A hub that stopped sending counts as unreachable: the next file would stall the same way.
      const stalled = idle !== undefined && idle.signal.aborted;
      const why = stalled ? reasonOf(idle.signal.reason) : reasonOf(err);
      throw new ModelDownloadError(`download of ${file} from ${this.options.baseUrl} broke off: ${why}`, {
        cause: err,
        reason: stalled ? 'unreachable' : 'failed',
      });
    }
    return { file, bytes, sha256: sha256.digest('hex'), gitSha1: gitSha1?.digest('hex') ?? '', offered, size };
  }
}
