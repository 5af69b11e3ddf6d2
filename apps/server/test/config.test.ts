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

describe('loadConfig: file storage', () => {
  const s3Vars = {
    S3_BUCKET: 'labshop-uploads',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret-example',
    S3_PUBLIC_URL: 'https://cdn.labshop.example/uploads/',
  };

  it('keeps uploads under DATA_DIR without S3_BUCKET', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local', dir: path.resolve('data', 'uploads') });
  });

  it('names each variable S3_BUCKET still needs', () => {
    const attempt = () => loadConfig({ S3_BUCKET: 'labshop-uploads' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'S3_ACCESS_KEY_ID: is required when S3_BUCKET is set',
        'S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set',
        'S3_PUBLIC_URL: is required when S3_BUCKET is set',
      ]);
    }
  });

  it('uses a self-hosted endpoint with path-style addressing', () => {
    const { storage } = loadConfig({ ...s3Vars, S3_ENDPOINT: 'http://minio.internal:9000' });
    expect(storage).toEqual({
      kind: 's3',
      bucket: 'labshop-uploads',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
      publicUrl: 'https://cdn.labshop.example/uploads',
      forcePathStyle: true,
    });
  });

  it('uses AWS itself, virtual-hosted, without S3_ENDPOINT', () => {
    const { storage } = loadConfig({ ...s3Vars, S3_REGION: 'eu-central-1' });
    expect(storage).toMatchObject({
      kind: 's3',
      endpoint: null,
      region: 'eu-central-1',
      forcePathStyle: false,
    });
    expect(
      loadConfig({ ...s3Vars, S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' })
        .storage,
    ).toMatchObject({ forcePathStyle: false });
  });

  it('refuses a storage URL that is not absolute', () => {
    expect(() => loadConfig({ ...s3Vars, S3_PUBLIC_URL: 'cdn.labshop.example' })).toThrow(
      'S3_PUBLIC_URL: must be the absolute URL the bucket is read from',
    );
  });
});

describe('loadConfig: image origins', () => {
  it('rewrites nothing by default, to the public origin', () => {
    const { images } = loadConfig({ PUBLIC_URL: 'https://shop.example.com/', DEMO_MODE: 'true' });
    expect(images).toEqual({ legacyOrigins: [], origin: 'https://shop.example.com' });
  });

  it('reads the legacy origins as a list of origins', () => {
    const { images } = loadConfig({
      IMAGE_LEGACY_ORIGINS: ' http://localhost:5000/ , https://staging.shop.example/path,',
      IMAGE_ORIGIN: 'https://www.shop.example/',
    });
    expect(images).toEqual({
      legacyOrigins: ['http://localhost:5000', 'https://staging.shop.example'],
      origin: 'https://www.shop.example',
    });
    expect(() => loadConfig({ IMAGE_LEGACY_ORIGINS: 'staging' })).toThrow(
      'IMAGE_LEGACY_ORIGINS: not an origin: staging',
    );
  });
});

describe('loadConfig: captcha, geocoder, mail, contact form limit, map', () => {
  it('runs embedded by default: captcha off, no geocoder, mail kept in the database', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://shop.example.com:8443/', DEMO_MODE: 'true' });
    expect(config.captcha).toEqual({
      kind: 'off',
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
    });
    expect(config.geocoder).toEqual({ kind: 'none' });
    expect(config.mail).toEqual({
      from: 'labshop <no-reply@shop.example.com>',
      shopTo: null,
      transport: { kind: 'database' },
    });
    expect(config.contactRateLimit).toEqual({ max: 5, windowMs: 600_000 });
    expect(config.map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution:
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    });
  });

  it('turns reCAPTCHA on with both keys, checking for the public hostname', () => {
    const { captcha } = loadConfig({
      PUBLIC_URL: 'https://shop.example.com/',
      DEMO_MODE: 'true',
      RECAPTCHA_SECRET: 'secret',
      RECAPTCHA_SITE_KEY: '6Lc-site_key',
      RECAPTCHA_MIN_SCORE: '0.7',
    });
    expect(captcha).toEqual({
      kind: 'recaptcha',
      secret: 'secret',
      siteKey: '6Lc-site_key',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
      minScore: 0.7,
      hostname: 'shop.example.com',
    });
  });

  it('needs both reCAPTCHA keys, and a score from 0 to 1', () => {
    expect(() => loadConfig({ RECAPTCHA_SECRET: 'secret' })).toThrow(
      'RECAPTCHA_SITE_KEY: is required when RECAPTCHA_SECRET is set',
    );
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'key' })).toThrow(
      'RECAPTCHA_SECRET: is required when RECAPTCHA_SITE_KEY is set',
    );
    expect(() => loadConfig({ RECAPTCHA_MIN_SCORE: '1.5' })).toThrow(
      'RECAPTCHA_MIN_SCORE: must be a number from 0 to 1',
    );
  });

  it('uses Nominatim only with an identifying User-Agent', () => {
    expect(() => loadConfig({ GEOCODER: 'nominatim' })).toThrow(
      /NOMINATIM_USER_AGENT: is required when GEOCODER is nominatim/,
    );
    expect(() => loadConfig({ GEOCODER: 'google' })).toThrow('GEOCODER: must be none or nominatim');
    expect(
      loadConfig({
        GEOCODER: 'nominatim',
        NOMINATIM_URL: 'https://nominatim.internal/',
        NOMINATIM_USER_AGENT: 'labshop/1.0 (it@shop.example)',
        NOMINATIM_EMAIL: 'it@shop.example',
      }).geocoder,
    ).toEqual({
      kind: 'nominatim',
      url: 'https://nominatim.internal',
      userAgent: 'labshop/1.0 (it@shop.example)',
      email: 'it@shop.example',
    });
  });

  it('sends mail over SMTP_URL, from MAIL_FROM, contact messages to SHOP_MAIL_TO', () => {
    const { mail } = loadConfig({
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Lab Shop <shop@example.com>',
      SHOP_MAIL_TO: 'sales@example.com, support@example.com',
    });
    expect(mail).toEqual({
      from: 'Lab Shop <shop@example.com>',
      shopTo: 'sales@example.com, support@example.com',
      transport: { kind: 'smtp', url: 'smtps://user:pass@smtp.example.com:465' },
    });
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.com' })).toThrow(
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    );
    expect(() => loadConfig({ SHOP_MAIL_TO: 'sales at example.com' })).toThrow(
      'SHOP_MAIL_TO: must be one e-mail address, or several separated by commas',
    );
  });

  it('reads the contact form limit and the map tiles, refusing nonsense', () => {
    const config = loadConfig({
      CONTACT_RATE_LIMIT_MAX: '20',
      CONTACT_RATE_LIMIT_WINDOW_SECONDS: '60',
      MAP_TILE_URL: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png',
    });
    expect(config.contactRateLimit).toEqual({ max: 20, windowMs: 60_000 });
    expect(config.map.tileUrl).toBe('https://{s}.tiles.example.net/{z}/{x}/{y}.png');
    expect(() => loadConfig({ CONTACT_RATE_LIMIT_MAX: '0' })).toThrow(
      'CONTACT_RATE_LIMIT_MAX: must be at least 1',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.net/tile.png' })).toThrow(
      'MAP_TILE_URL: must contain {z}, {x} and {y}',
    );
  });
});

describe('loadConfig: ERP and price mapping', () => {
  const bcVars = {
    ERP: 'business-central',
    BC_TENANT_ID: 'contoso.onmicrosoft.com',
    BC_COMPANY: 'CRONUS USA, Inc.',
    BC_CLIENT_ID: '11111111-2222-3333-4444-555555555555',
    BC_CLIENT_SECRET: 'secret-example',
  };

  function problemsOf(env: Record<string, string>): string[] {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  }

  it('uses the built-in ERP with the retail price from the unit price by default', () => {
    const config = loadConfig({});
    expect(config.erp).toEqual({ kind: 'built-in' });
    expect(config.priceMapping).toEqual({
      newPrice: 'unitPrice',
      wholesalePrice: 'keep',
      partnerPricex3: 'keep',
    });
  });

  it('connects to Business Central with its defaults', () => {
    expect(loadConfig(bcVars).erp).toEqual({
      kind: 'business-central',
      tenantId: 'contoso.onmicrosoft.com',
      environment: 'production',
      company: 'CRONUS USA, Inc.',
      clientId: '11111111-2222-3333-4444-555555555555',
      clientSecret: 'secret-example',
      tokenUrl: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
      apiUrl: 'https://api.businesscentral.dynamics.com',
      scope: 'https://api.businesscentral.dynamics.com/.default',
      timeoutMs: 30_000,
      maxRetries: 4,
      pageSize: 1000,
      priceListApi: null,
    });
  });

  it('names each variable Business Central still needs', () => {
    expect(problemsOf({ ERP: 'business-central', BC_TENANT_ID: 'contoso' })).toEqual([
      'BC_COMPANY: is required when ERP is set',
      'BC_CLIENT_ID: is required when ERP is set',
      'BC_CLIENT_SECRET: is required when ERP is set',
    ]);
  });

  it('takes price lists only with the custom API that serves them', () => {
    const mapped = {
      ...bcVars,
      ERP_PRICE_WHOLESALE: 'priceList:WHOLESALE',
      ERP_PRICE_PARTNER_X3: 'priceList:PARTNER:3',
    };
    expect(problemsOf(mapped)[0]).toMatch(/^BC_PRICE_LIST_API: is required/);
    const config = loadConfig({ ...mapped, BC_PRICE_LIST_API: 'labshop/pricing/v1.0' });
    expect(config.priceMapping).toEqual({
      newPrice: 'unitPrice',
      wholesalePrice: 'priceList:WHOLESALE',
      partnerPricex3: 'priceList:PARTNER:3',
    });
  });

  it('refuses an unknown price source, ERP or page size', () => {
    const problems = problemsOf({ ERP: 'sap', ERP_PRICE_NEW: 'listPrice', BC_PAGE_SIZE: '50000' });
    expect(problems).toContain('ERP: must be built-in or business-central');
    expect(problems).toContain(
      'ERP_PRICE_NEW: must be keep, unitPrice, or priceList:<CODE> with an optional :<minimum quantity>',
    );
    expect(problems).toContain('BC_PAGE_SIZE: must be at most 20000 (the server cap)');
  });
});
