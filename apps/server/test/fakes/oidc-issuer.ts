import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import * as jose from 'jose';

/**
 * A local stand-in for an external OpenID Connect issuer shaped like Auth0 (issuer with a
 * trailing slash, JWKS at /.well-known/jwks.json): discovery and keys, and a signer for access
 * tokens as the issuer would mint them, so Bearer verification is tested over real HTTP.
 */
export interface FakeIssuer {
  issuer: string;
  /** An RS256 access token signed with the issuer's published key. */
  sign(claims: jose.JWTPayload, options?: SignOptions): Promise<string>;
  /** Signs with a key the issuer does not publish (a forgery). */
  signWithForeignKey(claims: jose.JWTPayload, options?: SignOptions): Promise<string>;
  /** An unsigned token (`alg: none`) with the issuer's claims. */
  signUnsecured(claims: jose.JWTPayload, options?: SignOptions): string;
  /** HS256 with the issuer's public key (PEM) as the HMAC secret: the key-confusion forgery. */
  signHs256WithPublicKey(claims: jose.JWTPayload, options?: SignOptions): Promise<string>;
  /**
   * The browser login at /authorize: it signs `login.claims` in at once and sends the browser
   * back with a code; /oauth/token redeems it as `login` says. Change it between logins.
   */
  login: FakeLogin;
  /** While true, every request's connection is cut (the provider is down). */
  down: boolean;
  close(): Promise<void>;
}

export interface SignOptions {
  audience?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Another issuer than this one (a token from elsewhere). */
  issuer?: string;
}

/** How the ID token from /oauth/token is spoiled, if at all. */
export type IdTokenFault =
  'wrong-nonce' | 'wrong-issuer' | 'wrong-audience' | 'expired' | 'alg-none' | 'foreign-key';

export interface FakeLogin {
  /** The ID token's claims about the user (sub, email, email_verified, name). */
  claims: jose.JWTPayload;
  idTokenFault?: IdTokenFault;
  /** The token endpoint answers 500 instead of tokens (for codes and refresh tokens). */
  tokenEndpointFails?: boolean;
}

/** The client id the shop uses with the fake issuer (externalIssuerEnv). */
export const TEST_CLIENT_ID = 'labshop-test';

export async function startFakeIssuer(defaultAudience: string): Promise<FakeIssuer> {
  const kid = 'fake-key-1';
  const { publicKey, privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
  const foreign = await jose.generateKeyPair('RS256');
  const jwk = { ...(await jose.exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };

  let origin = '';
  const codes = new Map<string, { nonce: string; challenge: string; login: FakeLogin }>();
  const refreshTokens = new Map<string, FakeLogin>();
  const state = {
    login: { claims: { sub: 'auth0|partner', email: 'lab@partner.example', email_verified: true } },
    down: false,
  } as { login: FakeLogin; down: boolean };

  const server: Server = createServer((request, response) => {
    if (state.down) {
      request.socket.destroy();
      return;
    }
    const send = (body: unknown, status = 200) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname === '/authorize') {
      const code = randomBytes(16).toString('base64url');
      codes.set(code, {
        nonce: url.searchParams.get('nonce') ?? '',
        challenge: url.searchParams.get('code_challenge') ?? '',
        login: { ...state.login },
      });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/oauth/token' && request.method === 'POST') {
      void readForm(request).then(async (form) => {
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (form.get('grant_type') === 'refresh_token') {
          const refreshed = refreshTokens.get(form.get('refresh_token') ?? '');
          if (!refreshed) return send({ error: 'invalid_grant' }, 400);
          if (state.login.tokenEndpointFails) return send({ error: 'server_error' }, 500);
          return send({
            access_token: await signWith(privateKey, kid)(refreshed.claims),
            id_token: await idToken({ claims: refreshed.claims }, undefined),
            token_type: 'Bearer',
            expires_in: 600,
          });
        }
        if (form.get('grant_type') !== 'authorization_code' || !grant) {
          return send({ error: 'invalid_grant' }, 400);
        }
        if (grant.login.tokenEndpointFails) return send({ error: 'server_error' }, 500);
        if (challenge !== grant.challenge) return send({ error: 'invalid_grant' }, 400);
        const refreshToken = randomBytes(16).toString('base64url');
        refreshTokens.set(refreshToken, grant.login);
        send({
          access_token: await signWith(privateKey, kid)(grant.login.claims),
          id_token: await idToken(grant.login, grant.nonce),
          refresh_token: refreshToken,
          token_type: 'Bearer',
          expires_in: 600,
        });
      });
      return;
    }
    if (request.url === '/.well-known/openid-configuration') {
      return send({
        issuer: `${origin}/`,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/oauth/token`,
        jwks_uri: `${origin}/.well-known/jwks.json`,
        end_session_endpoint: `${origin}/oidc/logout`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (request.url === '/.well-known/jwks.json') return send({ keys: [jwk] });
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake issuer not listening');
  origin = `http://127.0.0.1:${address.port}`;

  const signWith =
    (key: jose.CryptoKey, keyId: string) =>
    async (claims: jose.JWTPayload, options: SignOptions = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new jose.SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'at+jwt' })
        .setIssuer(options.issuer ?? `${origin}/`)
        .setAudience(options.audience ?? defaultAudience)
        .setIssuedAt(now - 5)
        .setExpirationTime(now + (options.expiresIn ?? 600))
        .sign(key);
    };

  const standardClaims = (claims: jose.JWTPayload, options: SignOptions): jose.JWTPayload => {
    const now = Math.floor(Date.now() / 1000);
    return {
      ...claims,
      iss: options.issuer ?? `${origin}/`,
      aud: options.audience ?? defaultAudience,
      iat: now - 5,
      exp: now + (options.expiresIn ?? 600),
    };
  };

  async function idToken(login: FakeLogin, nonce: string | undefined): Promise<string> {
    const fault = login.idTokenFault;
    const now = Math.floor(Date.now() / 1000);
    const payload: jose.JWTPayload = {
      ...login.claims,
      iss: fault === 'wrong-issuer' ? 'https://other-issuer.example/' : `${origin}/`,
      aud: fault === 'wrong-audience' ? 'someone-else' : TEST_CLIENT_ID,
      ...(nonce === undefined
        ? {}
        : { nonce: fault === 'wrong-nonce' ? 'not-the-nonce-of-this-login' : nonce }),
      iat: fault === 'expired' ? now - 7200 : now - 5,
      exp: fault === 'expired' ? now - 3600 : now + 600,
    };
    if (fault === 'alg-none') return new jose.UnsecuredJWT(payload).encode();
    return new jose.SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid })
      .sign(fault === 'foreign-key' ? foreign.privateKey : privateKey);
  }

  return {
    issuer: `${origin}/`,
    sign: signWith(privateKey, kid),
    signWithForeignKey: signWith(foreign.privateKey, kid),
    signUnsecured: (claims, options = {}) =>
      new jose.UnsecuredJWT(standardClaims(claims, options)).encode(),
    signHs256WithPublicKey: async (claims, options = {}) =>
      new jose.SignJWT(standardClaims(claims, options))
        .setProtectedHeader({ alg: 'HS256', kid, typ: 'at+jwt' })
        .sign(new TextEncoder().encode(await jose.exportSPKI(publicKey))),
    get login() {
      return state.login;
    },
    set login(value: FakeLogin) {
      state.login = value;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString())));
    request.on('error', reject);
  });
}

/** The audience the tests' external issuer signs access tokens for. */
export const TEST_AUDIENCE = 'https://api.labshop.test';

/** The shop's settings for logging in through `issuer` as an external provider. */
export function externalIssuerEnv(issuer: FakeIssuer): Record<string, string> {
  return {
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: TEST_CLIENT_ID,
    OIDC_CLIENT_SECRET: 'not-a-real-secret',
    OIDC_AUDIENCE: TEST_AUDIENCE,
  };
}

/** The administrator the API tests name in ADMIN_EMAILS. */
export const TEST_ADMIN_EMAIL = 'admin@lab.example';

/** Bearer tokens for the administrator (TEST_ADMIN_EMAIL, verified) and for a partner lab. */
export async function signRoleTokens(
  issuer: FakeIssuer,
): Promise<{ adminToken: string; partnerToken: string }> {
  return {
    adminToken: await issuer.sign({ sub: 'a', email: TEST_ADMIN_EMAIL, email_verified: true }),
    partnerToken: await issuer.sign({
      sub: 'p',
      email: 'lab@partner.example',
      email_verified: true,
    }),
  };
}
