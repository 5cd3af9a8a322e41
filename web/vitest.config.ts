import { defineConfig } from 'vitest/config';

// Tests cover pure logic (API client, crypto, i18n, navigation rules) and server-side renders;
// no DOM emulation is installed, so they run in Node.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
