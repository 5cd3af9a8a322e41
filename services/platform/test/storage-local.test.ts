/**
 * What only the local-directory adapter does: keys are plain files under the root, temporary
 * files stay in `.tmp/` and vanish on failure, and deletes prune the folders they empty.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStorage, LocalStorage, StorageLimitError } from '../src/storage';

let root: string;
let storage: LocalStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'mtp-local-storage-'));
  storage = new LocalStorage(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Every file and folder under dir, relative, sorted. */
async function tree(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).sort();
}

describe('local storage', () => {
  it('is what createStorage gives without an S3 URL', async () => {
    const a = createStorage({ storageDir: root });
    const b = createStorage({ storageDir: root, s3Url: '' });
    expect(a.kind).toBe('local');
    expect(b).toBeInstanceOf(LocalStorage);
    expect((b as LocalStorage).root).toBe(root);
  });

  it('keeps each key as a plain file under the root', async () => {
    await storage.put('docs/task1/file1/source.docx', Buffer.from('PK\u0003\u0004'));
    expect(await readFile(path.join(root, 'docs', 'task1', 'file1', 'source.docx'), 'latin1')).toBe('PK\u0003\u0004');
  });

  it('removes the temporary file of a failed put and never lists .tmp or hidden files', async () => {
    await expect(
      storage.put('docs/t/big', Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('docs/t/broken', failing)).rejects.toThrow('client went away');
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    expect(await tree(root)).toEqual(['.tmp']);

    await writeFile(path.join(root, '.tmp', 'stray.part'), 'x');
    await mkdir(path.join(root, 'docs'));
    await writeFile(path.join(root, 'docs', '.DS_Store'), 'x');
    await storage.put('docs/real', Buffer.from('y'));
    const keys = [];
    for await (const entry of storage.list('')) keys.push(entry.key);
    expect(keys).toEqual(['docs/real']);
  });

  it('prunes the folders that deletePrefix and delete leave empty, and keeps the others', async () => {
    await storage.put('docs/task1/f1/source.docx', Buffer.from('1'));
    await storage.put('docs/task1/f1/result.docx', Buffer.from('2'));
    await storage.put('docs/task1/f2/source.docx', Buffer.from('3'));
    await storage.put('docs/task2/f1/source.docx', Buffer.from('4'));
    await storage.put('other/x', Buffer.from('5'));

    await expect(storage.deletePrefix('docs/task1/')).resolves.toBe(3);
    expect((await tree(root)).filter((p) => !p.startsWith('.tmp'))).toEqual([
      'docs',
      path.join('docs', 'task2'),
      path.join('docs', 'task2', 'f1'),
      path.join('docs', 'task2', 'f1', 'source.docx'),
      'other',
      path.join('other', 'x'),
    ]);
    await storage.delete('docs/task2/f1/source.docx');
    expect((await tree(root)).filter((p) => !p.startsWith('.tmp'))).toEqual(['other', path.join('other', 'x')]);
  });

  it('lists an empty or missing root as nothing', async () => {
    const missing = new LocalStorage(path.join(root, 'not-yet'));
    const keys = [];
    for await (const entry of missing.list('')) keys.push(entry);
    expect(keys).toEqual([]);
    await expect(missing.deletePrefix('docs/')).resolves.toBe(0);
    expect(await missing.stat('docs/x')).toBeNull();
    await expect(missing.deleteStaleTemporaries(0)).resolves.toBe(0);
  });

  it('deletes the temporary files of puts cut off mid-way once they stop changing', async () => {
    // What a process killed in the middle of a put leaves: a part nobody will rename.
    await storage.put('docs/t/f/source.txt', Buffer.from('kept'));
    await writeFile(path.join(root, '.tmp', 'cut-off.part'), 'half a body');
    expect(await storage.deleteStaleTemporaries(60_000)).toBe(0);
    expect(await tree(path.join(root, '.tmp'))).toEqual(['cut-off.part']);
    expect(await storage.deleteStaleTemporaries(0)).toBe(1);
    expect(await tree(path.join(root, '.tmp'))).toEqual([]);
    expect(await storage.getBuffer('docs/t/f/source.txt')).toEqual(Buffer.from('kept'));
  });
});
