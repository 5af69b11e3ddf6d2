import { defineConfig } from 'vitest/config';

/**
 * The long hardening tests (`npm run test:hardening`, not `npm test`): faults injected into real
 * processes, a private PostgreSQL server stopped and started, SIGKILL and SIGTERM under load.
 * They start servers and databases of their own, so the files run one at a time.
 */
export default defineConfig({
  test: {
    name: 'hardening',
    root: './apps/server',
    include: ['hardening/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    environment: 'node',
    env: { LABSHOP_TEST_DB: 'pglite' },
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
