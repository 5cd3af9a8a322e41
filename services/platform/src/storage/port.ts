/**
 * The object-storage port: uploaded documents and translated results. Two adapters with the
 * same semantics, checked by one contract suite: a local directory (single machine, the
 * default) and an S3-compatible bucket (cluster).
 *
 * Keys are `/`-separated ASCII paths chosen by callers (`docs/<task>/<file>/source.docx`); see
 * `assertValidKey` for the rules both adapters enforce, so a key that works on one works on both.
 */
import type { Readable } from 'node:stream';

export type ObjectStorage = {
  readonly kind: 'local' | 's3';
  /**
   * Streams a body in; resolves with the byte count. Fails with StorageLimitError (nothing left
   * behind) when more than maxBytes arrive. Writes are atomic: a reader never sees half a file,
   * and a put over an existing key replaces it whole.
   */
  put(key: string, body: Readable | Buffer, opts?: PutOptions): Promise<{ bytes: number }>;
  /** The object's bytes; fails with StorageNotFoundError when missing. */
  get(key: string): Promise<Readable>;
  getBuffer(key: string): Promise<Buffer>;
  /** null when missing. */
  stat(key: string): Promise<ObjectStat | null>;
  /** Missing is fine. */
  delete(key: string): Promise<void>;
  /** Deletes every key starting with prefix (a plain string prefix, as in S3); resolves with the count. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * Every key starting with prefix. Order: ascending bytes on the local adapter and on AWS S3 /
   * MinIO; the test server s3rver lists `a/x` before `a-b`, so do not rely on order across
   * folders (keys within one folder come in order everywhere).
   */
  list(prefix: string): AsyncIterable<ObjectEntry>;
  /**
   * Deletes half-written puts not written to for `olderThanMs` (a process killed mid-put leaves its
   * temporary file in a shared folder); resolves with the count. Absent where a put leaves nothing
   * shared behind (S3 spools in the process's own temporary folder).
   */
  deleteStaleTemporaries?(olderThanMs: number): Promise<number>;
  close(): Promise<void>;
};

export type PutOptions = {
  /** More bytes than this fail the put with StorageLimitError. Default: no limit. */
  maxBytes?: number;
  /** Stored by S3 (served back on presigned/public reads); ignored by the local adapter. */
  contentType?: string;
};

export type ObjectStat = { bytes: number; modified: Date };
export type ObjectEntry = ObjectStat & { key: string };

export type StorageErrorCode = 'not_found' | 'too_large' | 'invalid_key' | 'invalid_config';

/** Base of the errors callers are expected to handle; `code` is stable, the message is for humans. */
export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'StorageError';
  }
}

/**
 * The disk under the storage is full (ENOSPC, or EDQUOT where a quota ran out); the put that met
 * it left nothing behind. Callers tell the user so (STORAGE_FULL) instead of retrying in vain.
 */
export function isStorageFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export class StorageNotFoundError extends StorageError {
  constructor(readonly key: string) {
    super('not_found', `No object stored under "${key}"`);
    this.name = 'StorageNotFoundError';
  }
}

export class StorageLimitError extends StorageError {
  constructor(
    readonly key: string,
    readonly maxBytes: number,
  ) {
    super('too_large', `"${key}" is larger than the limit of ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

export class InvalidKeyError extends StorageError {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super('invalid_key', `Invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidKeyError';
  }
}

/** S3's limit on key length (UTF-8 bytes; keys are ASCII so characters). */
const MAX_KEY_LENGTH = 1024;

/**
 * Rules shared by both adapters. Why each: `..`, `.` and leading `/` would escape or alias the
 * local root; backslashes are separators on Windows; control characters and non-ASCII break
 * logs, HTTP headers and Unicode-normalising filesystems; empty segments (`a//b`, trailing `/`)
 * mean different things to S3 and to a filesystem; a segment starting with `.` is reserved so
 * the local adapter can keep its temporary files (`.tmp/`) beside the objects.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidKeyError(key.slice(0, 40) + '…', `longer than ${MAX_KEY_LENGTH} characters`);
  checkCharacters(key, key);
  if (key.startsWith('/')) throw new InvalidKeyError(key, 'must not start with "/"');
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidKeyError(key, 'empty path segment ("//" or a trailing "/")');
    if (segment === '..' || segment === '.') throw new InvalidKeyError(key, `"${segment}" segments are not allowed`);
    if (segment.startsWith('.')) throw new InvalidKeyError(key, 'segments starting with "." are reserved');
  }
}

/**
 * A prefix is a key's beginning: the same characters, and no `..`, `.tmp` or leading `/` so it
 * can never name something outside the store or the local adapter's temporary files. The empty prefix (everything) is fine for list only.
 */
export function assertValidPrefix(prefix: string, { allowEmpty }: { allowEmpty: boolean }): void {
  if (typeof prefix !== 'string') throw new InvalidKeyError(String(prefix), 'not a string');
  if (prefix === '') {
    if (allowEmpty) return;
    throw new InvalidKeyError(prefix, 'an empty prefix would delete everything');
  }
  checkCharacters(prefix, prefix);
  if (prefix.startsWith('/')) throw new InvalidKeyError(prefix, 'must not start with "/"');
  // No key has a segment starting with "." so such a prefix could only reach reserved files (`.tmp/`).
  if (prefix.split('/').some((s) => s.startsWith('.'))) throw new InvalidKeyError(prefix, 'segments starting with "." are not allowed');
}

function checkCharacters(value: string, key: string): void {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) throw new InvalidKeyError(key, `control character at ${i}`);
    if (c > 0x7e) throw new InvalidKeyError(key, `non-ASCII character at ${i}`);
    if (c === 0x5c) throw new InvalidKeyError(key, 'backslashes are not allowed');
  }
}
