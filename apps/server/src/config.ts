import path from 'node:path';
import { EMAIL_PATTERN } from '@labshop/shared/schemas/content';
import type { SyncedPriceField } from '@labshop/shared/schemas/erp';
import type { PriceSource } from './integrations/erp/port.ts';
import { z } from 'zod';

/**
 * The environment, parsed once at start. Every default is the embedded mode: `npm start` with
 * no configuration runs the whole shop with no outside service. docs/CONFIGURATION.md and
 * .env.example document each variable.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A whole number of attempts per window, 1..100000. */
const attemptLimit = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(fallback);

/** Which ERP price feeds a shop price (PriceSource in integrations/erp/port.ts), or 'keep'. */
const priceSource = z
  .string()
  .regex(
    /^(keep|unitPrice|priceList:[\w-]+(:\d+)?)$/,
    'must be keep, unitPrice, or priceList:<CODE> with an optional :<minimum quantity>',
  )
  .transform((value) => value as PriceSource | 'keep');

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
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'must be a number of server processes' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(32, 'must be at most 32')
    .default(1),
  SEED_DEMO_DATA: booleanFlag.default(true),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  LOAD_SHED_CONCURRENCY: z.coerce
    .number({ error: 'must be a number of requests' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .max(1000, 'must be at most 1000')
    .default(4),
  LOAD_SHED_CLIENT_RATE: z.coerce
    .number({ error: 'must be a number of requests a second' })
    .min(0, 'must be 0 (no rate) or more')
    .max(100_000, 'must be at most 100000')
    .default(25),
  LOAD_SHED_MAX_WAIT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(100, 'must be at least 100')
    .max(60_000, 'must be at most 60000')
    .default(2000),
  OIDC_ISSUER: z.url({ error: "must be the identity provider's issuer URL" }).optional(),
  DEMO_MODE: booleanFlag.default(false),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  OIDC_ROLES_CLAIM: z.string().min(1).default('roles'),
  OIDC_ADMIN_ROLE: z.string().min(1).default('admin'),
  ADMIN_EMAILS: z.string().optional(),
  SESSION_MAX_AGE_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(24 * 90, 'must be at most 2160 (90 days)')
    .default(24 * 7),
  AUTH_ERROR_PATH: z
    .string()
    .regex(/^\/(?!\/)/, 'must be a path on this site, such as /auth/error')
    .default('/auth/error'),
  LOGIN_RATE_LIMIT_MAX: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(30),
  ANALYTICS_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  PAGE_CACHE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0, 'must be 0 (off) or more')
    .max(300, 'must be at most 300')
    .default(300),
  CATALOG_CACHE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0, 'must be 0 (off) or more')
    .max(300, 'must be at most 300')
    .default(300),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z
    .url({ error: 'must be an absolute URL such as https://s3.example.com' })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z
    .url({
      error: 'must be the absolute URL the bucket is read from, such as https://cdn.example.com',
    })
    .optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  IMAGE_LEGACY_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      const origins: string[] = [];
      for (const item of (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        try {
          origins.push(new URL(item).origin);
        } catch {
          context.addIssue({ code: 'custom', message: `not an origin: ${item}` });
        }
      }
      return origins;
    }),
  IMAGE_ORIGIN: z
    .url({ error: 'must be an absolute URL such as https://shop.example.com' })
    .optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_SITE_KEY: z
    .string()
    .regex(/^[\w-]+$/, 'must be the site key Google shows (letters, digits, - and _)')
    .optional(),
  RECAPTCHA_VERIFY_URL: z
    .url({
      error: 'must be an absolute URL such as https://www.google.com/recaptcha/api/siteverify',
    })
    .default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_SCRIPT_URL: z
    .url({ error: 'must be an absolute URL such as https://www.google.com/recaptcha/api.js' })
    .default('https://www.google.com/recaptcha/api.js'),
  RECAPTCHA_MIN_SCORE: z.coerce
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .default(0.5),
  GEOCODER: z.enum(['none', 'nominatim'], { error: 'must be none or nominatim' }).default('none'),
  NOMINATIM_URL: z
    .url({ error: 'must be an absolute URL such as https://nominatim.openstreetmap.org' })
    .default('https://nominatim.openstreetmap.org'),
  NOMINATIM_USER_AGENT: z
    .string()
    .regex(/^[^\r\n]+$/, 'must be one line')
    .optional(),
  NOMINATIM_EMAIL: z.string().regex(EMAIL_PATTERN, 'must be an e-mail address').optional(),
  SMTP_URL: z
    .url({ error: 'must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com' })
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address such as labshop <no-reply@shop.example>')
    .optional(),
  SHOP_MAIL_TO: z
    .string()
    .optional()
    .refine(
      (value) =>
        value === undefined ||
        value.split(',').every((address) => EMAIL_PATTERN.test(address.trim())),
      'must be one e-mail address, or several separated by commas',
    ),
  CONTACT_RATE_LIMIT_MAX: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(5),
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(7 * 24 * 60 * 60, 'must be at most 604800 (7 days)')
    .default(600),
  MAP_TILE_URL: z
    .string()
    .regex(
      /^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/,
      'must be an http(s) URL or a path with {z}, {x} and {y}',
    )
    .refine(
      (value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)),
      'must contain {z}, {x} and {y}',
    )
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z
    .string()
    .default(
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    ),
  PAYMENT_GATEWAY: z
    .enum(['sandbox', 'cardpointe'], { error: 'must be sandbox or cardpointe' })
    .default('sandbox'),
  CARDPOINTE_URL: z
    .url({ error: 'must be the gateway site URL such as https://fts-uat.cardconnect.com' })
    .optional(),
  CARDPOINTE_MERCHANT_ID: z.string().regex(/^\d+$/, 'must be the merchant id (digits)').optional(),
  CARDPOINTE_USERNAME: z.string().optional(),
  CARDPOINTE_PASSWORD: z.string().optional(),
  CARDPOINTE_TOKENIZER_URL: z
    .url({
      error:
        'must be an absolute URL such as https://fts-uat.cardconnect.com/itoke/ajax-tokenizer.html',
    })
    .optional(),
  CARDPOINTE_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be at least 1')
    .max(120, 'must be at most 120')
    .default(40),
  CHECKOUT_CAPTCHA_RATE_LIMIT_MAX: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(30),
  PAYMENT_LIMIT_WINDOW_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(7 * 24 * 60 * 60, 'must be at most 604800 (7 days)')
    .default(3600),
  PAYMENT_LIMIT_PER_IP: attemptLimit(20),
  PAYMENT_LIMIT_PER_EMAIL: attemptLimit(10),
  PAYMENT_LIMIT_PER_CARD: attemptLimit(5),
  PAYMENT_DECLINE_ALERT_THRESHOLD: attemptLimit(10),
  PAYMENT_DECLINE_ALERT_WINDOW_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(60, 'must be at least 60')
    .max(7 * 24 * 60 * 60, 'must be at most 604800 (7 days)')
    .default(3600),
  OUTBOX_POLL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.05, 'must be at least 0.05')
    .max(3600, 'must be at most 3600')
    .default(2),
  OUTBOX_RETRY_BASE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.01, 'must be at least 0.01')
    .max(3600, 'must be at most 3600')
    .default(10),
  OUTBOX_RETRY_MAX_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.01, 'must be at least 0.01')
    .max(7 * 24 * 3600, 'must be at most 604800 (7 days)')
    .default(3600),
  OUTBOX_WORKER: booleanFlag.default(true),
  NEWSLETTER_BATCH_SIZE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .default(50),
  NEWSLETTER_SIGNUP_RATE_LIMIT_MAX: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(5),
  NEWSLETTER_CONFIRM_RATE_LIMIT_MAX: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(30),
  SHOP_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/New_York')
    .default('America/New_York'),
  ERP: z
    .enum(['built-in', 'business-central'], { error: 'must be built-in or business-central' })
    .default('built-in'),
  BC_TENANT_ID: z
    .string()
    .regex(/^[\w.-]+$/, 'must be the Entra tenant id (a GUID) or domain')
    .optional(),
  BC_ENVIRONMENT: z
    .string()
    .regex(/^[\w-]+$/, 'must be the environment name, e.g. production')
    .default('production'),
  BC_COMPANY: z.string().trim().min(1, 'must be the company id (a GUID) or its name').optional(),
  BC_CLIENT_ID: z.string().optional(),
  BC_CLIENT_SECRET: z.string().optional(),
  BC_TOKEN_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  BC_API_URL: z
    .url({ error: 'must be an absolute URL such as https://api.businesscentral.dynamics.com' })
    .default('https://api.businesscentral.dynamics.com'),
  BC_SCOPE: z.string().default('https://api.businesscentral.dynamics.com/.default'),
  BC_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be at least 1')
    // Well under the outbox lease (5 minutes): a job never outlives its claim.
    .max(120, 'must be at most 120')
    .default(30),
  BC_MAX_RETRIES: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(10, 'must be at most 10')
    .default(4),
  BC_PAGE_SIZE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(20_000, 'must be at most 20000 (the server cap)')
    .default(1000),
  BC_PRICE_LIST_API: z
    .string()
    .regex(
      /^[\w-]+\/[\w-]+\/v\d+\.\d+$/,
      'must be publisher/group/version of the custom price list API, e.g. labshop/pricing/v1.0',
    )
    .optional(),
  ERP_PRICE_NEW: priceSource.default('unitPrice'),
  ERP_PRICE_WHOLESALE: priceSource.default('keep'),
  ERP_PRICE_PARTNER_X3: priceSource.default('keep'),
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
  /**
   * Server processes sharing the port (node:cluster); above 1 only with PostgreSQL, since the
   * embedded database belongs to one process.
   */
  serverProcesses: number;
  seedDemoData: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
  auth: AuthConfig;
  /** The admin sidebar's external Analytics entry; absent hides the entry. */
  analyticsUrl: string | null;
  storage: StorageConfig;
  images: ImageUrlConfig;
  /**
   * How long catalogue answers are reused from memory. Writes on this instance clear them at
   * once; other instances see a write within this time. 0 turns the cache off.
   */
  catalogCacheMs: number;
  /** How long a page rendered for a visitor without cookies is reused; 0 turns it off. */
  pageCacheMs: number;
  /**
   * Load shedding (http/load-shedding.ts, decision 011): expensive requests worked on at once
   * (0 turns queueing and shedding off), and the longest one waits for its turn.
   */
  loadShedding: { concurrency: number; maxWaitMs: number; clientRate: number };
  captcha: CaptchaConfig;
  geocoder: GeocoderConfig;
  mail: MailConfig;
  /** POST /api/contact: at most `max` messages per client IP in `windowMs`. */
  contactRateLimit: { max: number; windowMs: number };
  /** The contact page's map (Leaflet). */
  map: { tileUrl: string; attribution: string };
  payments: PaymentsConfig;
  /** POST /api/checkout/verify-captcha: at most `max` nonces per client IP in 10 minutes. */
  checkoutCaptchaRateLimit: { max: number; windowMs: number };
  /** Card-testing defence on POST /api/process-payment (modules/checkout/payment-guard.ts). */
  paymentLimits: PaymentLimitsConfig;
  outbox: OutboxConfig;
  newsletter: {
    /** Recipients per outbox job of a send. */
    batchSize: number;
    /** POST /api/newsletter/signup: at most `max` sign-ups per client IP in `windowMs`. */
    signupRateLimit: { max: number; windowMs: number };
    /** POST /api/newsletter/confirm: at most `max` confirmations per client IP in `windowMs`. */
    confirmRateLimit: { max: number; windowMs: number };
  };
  /** The IANA time zone the admin dashboard counts days in. */
  shopTimeZone: string;
  erp: ErpConfig;
  /** Which ERP price feeds each shop price in the price sync ('keep': left alone). */
  priceMapping: Record<SyncedPriceField, PriceSource | 'keep'>;
}

/** The business system: the built-in tables, or Business Central's API v2.0. */
export type ErpConfig =
  | { kind: 'built-in' }
  | {
      kind: 'business-central';
      tenantId: string;
      environment: string;
      /** The company's id (GUID), or its name, looked up once in /companies. */
      company: string;
      clientId: string;
      clientSecret: string;
      /** Entra ID's token endpoint (default https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token). */
      tokenUrl: string;
      /** Without a trailing slash, e.g. https://api.businesscentral.dynamics.com. */
      apiUrl: string;
      scope: string;
      timeoutMs: number;
      /** Retries of a 429 or 5xx answer (Retry-After honoured), after the first attempt. */
      maxRetries: number;
      /** Prefer: odata.maxpagesize. */
      pageSize: number;
      /** publisher/group/version of the custom API serving priceListLines; null: none. */
      priceListApi: string | null;
    };

/** The card gateway: the sandbox (embedded) or CardPointe's REST API and hosted tokenizer. */
export type PaymentsConfig =
  | { kind: 'sandbox' }
  | {
      kind: 'cardpointe';
      /** The site, e.g. https://fts-uat.cardconnect.com; the REST base is <url>/cardconnect/rest. */
      url: string;
      merchantId: string;
      username: string;
      password: string;
      /** The hosted iFrame tokenizer page (default <url>/itoke/ajax-tokenizer.html). */
      tokenizerUrl: string;
      /** Above the gateway's own 32 s processor timeout. */
      timeoutMs: number;
    };

/**
 * Payment attempts (charges the gateway is asked for) allowed per client IP, per billing e-mail
 * and per card token within `windowMs`; declines shop-wide that mail the staff once per window.
 */
export interface PaymentLimitsConfig {
  windowMs: number;
  perIp: number;
  perEmail: number;
  perCard: number;
  declineAlertThreshold: number;
  declineAlertWindowMs: number;
}

/** The durable job worker (ERP sync, order mail): how often it looks, how it backs off. */
export interface OutboxConfig {
  /** Off only for tests that drive the worker by hand. */
  enabled: boolean;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

/** reCAPTCHA v3, or off (embedded mode: every submission passes, logged once). */
export type CaptchaConfig =
  | { kind: 'off'; scriptUrl: string }
  | {
      kind: 'recaptcha';
      secret: string;
      siteKey: string;
      verifyUrl: string;
      /** The browser's script (`?render=<siteKey>` is added by the page). */
      scriptUrl: string;
      /** Lowest score accepted (0.0 bot .. 1.0 human). */
      minScore: number;
      /** The hostname Google must report: PUBLIC_URL's. */
      hostname: string;
    };

/** Where the shop's address is placed on the map: entered by hand, or looked up in Nominatim. */
export type GeocoderConfig =
  { kind: 'none' } | { kind: 'nominatim'; url: string; userAgent: string; email: string | null };

export interface MailConfig {
  /** The From of every mail the shop sends. */
  from: string;
  /** Where contact-form messages go; null means the contact data's e-mail. */
  shopTo: string | null;
  /** SMTP, or the database (embedded: mail is kept in mail_log and shown in the admin). */
  transport: { kind: 'database' } | { kind: 'smtp'; url: string };
}

/** Where uploads and generated files go: DATA_DIR/uploads, or an S3-compatible bucket. */
export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Unset means AWS itself in `region`. */
      endpoint: string | null;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** The base URL objects are read from by browsers (a CDN or the bucket's public URL). */
      publicUrl: string;
      forcePathStyle: boolean;
    };

/**
 * Image URLs saved while the catalogue lived on a development or staging host point there;
 * when shown they are rewritten to `origin` (SPEC.md section 9).
 */
export interface ImageUrlConfig {
  legacyOrigins: string[];
  origin: string;
}

/** The embedded identity provider's administrator (README lists every demo account). */
export const EMBEDDED_ADMIN_EMAIL = 'admin@labshop.example';

export interface AuthConfig {
  /**
   * The OpenID Connect issuer, or 'embedded': the provider mounted at /oidc with demo accounts,
   * whose client credentials and audience the app makes itself.
   */
  provider:
    | { kind: 'embedded' }
    | { kind: 'external'; issuer: URL; clientId: string; clientSecret: string; audience: string };
  /** Verified e-mail addresses that are administrators (lower case). */
  adminEmails: string[];
  /** A token claim (string, list, or space-separated) that marks an administrator ... */
  rolesClaim: string;
  /** ... when it holds this value. */
  adminRole: string;
  sessionMaxAgeSeconds: number;
  /** Where a failed login lands, with ?reason=. */
  errorPath: string;
  /**
   * Login starts, login returns and password tries (the embedded provider's form) per client IP
   * in the window, each counted apart. Failed passwords also slow their address down
   * (integrations/identity/embedded/login-throttle.ts).
   */
  loginRateLimit: { max: number; windowMs: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function serverProcesses(vars: z.output<typeof EnvSchema>): number {
  if (vars.WEB_CONCURRENCY > 1 && !vars.DATABASE_URL) {
    throw new ConfigError([
      'WEB_CONCURRENCY: must be 1 with the embedded database (set DATABASE_URL to run more server processes)',
    ]);
  }
  return vars.WEB_CONCURRENCY;
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
  const publicUrl = new URL(vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`);
  const provider = identityProvider(vars, publicUrl);
  const dataDir = path.resolve(vars.DATA_DIR);
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
    serverProcesses: serverProcesses(vars),
    seedDemoData: vars.SEED_DEMO_DATA,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    auth: {
      provider,
      adminEmails: (vars.ADMIN_EMAILS ?? (provider.kind === 'embedded' ? EMBEDDED_ADMIN_EMAIL : ''))
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
      rolesClaim: vars.OIDC_ROLES_CLAIM,
      adminRole: vars.OIDC_ADMIN_ROLE,
      sessionMaxAgeSeconds: vars.SESSION_MAX_AGE_HOURS * 60 * 60,
      errorPath: vars.AUTH_ERROR_PATH,
      loginRateLimit: { max: vars.LOGIN_RATE_LIMIT_MAX, windowMs: 600_000 },
    },
    analyticsUrl: vars.ANALYTICS_URL ?? null,
    storage: storageConfig(vars, path.join(dataDir, 'uploads')),
    catalogCacheMs: vars.CATALOG_CACHE_SECONDS * 1000,
    pageCacheMs: vars.PAGE_CACHE_SECONDS * 1000,
    loadShedding: {
      concurrency: vars.LOAD_SHED_CONCURRENCY,
      maxWaitMs: vars.LOAD_SHED_MAX_WAIT_MS,
      clientRate: vars.LOAD_SHED_CLIENT_RATE,
    },
    images: {
      legacyOrigins: vars.IMAGE_LEGACY_ORIGINS,
      origin: new URL(vars.IMAGE_ORIGIN ?? publicUrl.origin).origin,
    },
    captcha: captchaConfig(vars, publicUrl),
    geocoder: geocoderConfig(vars),
    mail: {
      from: vars.MAIL_FROM ?? `labshop <no-reply@${publicUrl.hostname}>`,
      shopTo: vars.SHOP_MAIL_TO?.trim() || null,
      transport: vars.SMTP_URL ? { kind: 'smtp', url: vars.SMTP_URL } : { kind: 'database' },
    },
    contactRateLimit: {
      max: vars.CONTACT_RATE_LIMIT_MAX,
      windowMs: vars.CONTACT_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    map: { tileUrl: vars.MAP_TILE_URL, attribution: vars.MAP_ATTRIBUTION },
    payments: paymentsConfig(vars),
    checkoutCaptchaRateLimit: { max: vars.CHECKOUT_CAPTCHA_RATE_LIMIT_MAX, windowMs: 600_000 },
    paymentLimits: {
      windowMs: vars.PAYMENT_LIMIT_WINDOW_SECONDS * 1000,
      perIp: vars.PAYMENT_LIMIT_PER_IP,
      perEmail: vars.PAYMENT_LIMIT_PER_EMAIL,
      perCard: vars.PAYMENT_LIMIT_PER_CARD,
      declineAlertThreshold: vars.PAYMENT_DECLINE_ALERT_THRESHOLD,
      declineAlertWindowMs: vars.PAYMENT_DECLINE_ALERT_WINDOW_SECONDS * 1000,
    },
    outbox: {
      enabled: vars.OUTBOX_WORKER,
      pollMs: vars.OUTBOX_POLL_SECONDS * 1000,
      retryBaseMs: vars.OUTBOX_RETRY_BASE_SECONDS * 1000,
      retryMaxMs: vars.OUTBOX_RETRY_MAX_SECONDS * 1000,
    },
    newsletter: {
      batchSize: vars.NEWSLETTER_BATCH_SIZE,
      signupRateLimit: { max: vars.NEWSLETTER_SIGNUP_RATE_LIMIT_MAX, windowMs: 600_000 },
      confirmRateLimit: { max: vars.NEWSLETTER_CONFIRM_RATE_LIMIT_MAX, windowMs: 600_000 },
    },
    shopTimeZone: vars.SHOP_TIME_ZONE,
    erp: erpConfig(vars),
    priceMapping: {
      newPrice: vars.ERP_PRICE_NEW,
      wholesalePrice: vars.ERP_PRICE_WHOLESALE,
      partnerPricex3: vars.ERP_PRICE_PARTNER_X3,
    },
  };
}

function erpConfig(vars: z.output<typeof EnvSchema>): ErpConfig {
  if (vars.ERP === 'built-in') return { kind: 'built-in' };
  requireAlongside(vars, 'ERP', ['BC_TENANT_ID', 'BC_COMPANY', 'BC_CLIENT_ID', 'BC_CLIENT_SECRET']);
  const priceLists = [vars.ERP_PRICE_NEW, vars.ERP_PRICE_WHOLESALE, vars.ERP_PRICE_PARTNER_X3];
  if (!vars.BC_PRICE_LIST_API && priceLists.some((source) => source.startsWith('priceList:'))) {
    throw new ConfigError([
      'BC_PRICE_LIST_API: is required when an ERP_PRICE_* variable names a priceList (Business Central has no standard price list endpoint)',
    ]);
  }
  const tenantId = vars.BC_TENANT_ID ?? '';
  return {
    kind: 'business-central',
    tenantId,
    environment: vars.BC_ENVIRONMENT,
    company: vars.BC_COMPANY ?? '',
    clientId: vars.BC_CLIENT_ID ?? '',
    clientSecret: vars.BC_CLIENT_SECRET ?? '',
    tokenUrl:
      vars.BC_TOKEN_URL ??
      `https://login.microsoftonline.com/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`,
    apiUrl: vars.BC_API_URL.replace(/\/+$/, ''),
    scope: vars.BC_SCOPE,
    timeoutMs: vars.BC_TIMEOUT_SECONDS * 1000,
    maxRetries: vars.BC_MAX_RETRIES,
    pageSize: vars.BC_PAGE_SIZE,
    priceListApi: vars.BC_PRICE_LIST_API ?? null,
  };
}

function paymentsConfig(vars: z.output<typeof EnvSchema>): PaymentsConfig {
  if (vars.PAYMENT_GATEWAY === 'sandbox') return { kind: 'sandbox' };
  requireAlongside(vars, 'PAYMENT_GATEWAY', [
    'CARDPOINTE_URL',
    'CARDPOINTE_MERCHANT_ID',
    'CARDPOINTE_USERNAME',
    'CARDPOINTE_PASSWORD',
  ]);
  const url = (vars.CARDPOINTE_URL ?? '').replace(/\/+$/, '');
  return {
    kind: 'cardpointe',
    url,
    merchantId: vars.CARDPOINTE_MERCHANT_ID ?? '',
    username: vars.CARDPOINTE_USERNAME ?? '',
    password: vars.CARDPOINTE_PASSWORD ?? '',
    tokenizerUrl: vars.CARDPOINTE_TOKENIZER_URL ?? `${url}/itoke/ajax-tokenizer.html`,
    timeoutMs: vars.CARDPOINTE_TIMEOUT_SECONDS * 1000,
  };
}

/** The captcha is on only with both its secret and its site key. */
function captchaConfig(vars: z.output<typeof EnvSchema>, publicUrl: URL): CaptchaConfig {
  if (!vars.RECAPTCHA_SECRET && !vars.RECAPTCHA_SITE_KEY) {
    return { kind: 'off', scriptUrl: vars.RECAPTCHA_SCRIPT_URL };
  }
  if (vars.RECAPTCHA_SECRET) requireAlongside(vars, 'RECAPTCHA_SECRET', ['RECAPTCHA_SITE_KEY']);
  else requireAlongside(vars, 'RECAPTCHA_SITE_KEY', ['RECAPTCHA_SECRET']);
  return {
    kind: 'recaptcha',
    secret: vars.RECAPTCHA_SECRET ?? '',
    siteKey: vars.RECAPTCHA_SITE_KEY ?? '',
    verifyUrl: vars.RECAPTCHA_VERIFY_URL,
    scriptUrl: vars.RECAPTCHA_SCRIPT_URL,
    minScore: vars.RECAPTCHA_MIN_SCORE,
    hostname: publicUrl.hostname,
  };
}

function geocoderConfig(vars: z.output<typeof EnvSchema>): GeocoderConfig {
  if (vars.GEOCODER === 'none') return { kind: 'none' };
  // The public instance refuses stock library User-Agents: say who is asking.
  if (!vars.NOMINATIM_USER_AGENT) {
    throw new ConfigError([
      'NOMINATIM_USER_AGENT: is required when GEOCODER is nominatim (name the shop and a contact, e.g. "labshop/1.0 (it@shop.example)")',
    ]);
  }
  return {
    kind: 'nominatim',
    url: vars.NOMINATIM_URL.replace(/\/+$/, ''),
    userAgent: vars.NOMINATIM_USER_AGENT,
    email: vars.NOMINATIM_EMAIL ?? null,
  };
}

/** Variables that only make sense together: each of `names` is required once `trigger` is set. */
function requireAlongside(
  vars: z.output<typeof EnvSchema>,
  trigger: keyof z.output<typeof EnvSchema>,
  names: (keyof z.output<typeof EnvSchema>)[],
): void {
  const missing = names.filter((name) => !vars[name]);
  if (missing.length > 0) {
    throw new ConfigError(missing.map((name) => `${name}: is required when ${trigger} is set`));
  }
}

function storageConfig(vars: z.output<typeof EnvSchema>, uploadsDir: string): StorageConfig {
  if (!vars.S3_BUCKET) return { kind: 'local', dir: uploadsDir };
  requireAlongside(vars, 'S3_BUCKET', [
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_PUBLIC_URL',
  ]);
  return {
    kind: 's3',
    bucket: vars.S3_BUCKET,
    endpoint: vars.S3_ENDPOINT ?? null,
    region: vars.S3_REGION,
    accessKeyId: vars.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: vars.S3_SECRET_ACCESS_KEY ?? '',
    publicUrl: (vars.S3_PUBLIC_URL ?? '').replace(/\/+$/, ''),
    // Self-hosted S3 (MinIO, Ceph, Garage) usually serves buckets under the path.
    forcePathStyle: vars.S3_FORCE_PATH_STYLE ?? vars.S3_ENDPOINT !== undefined,
  };
}

function identityProvider(
  vars: z.output<typeof EnvSchema>,
  publicUrl: URL,
): AuthConfig['provider'] {
  if (!vars.OIDC_ISSUER) {
    // The embedded provider signs anyone in with the demo accounts (the administrator's too),
    // whose passwords its sign-in page shows: fine on this machine, never by accident elsewhere.
    if (servesOthers(vars, publicUrl) && !vars.DEMO_MODE) {
      throw new ConfigError([
        `OIDC_ISSUER: is required for a shop other people reach (PUBLIC_URL ${publicUrl.origin}): without it the demo identity provider runs, and anyone can sign in as the administrator with the demo password its sign-in page shows. Set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_AUDIENCE for your identity provider, or set DEMO_MODE=true if this shop is a public demonstration.`,
      ]);
    }
    return { kind: 'embedded' };
  }
  requireAlongside(vars, 'OIDC_ISSUER', ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_AUDIENCE']);
  return {
    kind: 'external',
    issuer: new URL(vars.OIDC_ISSUER),
    clientId: vars.OIDC_CLIENT_ID ?? '',
    clientSecret: vars.OIDC_CLIENT_SECRET ?? '',
    audience: vars.OIDC_AUDIENCE ?? '',
  };
}

/** Hosts that only this machine reaches. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether other people reach the shop: an https site, or production on another host. */
function servesOthers(vars: z.output<typeof EnvSchema>, publicUrl: URL): boolean {
  if (publicUrl.protocol === 'https:') return true;
  return vars.NODE_ENV === 'production' && !LOOPBACK_HOSTS.has(publicUrl.hostname);
}

/** Whether Intl knows `zone` as a time zone (America/New_York, UTC, ...). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
