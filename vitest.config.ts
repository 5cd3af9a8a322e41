import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one fork fewer than the cores: a single fork on a two-core CI machine,
// while most suites wait on PostgreSQL, LibreOffice, Chromium or a worker process. Two forks at
// least (suites share no state: each has its own database, storage folder, port and, where a
// whole platform runs on NATS, its own NATS server), at most four.
const forks = Math.min(4, Math.max(2, availableParallelism()));

export default defineConfig({
  test: {
    include: ['{proto,gateway,services,workers,web,tests,client,browser-plugin,office-addin}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['./tests/support/global-setup.ts', './tests/support/nats-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: forks,
    minWorkers: 1,
  },
});
