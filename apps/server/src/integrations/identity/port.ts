/**
 * The identity provider as the shop sees it: an OpenID Connect issuer that signs users in
 * (authorization code + PKCE), refreshes their tokens, ends their sessions, and signs the
 * access tokens that API callers send as Bearer. The one adapter (openid-client.ts) speaks to
 * any standard issuer: the embedded oidc-provider at /oidc, Auth0, Entra ID or Keycloak.
 */
export interface IdentityProvider {
  /** Where to send the browser, and what the callback must match. */
  startLogin(options: { redirectUri: string }): Promise<LoginStart>;
  /** Checks the provider's redirect back (state, nonce, PKCE) and redeems the code. */
  finishLogin(callbackUrl: URL, transaction: LoginTransaction): Promise<SignedInTokens>;
  /** New tokens from a refresh token; throws IdentityError('refresh_failed') when refused. */
  refresh(refreshToken: string): Promise<SignedInTokens>;
  /** The provider's logout URL that returns to `postLogoutRedirectUri`, if it has one. */
  logoutUrl(options: {
    idToken: string | null;
    postLogoutRedirectUri: string;
  }): Promise<URL | null>;
  /** Verifies a Bearer access token (signature by the issuer's JWKS, audience, expiry). */
  verifyAccessToken(token: string): Promise<IdentityClaims>;
}

export interface LoginTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface LoginStart {
  url: URL;
  transaction: LoginTransaction;
}

/** What the shop reads from a token about its holder. */
export interface IdentityClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  roles: string[];
}

export interface SignedInTokens {
  claims: IdentityClaims;
  idToken: string | null;
  accessToken: string;
  refreshToken: string | null;
  accessTokenExpiresAt: Date | null;
}

export type IdentityErrorKind =
  /** The callback does not belong to the transaction: state mismatch, replay, missing code. */
  | 'invalid_state'
  /** The provider answered the login with an error (the user refused, a misconfiguration). */
  | 'provider_error'
  /** The refresh token was refused; the session must end. */
  | 'refresh_failed'
  /** The Bearer token is not valid here. */
  | 'invalid_token'
  /** The provider could not be reached or answered nonsense. */
  | 'unavailable';

export class IdentityError extends Error {
  constructor(
    readonly kind: IdentityErrorKind,
    message: string,
    /** The provider's own error code (e.g. access_denied), for the log and the error page. */
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}
