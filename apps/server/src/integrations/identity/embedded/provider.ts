import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import * as jose from 'jose';
import Provider, {
  errors,
  type Configuration,
  type JWK,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { loadOrCreateSecret } from '../../../db/app-secrets.ts';
import type { Database } from '../../../db/client.ts';
import { databaseAdapter } from './adapter.ts';
import { findDemoAccount } from './demo-accounts.ts';
import { logoutPage, providerErrorPage, signedOutPage } from './pages.ts';

export const EMBEDDED_CLIENT_ID = 'labshop-web';
/** The scope the shop's API grants; the shop checks roles, not scopes. */
const API_SCOPE = 'shop';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

export interface EmbeddedProviderOptions {
  /** The provider's issuer: the site origin plus /oidc. */
  issuer: string;
  db: Database;
  clientSecret: string;
  /** The shop API's identifier: the `aud` of every access token. */
  audience: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** The site's home, linked from the provider's own pages. */
  homeUrl: string;
  signingKey: JWK;
  cookieKeys: string[];
}

/** The secrets the embedded provider needs, made on first start and kept in the database. */
export async function embeddedProviderSecrets(db: Database) {
  const signingKey = JSON.parse(
    await loadOrCreateSecret(db, 'oidc-signing-key', async () => {
      const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
      const jwk = await jose.exportJWK(privateKey);
      return JSON.stringify({
        ...jwk,
        alg: 'RS256',
        use: 'sig',
        kid: randomBytes(8).toString('hex'),
      });
    }),
  ) as JWK;
  const cookieKey = await loadOrCreateSecret(db, 'oidc-cookie-key', randomSecret);
  const clientSecret = await loadOrCreateSecret(db, 'oidc-client-secret', randomSecret);
  return { signingKey, cookieKeys: [cookieKey], clientSecret };
}

function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The CSP nonce of the request the provider is answering (its logout page has one script). */
export const cspNonceOf = new WeakMap<IncomingMessage, string>();

/**
 * oidc-provider configured as a small Auth0: authorization code with PKCE (S256 required),
 * the `audience` parameter selecting the API, RS256 JWT access tokens carrying the e-mail,
 * refresh tokens, RP-initiated logout; accounts are the demo accounts; consent is implied for
 * the shop, its only client.
 */
export function createEmbeddedProvider(options: EmbeddedProviderOptions): Provider {
  const resourceServer = {
    scope: API_SCOPE,
    audience: options.audience,
    accessTokenFormat: 'jwt' as const,
    accessTokenTTL: 10 * MINUTE,
    jwt: { sign: { alg: 'RS256' as const } },
  };

  const accountClaims = (accountId: string | undefined) => {
    const account = accountId ? findDemoAccount(accountId) : undefined;
    return account ? { email: account.email, email_verified: true, name: account.name } : undefined;
  };

  const configuration: Configuration = {
    adapter: databaseAdapter(options.db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: options.clientSecret,
        client_name: 'Labshop',
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx, subject) {
      const claims = accountClaims(subject);
      if (!claims) return undefined;
      return { accountId: subject, claims: () => ({ sub: subject, ...claims }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The ID token carries e-mail and name, so the shop needs no userinfo call.
    conformIdTokenClaims: false,
    jwks: { keys: [options.signingKey] },
    cookies: { keys: options.cookieKeys },
    pkce: { required: () => true },
    extraParams: ['audience'],
    ttl: {
      AccessToken: 10 * MINUTE,
      AuthorizationCode: MINUTE,
      IdToken: 10 * MINUTE,
      Interaction: 60 * MINUTE,
      Grant: 14 * DAY,
      Session: 14 * DAY,
      RefreshToken: 14 * DAY,
    },
    // A refresh token for the shop's client whether or not offline_access survived (the OIDC
    // rule drops it without prompt=consent); it still dies with the provider session.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    extraTokenClaims: async (_ctx, token) =>
      accountClaims('accountId' in token ? token.accountId : undefined),
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      // The shop is this provider's only, first-party client: no consent screen.
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(options.audience, API_SCOPE);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: (ctx) => {
          const requested = ctx.oidc.params?.audience;
          return typeof requested === 'string' ? requested : options.audience;
        },
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== options.audience) throw new errors.InvalidTarget();
          return resourceServer;
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form, cspNonceOf.get(ctx.req) ?? '');
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(options.homeUrl);
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = providerErrorPage(
        out.error_description ?? out.error ?? 'The sign-in could not be completed.',
        options.homeUrl,
      );
    },
  };

  const provider = new Provider(options.issuer, configuration);
  // The provider builds its URLs and cookie flags from X-Forwarded-Proto/-Host, which the
  // mount (routes.ts) always sets to the site's public origin, whatever the request carried.
  provider.proxy = true;
  return provider;
}
