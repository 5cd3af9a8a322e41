/**
 * The local-directory adapter: key `a/b/c.docx` is the file `<root>/a/b/c.docx`. A put streams
 * into `<root>/.tmp/<random>.part` and renames it into place (same filesystem, so the rename is
 * atomic: readers see the old file or the new one, never half of one). No fsync: a machine crash
 * may lose recent puts, which the task pipeline redoes anyway.
 */
import { mkdir, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertValidKey,
  assertValidPrefix,
  StorageNotFoundError,
  type ObjectEntry,
  type ObjectStat,
  type ObjectStorage,
  type PutOptions,
} from './port';
import { readAll, spoolToFile, tempFileName } from './spool';

/** Reserved by assertValidKey (segments starting with "." are refused), so never a key. */
const TEMP_DIR = '.tmp';

export class LocalStorage implements ObjectStorage {
  readonly kind = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, body: Readable | Buffer, opts: PutOptions = {}): Promise<{ bytes: number }> {
    assertValidKey(key);
    const tempDir = path.join(this.root, TEMP_DIR);
    await mkdir(tempDir, { recursive: true });
    const temp = tempFileName(tempDir);
    const bytes = await spoolToFile(body, temp, key, opts.maxBytes);
    const target = this.pathOf(key);
    try {
      await this.moveIntoPlace(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return { bytes };
  }

  /** A concurrent deletePrefix may prune the folder between mkdir and rename: retry once. */
  private async moveIntoPlace(temp: string, target: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(temp, target);
        return;
      } catch (err) {
        if (errorCode(err) !== 'ENOENT' || attempt >= 2) throw err;
      }
    }
  }

  async get(key: string): Promise<Readable> {
    assertValidKey(key);
    // Open first so a missing key fails here, not later as a stream error.
    const handle = await open(this.pathOf(key), 'r').catch((err: unknown) => {
      throw isMissing(err) ? new StorageNotFoundError(key) : err;
    });
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new StorageNotFoundError(key);
    }
    return handle.createReadStream();
  }

  async getBuffer(key: string): Promise<Buffer> {
    return readAll(await this.get(key));
  }

  async stat(key: string): Promise<ObjectStat | null> {
    assertValidKey(key);
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { bytes: s.size, modified: s.mtime } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await unlink(this.pathOf(key));
    } catch (err) {
      // EISDIR/EPERM: the key names a folder of other keys, so there is no object to delete.
      if (isMissing(err) || errorCode(err) === 'EISDIR' || errorCode(err) === 'EPERM') return;
      throw err;
    }
    await this.pruneUpwards(path.dirname(this.pathOf(key)));
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertValidPrefix(prefix, { allowEmpty: false });
    let count = 0;
    const dirs = new Set<string>();
    for await (const entry of this.list(prefix)) {
      const file = this.pathOf(entry.key);
      try {
        await unlink(file);
        count++;
      } catch (err) {
        if (!isMissing(err)) throw err; // deleted concurrently: fine
      }
      dirs.add(path.dirname(file));
    }
    // Deepest first, so a parent is tried after its children are gone.
    for (const dir of [...dirs].sort((a, b) => b.length - a.length)) await this.pruneUpwards(dir);
    return count;
  }

  /**
   * Collected and sorted before yielding: a directory walk does not give S3's byte order of
   * whole keys (`a-b` sorts before `a/b`), and one task's prefix holds few enough files.
   */
  async *list(prefix: string): AsyncIterable<ObjectEntry> {
    assertValidPrefix(prefix, { allowEmpty: true });
    // Start at the deepest folder the prefix names completely.
    const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const keys: string[] = [];
    await this.walk(base, prefix, keys);
    keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const key of keys) {
      const s = await this.stat(key);
      if (s) yield { key, ...s }; // deleted meanwhile: skip
    }
  }

  async deleteStaleTemporaries(olderThanMs: number): Promise<number> {
    const dir = path.join(this.root, TEMP_DIR);
    const names = await readdir(dir).catch((err: unknown) => {
      if (isMissing(err)) return [] as string[];
      throw err;
    });
    let count = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      // A put under way writes on; only one whose writer is gone stops changing.
      const s = await stat(file).catch(() => null);
      if (!s?.isFile() || Date.now() - s.mtimeMs < olderThanMs) continue;
      await rm(file, { force: true });
      count++;
    }
    return count;
  }

  async close(): Promise<void> {}

  private async walk(dirKey: string, prefix: string, out: string[]): Promise<void> {
    let entries;
    try {
      entries = await readdir(dirKey ? this.pathOf(dirKey) : this.root, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err) || errorCode(err) === 'ENOTDIR') return;
      throw err;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue; // .tmp and anything not made by us
      const key = dirKey ? `${dirKey}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        // Descend only where keys below can still match the prefix.
        if (prefix.startsWith(`${key}/`) || key.startsWith(prefix)) await this.walk(key, prefix, out);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        out.push(key);
      }
    }
  }

  /** Removes empty folders from dir up to (not including) the root; stops at the first non-empty one. */
  private async pruneUpwards(dir: string): Promise<void> {
    while (dir.startsWith(this.root + path.sep)) {
      try {
        await rmdir(dir);
      } catch (err) {
        if (isMissing(err)) {
          dir = path.dirname(dir);
          continue;
        }
        return; // ENOTEMPTY (or a concurrent put refilled it): keep it
      }
      dir = path.dirname(dir);
    }
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...key.split('/'));
  }
}

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

function isMissing(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'ENOENT' || code === 'ENOTDIR';
}
