/**
 * The first administrator when several gateway replicas start together on an empty database (a
 * Kubernetes rollout): exactly one replica creates it and prints its generated password, and that
 * password is the one stored. Without the bootstrap lock, a losing replica printed a password of
 * its own that could never log in.
 */
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { runMigrations } from '@mtp/platform';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROLES } from '@mtp/proto';
import { accountsMigrations, bootstrapAccounts } from '../src/index';
import { verifyPassword } from '../src/password-crypto';

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  await runMigrations(tdb.db, await accountsMigrations());
});
afterAll(async () => {
  await tdb?.drop();
});

describe('bootstrapAccounts', () => {
  it('creates one administrator when replicas start at once, and the printed password is the stored one', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => bootstrapAccounts(tdb.db, {})));
    const created = results.filter((r) => r.created);
    expect(created).toHaveLength(1);
    expect(results.filter((r) => r.password !== null)).toHaveLength(1);
    const { rows } = await tdb.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE role = $1', [ROLES.ADMIN]);
    expect(rows).toHaveLength(1);
    expect(await verifyPassword(rows[0]!.password_hash, created[0]!.password!)).toBe(true);
  });
});
