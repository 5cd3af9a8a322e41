/**
 * An embedded database that cannot start says why, in words a person can act on: its folder is
 * in use by a running server, or (as root, where the server runs as `postgres`) a folder above it
 * is closed to others. Without these checks the library rejected with `undefined`, or hung.
 */
import { mkdtemp, mkdir, rm, chmod, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkEmbeddedPostgresCanStart } from '../src/embedded-postgres-checks';

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-pgcheck-'));
  made.push(dir);
  await chmod(dir, 0o755);
  await mkdir(path.join(dir, 'pg'));
  return dir;
}

describe('checkEmbeddedPostgresCanStart', () => {
  it('names the running server that holds the folder, and lets a stale pid file pass', async () => {
    const dir = await dataDir();
    await writeFile(path.join(dir, 'pg', 'postmaster.pid'), `${process.pid}\n${dir}/pg\n`);
    expect(() => checkEmbeddedPostgresCanStart(path.join(dir, 'pg'))).toThrow(
      new RegExp(`in use by another process \\(PostgreSQL pid ${process.pid}\\)`),
    );
    await writeFile(path.join(dir, 'pg', 'postmaster.pid'), '999999999\n');
    expect(() => checkEmbeddedPostgresCanStart(path.join(dir, 'pg'))).not.toThrow();
  });

  it.runIf(process.getuid?.() === 0)('as root, names a folder above the data that others cannot pass through', async () => {
    const dir = await dataDir();
    await chmod(dir, 0o700);
    expect(() => checkEmbeddedPostgresCanStart(path.join(dir, 'pg'))).toThrow(new RegExp(`cannot enter ${dir}.*chmod o\\+x`));
    await chmod(dir, 0o755);
    expect(() => checkEmbeddedPostgresCanStart(path.join(dir, 'pg'))).not.toThrow();
  });
});
