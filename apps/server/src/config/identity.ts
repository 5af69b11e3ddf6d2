import { z } from 'zod';
import {
  attemptLimit,
  booleanField,
  ConfigError,
  numberField,
  requireAlongside,
  secretField,
  urlField,
  type VarsOf,
} from './fields.ts';
import type { ServerSettings } from './server.ts';

/** Login: the OpenID Connect issuer (or the embedded one), administrators, sessions. */
export const identityFields = {
  OIDC_ISSUER: urlField({ error: "must be the identity provider's issuer URL" }),
  DEMO_MODE: booleanField({ default: false }),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: secretField(),
  OIDC_AUDIENCE: z.string().optional(),
  OIDC_ROLES_CLAIM: z.string().min(1).default('roles'),
  OIDC_ADMIN_ROLE: z.string().min(1).default('admin'),
  ADMIN_EMAILS: z.string().optional(),
  SESSION_MAX_AGE_HOURS: numberField({
    of: 'a number of hours',
    integer: true,
    min: 1,
    max: 24 * 90,
    maxMeans: '90 days',
    default: 24 * 7,
  }),
  AUTH_ERROR_PATH: z
    .string()
    .regex(/^\/(?!\/)/, 'must be a path on this site, such as /auth/error')
    .default('/auth/error'),
  LOGIN_RATE_LIMIT_MAX: attemptLimit(30),
};

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

export interface IdentitySettings {
  auth: AuthConfig;
}

export function identitySettings(
  vars: VarsOf<typeof identityFields>,
  server: Pick<ServerSettings, 'env' | 'publicUrl'>,
): IdentitySettings {
  const provider = identityProvider(vars, server);
  return {
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
  };
}

function identityProvider(
  vars: VarsOf<typeof identityFields>,
  server: Pick<ServerSettings, 'env' | 'publicUrl'>,
): AuthConfig['provider'] {
  if (!vars.OIDC_ISSUER) {
    // The embedded provider signs anyone in with the demo accounts (the administrator's too),
    // whose passwords its sign-in page shows: fine on this machine, never by accident elsewhere.
    if (servesOthers(server) && !vars.DEMO_MODE) {
      throw new ConfigError([
        `OIDC_ISSUER: is required for a shop other people reach (PUBLIC_URL ${server.publicUrl.origin}): without it the demo identity provider runs, and anyone can sign in as the administrator with the demo password its sign-in page shows. Set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_AUDIENCE for your identity provider, or set DEMO_MODE=true if this shop is a public demonstration.`,
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
function servesOthers({ env, publicUrl }: Pick<ServerSettings, 'env' | 'publicUrl'>): boolean {
  if (publicUrl.protocol === 'https:') return true;
  return env === 'production' && !LOOPBACK_HOSTS.has(publicUrl.hostname);
}
