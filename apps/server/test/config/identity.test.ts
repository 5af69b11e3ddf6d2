import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';

describe('loadConfig: login', () => {
  it('logs in through the embedded provider, with its administrator, when no issuer is set', () => {
    const { auth } = loadConfig({});
    expect(auth.provider).toEqual({ kind: 'embedded' });
    expect(auth.adminEmails).toEqual(['admin@labshop.example']);
    expect(auth.sessionMaxAgeSeconds).toBe(7 * 24 * 60 * 60);
    expect(auth.errorPath).toBe('/auth/error');
  });

  it('refuses the demo accounts on a shop other people reach, unless DEMO_MODE says it is a demonstration', () => {
    const reachable = [
      { PUBLIC_URL: 'https://shop.example.com' },
      { PUBLIC_URL: 'https://localhost:8443', NODE_ENV: 'development' },
      { PUBLIC_URL: 'http://shop.example.com', NODE_ENV: 'production' },
      { PUBLIC_URL: 'http://10.0.0.5:3000' },
    ];
    for (const env of reachable) {
      expect(() => loadConfig(env), env.PUBLIC_URL).toThrow(
        /OIDC_ISSUER: is required for a shop other people reach[\s\S]*Set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_AUDIENCE[\s\S]*or set DEMO_MODE=true/,
      );
      expect(loadConfig({ ...env, DEMO_MODE: 'true' }).auth.provider).toEqual({ kind: 'embedded' });
    }
    // This machine only (npm start, the browser tests, the bench), or not production on http.
    const local = [
      {},
      { PUBLIC_URL: 'http://127.0.0.1:4173' },
      { PUBLIC_URL: 'http://[::1]:3000' },
      { PUBLIC_URL: 'http://shop.lan:3000', NODE_ENV: 'development' },
    ];
    for (const env of local) {
      expect(loadConfig(env).auth.provider, JSON.stringify(env)).toEqual({ kind: 'embedded' });
    }
    expect(() => loadConfig({ DEMO_MODE: 'maybe' })).toThrow('DEMO_MODE: must be true or false');
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
