import path from 'node:path';
import { z } from 'zod';
import { booleanField, ConfigError, numberField, type VarsOf } from './fields.ts';

/** Where the data lives: DATA_DIR (PGlite and uploads) or PostgreSQL, and the processes on it. */
export const databaseFields = {
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: numberField({ integer: true, min: 1, max: 200, default: 10 }),
  WEB_CONCURRENCY: numberField({
    of: 'a number of server processes',
    integer: true,
    min: 1,
    max: 32,
    default: 1,
  }),
  SEED_DEMO_DATA: booleanField({ default: true }),
};

export interface DatabaseSettings {
  dataDir: string;
  uploadsDir: string;
  database:
    | { driver: 'pglite'; dataDir: string | null }
    | { driver: 'postgres'; url: string; poolSize: number };
  /**
   * Server processes sharing the port (node:cluster); above 1 only with PostgreSQL, since the
   * embedded database belongs to one process.
   */
  serverProcesses: number;
  seedDemoData: boolean;
}

export function databaseSettings(vars: VarsOf<typeof databaseFields>): DatabaseSettings {
  const dataDir = path.resolve(vars.DATA_DIR);
  return {
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    database: vars.DATABASE_URL
      ? { driver: 'postgres', url: vars.DATABASE_URL, poolSize: vars.DATABASE_POOL_SIZE }
      : { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    serverProcesses: serverProcesses(vars),
    seedDemoData: vars.SEED_DEMO_DATA,
  };
}

function serverProcesses(vars: VarsOf<typeof databaseFields>): number {
  if (vars.WEB_CONCURRENCY > 1 && !vars.DATABASE_URL) {
    throw new ConfigError([
      'WEB_CONCURRENCY: must be 1 with the embedded database (set DATABASE_URL to run more server processes)',
    ]);
  }
  return vars.WEB_CONCURRENCY;
}
