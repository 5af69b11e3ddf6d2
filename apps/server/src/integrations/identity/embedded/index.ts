import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { createInjectFetch } from '../../../core/in-process-fetch.ts';
import { createRateLimitCounter } from '../../../db/rate-limit-counter.ts';
import { createOpenIdClient } from '../openid-client.ts';
import type { IdentityProvider } from '../port.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { EMBEDDED_CLIENT_ID, createEmbeddedProvider, embeddedProviderSecrets } from './provider.ts';
import { embeddedProviderRoutes } from './routes.ts';

export interface EmbeddedIdentityOptions {
  db: Database;
  /** The site origin; the provider's issuer is this plus /oidc, the API audience plus /api. */
  siteOrigin: string;
  rolesClaim: string;
  /** Password tries (requests to the sign-in form) per client IP in the window. */
  loginRateLimit: { max: number; windowMs: number };
}

/**
 * The embedded mode's login: oidc-provider mounted at /oidc, and the same openid-client relying
 * party that production uses, talking to it in-process.
 */
export async function mountEmbeddedIdentity(
  app: FastifyInstance,
  options: EmbeddedIdentityOptions,
): Promise<IdentityProvider> {
  const secrets = await embeddedProviderSecrets(options.db);
  const issuer = `${options.siteOrigin}/oidc`;
  const audience = `${options.siteOrigin}/api`;
  const homeUrl = `${options.siteOrigin}/`;
  const provider = createEmbeddedProvider({
    issuer,
    db: options.db,
    clientSecret: secrets.clientSecret,
    audience,
    redirectUri: `${options.siteOrigin}/auth/callback`,
    postLogoutRedirectUri: homeUrl,
    homeUrl,
    signingKey: secrets.signingKey,
    cookieKeys: secrets.cookieKeys,
  });
  await embeddedProviderRoutes(app, {
    provider,
    publicOrigin: new URL(options.siteOrigin),
    homeUrl,
    loginRateLimit: options.loginRateLimit,
    throttle: createLoginThrottle({ db: options.db, count: createRateLimitCounter(options.db) }),
  });
  return createOpenIdClient({
    issuer: new URL(issuer),
    clientId: EMBEDDED_CLIENT_ID,
    clientSecret: secrets.clientSecret,
    audience,
    rolesClaim: options.rolesClaim,
    fetch: createInjectFetch(app),
  });
}
