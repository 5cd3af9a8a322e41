/**
 * Backups on a real PostgreSQL and a real storage folder: a backup restored into an EMPTY
 * database gives back every row (compared value by value, not only counted), every sequence and
 * every stored file (checksums); restored into the CURRENT database after changes it brings the
 * old rows and files back and leaves the backups list alone; a dump that fails leaves no
 * archive and a failed row, never a good-looking backup.
 */
import { createBus, type Bus } from '@mtp/platform';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBackup, insertBackup, listBackups, makeBackup, restoreArchive, RestoreRefusedError } from '../../src';
import { allFixtureMigrations, openSite, seedRows, snapshotOf, storedChecksums, type Site } from './backup-fixture';

let source: Site;
let bus: Bus;
beforeAll(async () => {
  source = await openSite({ migrate: true });
  bus = await createBus({});
  await seedRows(source.tdb.db, 30);
  await source.storage.put('docs/t1/f1/source.docx', Buffer.from('a document'));
  await source.storage.put('docs/t1/f1/result.docx', Buffer.alloc(300_000, 7));
  await source.storage.put(`logos/${'long-name-'.repeat(15)}.png`, Buffer.from([1, 2, 3]));
});
afterAll(async () => {
  await bus?.close();
  await source?.close();
});

async function backupOf(site: Site) {
  const row = (await insertBackup(site.tdb.db, { trigger: 'manual', createdBy: 'test' }))!;
  const status = await makeBackup({ db: site.tdb.db, storage: site.storage, platformVersion: 'test' }, row);
  return { status, row: (await findBackup(site.tdb.db, row.backup_id))! };
}

describe('backup and restore', () => {
  it('restores into an empty database every row, sequence and stored file', async () => {
    const before = await snapshotOf(source.tdb.db);
    const files = await storedChecksums(source.storage);
    const { status, row } = await backupOf(source);
    expect(status, row.error).toBe('done');
    expect(row).toMatchObject({ phase: 'done', files_done: 3, files_total: 3 });
    expect(row.bytes_done).toBe((await source.storage.stat(row.object_key))!.bytes);

    const target = await openSite({ migrate: false });
    try {
      const manifest = await restoreArchive({
        db: target.tdb.db,
        storage: target.storage,
        migrations: await allFixtureMigrations(),
        source: await source.storage.get(row.object_key),
        allowNonEmpty: false,
      });
      expect(manifest.tables.find((t) => t.name === 'people')!.rows).toBe(30);
      expect(await snapshotOf(target.tdb.db)).toEqual(before);
      expect(await storedChecksums(target.storage)).toEqual(files);
      // The backups list describes archives, which are not in archives.
      expect((await listBackups(target.tdb.db)).total).toBe(0);
      // A second restore into what is now a full database is refused unless told.
      await expect(
        restoreArchive({
          db: target.tdb.db,
          storage: target.storage,
          migrations: await allFixtureMigrations(),
          source: await source.storage.get(row.object_key),
          allowNonEmpty: false,
        }),
      ).rejects.toBeInstanceOf(RestoreRefusedError);
    } finally {
      await target.close();
    }
  });

  it('restores into the current database after changes: the old rows and files come back, the list stays', async () => {
    const before = await snapshotOf(source.tdb.db);
    const files = await storedChecksums(source.storage);
    const { row } = await backupOf(source);
    // Changes after the backup: rows added, changed and deleted, a file added and one removed.
    await seedRows(source.tdb.db, 5);
    await source.tdb.db.query(`UPDATE people SET name = 'changed' WHERE id = 1`);
    await source.tdb.db.query(`DELETE FROM notes WHERE note_id = 2`);
    await source.storage.put('docs/t2/new.txt', Buffer.from('after the backup'));
    await source.storage.delete('docs/t1/f1/source.docx');
    const listed = (await listBackups(source.tdb.db)).total;

    await restoreArchive({
      db: source.tdb.db,
      storage: source.storage,
      migrations: await allFixtureMigrations(),
      source: await source.storage.get(row.object_key),
      allowNonEmpty: true,
    });
    expect(await snapshotOf(source.tdb.db)).toEqual(before);
    expect(await storedChecksums(source.storage)).toEqual(files);
    expect((await listBackups(source.tdb.db)).total).toBe(listed);
    expect(await source.storage.stat(row.object_key)).not.toBeNull();
  });

  it('refuses a damaged archive and changes nothing', async () => {
    const { row } = await backupOf(source);
    const before = await snapshotOf(source.tdb.db);
    const whole = await source.storage.getBuffer(row.object_key);
    const cut = whole.subarray(0, Math.floor(whole.length * 0.9));
    await expect(
      restoreArchive({
        db: source.tdb.db,
        storage: source.storage,
        migrations: await allFixtureMigrations(),
        source: Readable.from([cut]),
        allowNonEmpty: true,
      }),
    ).rejects.toThrow();
    expect(await snapshotOf(source.tdb.db)).toEqual(before);
  });

  it('a dump that fails leaves a failed row and no archive', async () => {
    // A role that may read every table but one: the dump fails on the real server's refusal.
    const { tdb } = source;
    const role = `limited_${Date.now()}`;
    await tdb.db.query(`CREATE ROLE ${role} LOGIN PASSWORD 'limited-pw'`);
    await tdb.db.query(`GRANT USAGE ON SCHEMA public TO ${role}; GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO ${role}`);
    await tdb.db.query(`GRANT SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}; REVOKE SELECT ON notes FROM ${role}`);
    const url = new URL(tdb.url);
    url.username = role;
    url.password = 'limited-pw';
    const { createPool } = await import('@mtp/platform');
    const limited = createPool(url.toString(), 2);
    try {
      const row = (await insertBackup(tdb.db, { trigger: 'manual', createdBy: 'test' }))!;
      const status = await makeBackup({ db: limited, storage: source.storage, platformVersion: 'test' }, row);
      expect(status).toBe('failed');
      const failed = (await findBackup(tdb.db, row.backup_id))!;
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(/permission denied/);
      expect(failed.finished_at).not.toBeNull();
      expect(await source.storage.stat(row.object_key)).toBeNull();
    } finally {
      await limited.end();
      await tdb.db.query(`REASSIGN OWNED BY ${role} TO CURRENT_USER; DROP OWNED BY ${role}; DROP ROLE ${role}`);
    }
  });
});
