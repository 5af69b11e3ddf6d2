import * as jose from 'jose';
import * as oidc from 'openid-client';
import {
  IdentityError,
  type IdentityClaims,
  type IdentityProvider,
  type LoginTransaction,
  type SignedInTokens,
} from './port.ts';

export interface OpenIdClientOptions {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** The API identifier: requested as `audience` and required in Bearer tokens. */
  audience: string;
  /** The claim that lists the holder's roles (string, list, or space-separated). */
  rolesClaim: string;
  /**
   * How to reach the issuer. The embedded provider lives in this process, so its calls go
   * through Fastify's inject instead of the network (they work before the port is open and
   * behind any proxy).
   */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

const SCOPE = 'openid profile email offline_access';
/** Seconds of clock difference tolerated between the provider and us. */
const CLOCK_TOLERANCE_SECONDS = 60;
const REQUEST_TIMEOUT_SECONDS = 10;

/**
 * The identity integration for any standard OpenID Connect issuer, with openid-client (the
 * relying party) and jose (Bearer verification). Discovery happens on first use and is cached,
 * so the shop starts even while the provider is down.
 */
export function createOpenIdClient(options: OpenIdClientOptions): IdentityProvider {
  let configuration: Promise<oidc.Configuration> | undefined;
  let jwks: ReturnType<typeof jose.createRemoteJWKSet> | undefined;

  function discover(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(
        options.issuer,
        options.clientId,
        { client_secret: options.clientSecret, [oidc.clockTolerance]: CLOCK_TOLERANCE_SECONDS },
        undefined,
        {
          timeout: REQUEST_TIMEOUT_SECONDS,
          execute: [
            // http issuers exist only in tests and the embedded mode on a plain-http laptop.
            ...(options.issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
            // The ID token's signature is checked against the issuer's JWKS too, not only its
            // claims: a token signed by another key, or not at all, never opens a session.
            oidc.enableNonRepudiationChecks,
          ],
          ...(options.fetch ? { [oidc.customFetch]: options.fetch } : {}),
        },
      )
      .catch((error: unknown) => {
        // Try again on the next call rather than caching the failure.
        configuration = undefined;
        throw new IdentityError(
          'unavailable',
          `The identity provider is unreachable: ${describe(error)}`,
        );
      });
    return configuration;
  }

  async function keySet() {
    if (jwks) return jwks;
    const uri = (await discover()).serverMetadata().jwks_uri;
    if (!uri) throw new IdentityError('unavailable', 'The identity provider publishes no JWKS.');
    jwks = jose.createRemoteJWKSet(new URL(uri), {
      timeoutDuration: REQUEST_TIMEOUT_SECONDS * 1000,
      ...(options.fetch ? { [jose.customFetch]: options.fetch } : {}),
    });
    return jwks;
  }

  async function verifyAccessToken(token: string): Promise<IdentityClaims> {
    const config = await discover();
    try {
      const { payload } = await jose.jwtVerify(token, await keySet(), {
        issuer: config.serverMetadata().issuer,
        audience: options.audience,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
      });
      return claimsFrom(payload, options.rolesClaim);
    } catch (error) {
      if (error instanceof IdentityError) throw error;
      throw new IdentityError('invalid_token', `The access token is not valid: ${describe(error)}`);
    }
  }

  /** The holder as the ID token and (when it is a JWT for our audience) the access token say. */
  async function tokensFrom(
    response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
    previous?: IdentityClaims,
  ): Promise<SignedInTokens> {
    const idClaims = response.claims();
    let claims: IdentityClaims | undefined = idClaims
      ? claimsFrom(idClaims, options.rolesClaim)
      : previous;
    const accessClaims = await verifyAccessToken(response.access_token).catch(() => null);
    if (!claims && accessClaims) claims = accessClaims;
    if (!claims) {
      throw new IdentityError('unavailable', 'The identity provider returned no ID token.');
    }
    if (accessClaims) {
      claims = { ...claims, roles: [...new Set([...claims.roles, ...accessClaims.roles])] };
    }
    const expiresIn = response.expiresIn();
    return {
      claims,
      idToken: response.id_token ?? null,
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? null,
      accessTokenExpiresAt:
        expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000),
    };
  }

  return {
    async startLogin({ redirectUri }) {
      const config = await discover();
      const transaction: LoginTransaction = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        redirectUri,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state: transaction.state,
        nonce: transaction.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
        code_challenge_method: 'S256',
        audience: options.audience,
      });
      return { url, transaction };
    },

    async finishLogin(callbackUrl, transaction) {
      const params = callbackUrl.searchParams;
      if (params.get('state') !== transaction.state) {
        throw new IdentityError('invalid_state', 'Invalid state');
      }
      const providerError = params.get('error');
      if (providerError) {
        throw new IdentityError(
          'provider_error',
          params.get('error_description') ?? providerError,
          providerError,
        );
      }
      const config = await discover();
      try {
        const response = await oidc.authorizationCodeGrant(config, callbackUrl, {
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          pkceCodeVerifier: transaction.codeVerifier,
          idTokenExpected: true,
        });
        return await tokensFrom(response);
      } catch (error) {
        if (error instanceof IdentityError) throw error;
        if (providerFailed(error)) {
          throw new IdentityError(
            'unavailable',
            `The identity provider failed to complete the login: ${describe(error)}`,
          );
        }
        if (error instanceof oidc.AuthorizationResponseError) {
          throw new IdentityError(
            'provider_error',
            error.error_description ?? error.error,
            error.error,
          );
        }
        if (error instanceof oidc.ResponseBodyError || error instanceof oidc.ClientError) {
          // A used or forged code, a PKCE or nonce mismatch: this callback is not ours.
          throw new IdentityError('invalid_state', `Invalid state: ${describe(error)}`);
        }
        throw new IdentityError(
          'unavailable',
          `The login could not be completed: ${describe(error)}`,
        );
      }
    },

    async refresh(refreshToken) {
      const config = await discover();
      try {
        const response = await oidc.refreshTokenGrant(config, refreshToken);
        const tokens = await tokensFrom(response);
        // Providers that do not rotate refresh tokens return none: the old one stays valid.
        return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
      } catch (error) {
        // A refusal ends the session; the provider's own failure (5xx) does not.
        if (error instanceof oidc.ResponseBodyError && !providerFailed(error)) {
          throw new IdentityError(
            'refresh_failed',
            `The session was refused: ${describe(error)}`,
            error.error,
          );
        }
        throw new IdentityError(
          'unavailable',
          `The session could not be refreshed: ${describe(error)}`,
        );
      }
    },

    async logoutUrl({ idToken, postLogoutRedirectUri }) {
      const config = await discover();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, {
        post_logout_redirect_uri: postLogoutRedirectUri,
        client_id: options.clientId,
        ...(idToken ? { id_token_hint: idToken } : {}),
      });
    },

    verifyAccessToken,
  };
}

/** The shop's view of a token's claims; roles come from the configured claim. */
export function claimsFrom(payload: jose.JWTPayload, rolesClaim: string): IdentityClaims {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const email = text(payload.email);
  return {
    subject: text(payload.sub) ?? '',
    email: email?.toLowerCase() ?? null,
    emailVerified: payload.email_verified === true,
    name: text(payload.name) ?? text(payload.nickname) ?? email,
    roles: rolesFrom(payload[rolesClaim]),
  };
}

function rolesFrom(value: unknown): string[] {
  if (typeof value === 'string') return value.split(' ').filter(Boolean);
  if (Array.isArray(value)) return value.filter((role): role is string => typeof role === 'string');
  return [];
}

/** The provider's own failure (a 5xx answer), not a verdict on this login: worth retrying. */
function providerFailed(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError) return error.status >= 500;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Response && cause.status >= 500;
}

function describe(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError)
    return `${error.error}: ${error.error_description ?? ''}`.trim();
  return error instanceof Error ? error.message : String(error);
}
