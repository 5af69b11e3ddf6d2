import { z } from 'zod';
import { booleanField, enumField, numberField, urlField, type VarsOf } from './fields.ts';

/** The process and its HTTP side: where it listens, the origin visitors see, its log, shedding. */
export const serverFields = {
  NODE_ENV: enumField(['development', 'production', 'test'], { default: 'production' }),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  PORT: numberField({
    of: 'a port number',
    integer: true,
    min: 0,
    max: 65535,
    outOfRange: 'must be between 0 and 65535',
    default: 3000,
  }),
  PUBLIC_URL: urlField({ example: 'https://shop.example.com' }),
  LOG_LEVEL: enumField(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    error: 'must be one of fatal, error, warn, info, debug, trace, silent',
  }),
  TRUST_PROXY: booleanField({ default: false }),
  LOAD_SHED_CONCURRENCY: numberField({
    of: 'a number of requests',
    integer: true,
    min: 0,
    zeroMeans: 'off',
    max: 1000,
    default: 4,
  }),
  LOAD_SHED_CLIENT_RATE: numberField({
    of: 'a number of requests a second',
    min: 0,
    zeroMeans: 'no rate',
    max: 100_000,
    default: 25,
  }),
  LOAD_SHED_MAX_WAIT_MS: numberField({
    of: 'a number of milliseconds',
    integer: true,
    min: 100,
    max: 60_000,
    default: 2000,
  }),
};

export interface ServerSettings {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** The site origin as visitors see it: redirects, canonical URLs, cookies' Secure flag. */
  publicUrl: URL;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
  /**
   * Load shedding (http/load-shedding.ts, decision 011): expensive requests worked on at once
   * (0 turns queueing and shedding off), and the longest one waits for its turn.
   */
  loadShedding: { concurrency: number; maxWaitMs: number; clientRate: number };
}

export function serverSettings(vars: VarsOf<typeof serverFields>): ServerSettings {
  return {
    env: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    publicUrl: new URL(vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`),
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    loadShedding: {
      concurrency: vars.LOAD_SHED_CONCURRENCY,
      maxWaitMs: vars.LOAD_SHED_MAX_WAIT_MS,
      clientRate: vars.LOAD_SHED_CLIENT_RATE,
    },
  };
}
