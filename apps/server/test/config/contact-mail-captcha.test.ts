import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';

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
