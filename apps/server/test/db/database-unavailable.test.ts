import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/client.ts';
import { freePort } from '../support/helper.ts';

/**
 * Which database errors are "try again in a moment" (503) rather than a server fault (500): the
 * fast half of hardening/database-faults.test.ts, which stops a real PostgreSQL server.
 */
describe('isDatabaseUnavailable', () => {
  it('says yes for a server that refuses connections, as node-postgres reports it', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/none`,
      connectionTimeoutMillis: 2000,
    });
    try {
      const error = await pool.query('select 1').then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
      // Wrapped, as the ORM wraps a failed query.
      expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: error }))).toBe(
        true,
      );
    } finally {
      await pool.end();
    }
  });

  it('says yes for shutdown and connection codes, no for errors in the query or its data', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['23505', '42P01', '22P02', '40001']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
