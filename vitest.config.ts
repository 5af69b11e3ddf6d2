import { defineConfig } from 'vitest/config';

/**
 * Unit, API and component tests. The server suite runs on PGlite, and once more on PostgreSQL
 * when TEST_DATABASE_URL is set (CI sets it).
 */
const serverProject = (driver: 'pglite' | 'postgres') => ({
  test: {
    name: `server:${driver}`,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    environment: 'node',
    env: { LABSHOP_TEST_DB: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
