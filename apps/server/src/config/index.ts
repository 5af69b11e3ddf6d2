import { z } from 'zod';
import { adminFields, adminSettings, type AdminSettings } from './admin.ts';
import { cachesFields, cachesSettings, type CachesSettings } from './caches.ts';
import { captchaFields, captchaSettings, type CaptchaSettings } from './captcha.ts';
import { contactFields, contactSettings, type ContactSettings } from './contact.ts';
import { databaseFields, databaseSettings, type DatabaseSettings } from './database.ts';
import { erpFields, erpSettings, type ErpSettings } from './erp.ts';
import { ConfigError } from './fields.ts';
import { identityFields, identitySettings, type IdentitySettings } from './identity.ts';
import { mailFields, mailSettings, type MailSettings } from './mail.ts';
import { newsletterFields, newsletterSettings, type NewsletterSettings } from './newsletter.ts';
import { outboxFields, outboxSettings, type OutboxSettings } from './outbox.ts';
import { paymentsFields, paymentsSettings, type PaymentsSettings } from './payments.ts';
import { serverFields, serverSettings, type ServerSettings } from './server.ts';
import { storageFields, storageSettings, type StorageSettings } from './storage.ts';

/**
 * The environment, parsed once at start. Every default is the embedded mode: `npm start` with
 * no configuration runs the whole shop with no outside service. Each area's variables, and what
 * they become, are in the file of that area; docs/CONFIGURATION.md and .env.example document
 * each variable (test/config/documented.test.ts checks that the three agree).
 */

export { ConfigError };
export { type AuthConfig, EMBEDDED_ADMIN_EMAIL } from './identity.ts';
export type { CaptchaConfig } from './captcha.ts';
export type { ErpConfig } from './erp.ts';
export type { GeocoderConfig } from './contact.ts';
export type { MailConfig } from './mail.ts';
export type { OutboxConfig } from './outbox.ts';
export type { PaymentLimitsConfig, PaymentsConfig } from './payments.ts';
export type { ImageUrlConfig, StorageConfig } from './storage.ts';

/** Every variable the shop reads, area by area: the names are the keys. */
export const CONFIG_FIELDS = {
  ...serverFields,
  ...databaseFields,
  ...identityFields,
  ...adminFields,
  ...cachesFields,
  ...storageFields,
  ...captchaFields,
  ...contactFields,
  ...mailFields,
  ...paymentsFields,
  ...outboxFields,
  ...newsletterFields,
  ...erpFields,
};

const EnvSchema = z.object(CONFIG_FIELDS);

export interface Config
  extends
    ServerSettings,
    DatabaseSettings,
    IdentitySettings,
    AdminSettings,
    CachesSettings,
    StorageSettings,
    CaptchaSettings,
    ContactSettings,
    MailSettings,
    PaymentsSettings,
    OutboxSettings,
    NewsletterSettings,
    ErpSettings {}

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
  // The areas whose variables must come together check them in this order; the first problem
  // found is the one reported.
  const server = serverSettings(vars);
  const identity = identitySettings(vars, server);
  const database = databaseSettings(vars);
  return {
    ...server,
    ...identity,
    ...database,
    ...adminSettings(vars),
    ...cachesSettings(vars),
    ...storageSettings(vars, server.publicUrl, database.uploadsDir),
    ...captchaSettings(vars, server.publicUrl),
    ...contactSettings(vars),
    ...mailSettings(vars, server.publicUrl),
    ...paymentsSettings(vars),
    ...outboxSettings(vars),
    ...newsletterSettings(vars),
    ...erpSettings(vars),
  };
}
