import { createServer, type Server } from 'node:http';
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
  close(): Promise<void>;
}

export interface SignOptions {
  audience?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
}

export async function startFakeIssuer(defaultAudience: string): Promise<FakeIssuer> {
  const kid = 'fake-key-1';
  const { publicKey, privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
  const foreign = await jose.generateKeyPair('RS256');
  const jwk = { ...(await jose.exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };

  let origin = '';
  const server: Server = createServer((request, response) => {
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
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
        .setIssuer(`${origin}/`)
        .setAudience(options.audience ?? defaultAudience)
        .setIssuedAt(now - 5)
        .setExpirationTime(now + (options.expiresIn ?? 600))
        .sign(key);
    };

  return {
    issuer: `${origin}/`,
    sign: signWith(privateKey, kid),
    signWithForeignKey: signWith(foreign.privateKey, kid),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The audience the tests' external issuer signs access tokens for. */
export const TEST_AUDIENCE = 'https://api.labshop.test';

/** The shop's settings for logging in through `issuer` as an external provider. */
export function externalIssuerEnv(issuer: FakeIssuer): Record<string, string> {
  return {
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'labshop-test',
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
