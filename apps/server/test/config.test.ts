import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

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

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://shop@db:5432/shop' });
    expect(config.database).toEqual({
      driver: 'postgres',
      url: 'postgres://shop@db:5432/shop',
      poolSize: 10,
    });
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

  it('logs in through the embedded provider, with its administrator, when no issuer is set', () => {
    const { auth } = loadConfig({});
    expect(auth.provider).toEqual({ kind: 'embedded' });
    expect(auth.adminEmails).toEqual(['admin@labshop.example']);
    expect(auth.sessionMaxAgeSeconds).toBe(7 * 24 * 60 * 60);
    expect(auth.errorPath).toBe('/auth/error');
  });

  it('takes an external issuer with its client, audience and administrators', () => {
    const { auth } = loadConfig({
      OIDC_ISSUER: 'https://tenant.auth0.com/',
      OIDC_CLIENT_ID: 'abc',
      OIDC_CLIENT_SECRET: 'shh',
      OIDC_AUDIENCE: 'https://api.shop.example',
      ADMIN_EMAILS: ' Boss@Lab.example ,owner@lab.example,',
    });
    expect(auth.provider).toMatchObject({
      kind: 'external',
      clientId: 'abc',
      audience: 'https://api.shop.example',
    });
    expect(auth.adminEmails).toEqual(['boss@lab.example', 'owner@lab.example']);
  });

  it('names each login variable an external issuer still needs', () => {
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'https://tenant.auth0.com/', OIDC_CLIENT_ID: 'abc' }),
    ).toThrow(
      /OIDC_CLIENT_SECRET: is required when OIDC_ISSUER is set[\s\S]*OIDC_AUDIENCE: is required/,
    );
    expect(() => loadConfig({ AUTH_ERROR_PATH: 'https://evil.example/' })).toThrow(
      'AUTH_ERROR_PATH: must be a path on this site',
    );
  });
});
