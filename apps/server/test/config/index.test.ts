import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.ts';

describe('loadConfig', () => {
  it('defaults to the embedded mode on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.env).toBe('production');
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
    expect(config.database).toEqual({
      driver: 'pglite',
      dataDir: path.resolve('data', 'pglite'),
    });
    expect(config.uploadsDir).toBe(path.resolve('data', 'uploads'));
    expect(config.seedDemoData).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('names every wrong variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO_DATA: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT: must be a port number');
      expect(problems).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(problems).toContain('SEED_DEMO_DATA: must be true or false');
    }
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be between 0 and 65535/);
  });
});
