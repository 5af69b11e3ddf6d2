import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.ts';

describe('loadConfig: database', () => {
  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://shop@db:5432/shop' });
    expect(config.database).toEqual({
      driver: 'postgres',
      url: 'postgres://shop@db:5432/shop',
      poolSize: 10,
    });
  });

  it('runs one server process unless WEB_CONCURRENCY asks for more, with PostgreSQL only', () => {
    expect(loadConfig({}).serverProcesses).toBe(1);
    const postgres = { DATABASE_URL: 'postgres://shop@db:5432/shop' };
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '2' }).serverProcesses).toBe(2);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: must be 1 with the embedded database/,
    );
    for (const wrong of ['0', '1.5', 'many', '33']) {
      expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: wrong })).toThrow(ConfigError);
    }
  });
});
