import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{proto,gateway,services,workers,web,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['./tests/support/global-setup.ts', './tests/support/nats-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
