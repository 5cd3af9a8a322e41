import { LocalStorage } from './local-storage';
import type { ObjectStorage } from './port';
import { S3Storage, type S3StorageOptions } from './s3-storage';

export type CreateStorageOptions = {
  /** The STORAGE_DIR setting: the local root when no S3 URL is given. Default `.data/storage`. */
  storageDir?: string;
  /** The S3_URL setting (see s3-url.ts); when set it wins over storageDir. */
  s3Url?: string;
  /** S3 only: spool folder and list page size. */
  s3?: S3StorageOptions;
};

/** Default root, relative to the working directory (ignored by git and lint like the rest of `.data/`). */
export const DEFAULT_STORAGE_DIR = '.data/storage';

/** The object storage for this process: S3 when an S3 URL is set, otherwise a local directory. */
export function createStorage(opts: CreateStorageOptions = {}): ObjectStorage {
  if (opts.s3Url) return new S3Storage(opts.s3Url, opts.s3);
  return new LocalStorage(opts.storageDir || DEFAULT_STORAGE_DIR);
}
