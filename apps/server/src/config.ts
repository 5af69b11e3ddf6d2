import path from 'node:path';
import { z } from 'zod';

/**
 * The environment, parsed once at start. Every default is the embedded mode: `npm start` with
 * no configuration runs the whole shop with no outside service. README.md and .env.example
 * document each variable.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('production'),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  PUBLIC_URL: z
    .url({ error: 'must be an absolute URL such as https://shop.example.com' })
    .optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(200, 'must be at most 200')
    .default(10),
  SEED_DEMO_DATA: booleanFlag.default(true),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: booleanFlag.default(false),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** The site origin as visitors see it: redirects, canonical URLs, cookies' Secure flag. */
  publicUrl: URL;
  dataDir: string;
  uploadsDir: string;
  database:
    | { driver: 'pglite'; dataDir: string | null }
    | { driver: 'postgres'; url: string; poolSize: number };
  seedDemoData: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment; throws a ConfigError naming each wrong variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (FOO= in a .env file) means "not set", so the default applies.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const vars = parsed.data;
  const dataDir = path.resolve(vars.DATA_DIR);
  const publicUrl = new URL(vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`);
  return {
    env: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    publicUrl,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    database: vars.DATABASE_URL
      ? { driver: 'postgres', url: vars.DATABASE_URL, poolSize: vars.DATABASE_POOL_SIZE }
      : { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    seedDemoData: vars.SEED_DEMO_DATA,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
  };
}
