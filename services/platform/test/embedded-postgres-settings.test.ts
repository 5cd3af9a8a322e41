/**
 * The embedded server's settings: sized from the machine's memory within bounds, and really in
 * force on the server the test run started (the same startEmbeddedPostgres the platform uses).
 */
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { embeddedPostgresSettings, settingsFlags } from '../src/embedded-postgres-settings';

const GiB = 1024 ** 3;

describe('embedded PostgreSQL settings', () => {
  it('gives shared buffers a quarter of memory, at least 128 MB and at most 8 GB', () => {
    expect(embeddedPostgresSettings(24 * GiB, {}).shared_buffers).toBe('6144MB');
    expect(embeddedPostgresSettings(64 * GiB, {}).shared_buffers).toBe('8192MB');
    expect(embeddedPostgresSettings(2 * GiB, {}).shared_buffers).toBe('512MB');
    expect(embeddedPostgresSettings(0.25 * GiB, {}).shared_buffers).toBe('128MB');
    expect(settingsFlags({ max_wal_size: '4GB' })).toEqual(['-c', 'max_wal_size=4GB']);
  });

  it("takes the operator's EMBEDDED_PG_SHARED_BUFFERS_MB up to half the machine, and names it when refused", () => {
    const withSize = (raw: string, memory = 24 * GiB) => embeddedPostgresSettings(memory, { EMBEDDED_PG_SHARED_BUFFERS_MB: raw });
    expect(withSize('12288').shared_buffers).toBe('12288MB');
    expect(withSize('256').shared_buffers).toBe('256MB');
    expect(withSize('').shared_buffers).toBe('6144MB');
    for (const bad of ['12289', '127', '2GB', '1e4', '-512', '512.5']) {
      expect(() => withSize(bad)).toThrow(/^EMBEDDED_PG_SHARED_BUFFERS_MB must be a whole number of MB from 128 to 12288/);
    }
  });

  // An operator's own server (TEST_PG_ADMIN_URL) keeps its own settings: nothing to check there.
  it.skipIf(Boolean(process.env.TEST_PG_ADMIN_URL))('are in force on a server it started', async () => {
    const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await client.connect();
    try {
      const show = async (name: string) => (await client.query<Record<string, string>>(`SHOW ${name}`)).rows[0]![name];
      const wanted = embeddedPostgresSettings();
      expect(await show('max_wal_size')).toBe(wanted.max_wal_size);
      expect(await show('checkpoint_timeout')).toBe(wanted.checkpoint_timeout);
      const sharedMb = Number(wanted.shared_buffers.replace('MB', ''));
      expect(await show('shared_buffers')).toBe(sharedMb % 1024 === 0 ? `${sharedMb / 1024}GB` : `${sharedMb}MB`);
    } finally {
      await client.end();
    }
  });
});
