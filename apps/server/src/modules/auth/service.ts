import { createHash, randomBytes } from 'node:crypto';
import { LOGIN_ERROR_MESSAGES } from '@labshop/shared/auth';
import { COOKIE_MAX_AGE_SECONDS } from '@labshop/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthConfig } from '../../config/index.ts';
import type { RequestUser } from '../../http/access.ts';
import { AppError } from '../../core/app-error.ts';
import {
  IdentityError,
  type IdentityClaims,
  type IdentityProvider,
  type LoginTransaction,
  type SignedInTokens,
} from '../../integrations/identity/port.ts';
import type { SessionRepo, SessionRow } from './repo.ts';

/** Refresh the access token when it has less than this left. */
const REFRESH_MARGIN_MS = 60_000;

export interface PendingLogin extends LoginTransaction {
  /** The shop page to return to after the login. */
  returnTo: string;
  /** When the login began (ms since the epoch): a transaction lives one day. */
  startedAt: number;
}

export const LOGIN_TRANSACTION_MAX_AGE_MS = COOKIE_MAX_AGE_SECONDS.loginTransaction * 1000;

export interface AuthServiceDeps {
  repo: SessionRepo;
  identity: IdentityProvider;
  config: AuthConfig;
  /** The site origin, e.g. https://shop.example.com. */
  siteOrigin: string;
  log: FastifyBaseLogger;
}

/**
 * Login as a backend-for-frontend: the provider's tokens stay in the sessions table, the
 * browser holds only a random session id. Roles are decided here, from verified claims.
 */
export function createAuthService({ repo, identity, config, siteOrigin, log }: AuthServiceDeps) {
  const callbackUrl = `${siteOrigin}/auth/callback`;
  /** One refresh per session at a time in this process; the repo settles races between processes. */
  const refreshing = new Map<string, Promise<SessionRow | null>>();

  function isAdmin(claims: IdentityClaims): boolean {
    const byEmail =
      claims.emailVerified && claims.email !== null && config.adminEmails.includes(claims.email);
    return byEmail || claims.roles.includes(config.adminRole);
  }

  function userFromSession(row: SessionRow): RequestUser {
    return {
      subject: row.userSubject,
      email: row.email,
      emailVerified: row.emailVerified,
      name: row.name,
      isAdmin: row.isAdmin,
      via: 'session',
    };
  }

  function sessionFields(tokens: SignedInTokens) {
    return {
      email: tokens.claims.email,
      emailVerified: tokens.claims.emailVerified,
      name: tokens.claims.name,
      isAdmin: isAdmin(tokens.claims),
      idToken: tokens.idToken,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    };
  }

  async function refreshSession(row: SessionRow): Promise<SessionRow | null> {
    const usedRefreshToken = row.refreshToken;
    if (!usedRefreshToken) {
      // Nothing to refresh with: the session lasts as long as its access token.
      await repo.delete(row.idHash);
      return null;
    }
    try {
      const tokens = await identity.refresh(usedRefreshToken);
      const fields = sessionFields(tokens);
      if (await repo.replaceTokens(row.idHash, usedRefreshToken, fields))
        return { ...row, ...fields };
      // Another instance refreshed first: use what it stored.
      return (await repo.find(row.idHash)) ?? null;
    } catch (error) {
      if (error instanceof IdentityError && error.kind === 'refresh_failed') {
        log.info(
          { subject: row.userSubject, code: error.providerCode },
          'session ended: refresh refused',
        );
        await repo.delete(row.idHash);
        return null;
      }
      // The provider is down: keep the session (bounded by its own expiry) rather than sign
      // everyone out; the next request tries again.
      log.warn({ err: error }, 'session refresh failed; keeping the session for now');
      return row;
    }
  }

  return {
    /** Starts a login; the caller keeps the transaction in a cookie and redirects to `url`. */
    async beginLogin(returnTo: string | undefined): Promise<{ url: URL; pending: PendingLogin }> {
      const { url, transaction } = await identity.startLogin({ redirectUri: callbackUrl });
      return {
        url,
        pending: { ...transaction, returnTo: safeReturnTo(returnTo), startedAt: Date.now() },
      };
    },

    /** Checks the provider's answer against the pending login and opens a session. */
    async completeLogin(
      callback: URL,
      pending: PendingLogin,
    ): Promise<{ sessionId: string; returnTo: string }> {
      if (Date.now() - pending.startedAt > LOGIN_TRANSACTION_MAX_AGE_MS) {
        throw new IdentityError('invalid_state', 'Invalid state: the login transaction expired');
      }
      const tokens = await identity.finishLogin(callback, pending);
      const sessionId = randomBytes(32).toString('base64url');
      const now = new Date();
      await repo.deleteExpired(now);
      await repo.insert({
        idHash: hashSessionId(sessionId),
        userSubject: tokens.claims.subject,
        ...sessionFields(tokens),
        expiresAt: new Date(now.getTime() + config.sessionMaxAgeSeconds * 1000),
      });
      log.info({ subject: tokens.claims.subject }, 'signed in');
      return { sessionId, returnTo: pending.returnTo };
    },

    /** The user of a session cookie, refreshing the tokens shortly before they expire. */
    async sessionUser(sessionId: string): Promise<RequestUser | null> {
      const idHash = hashSessionId(sessionId);
      let row: SessionRow | null | undefined = await repo.find(idHash);
      if (!row) return null;
      if (row.expiresAt.getTime() <= Date.now()) {
        await repo.delete(idHash);
        return null;
      }
      const expiresAt = row.accessTokenExpiresAt?.getTime();
      if (expiresAt !== undefined && expiresAt - Date.now() < REFRESH_MARGIN_MS) {
        let pending = refreshing.get(idHash);
        if (!pending) {
          pending = refreshSession(row).finally(() => refreshing.delete(idHash));
          refreshing.set(idHash, pending);
        }
        row = await pending;
      }
      return row ? userFromSession(row) : null;
    },

    /** The user of a Bearer access token, or null when it is not valid here. */
    async bearerUser(token: string): Promise<RequestUser | null> {
      try {
        const claims = await identity.verifyAccessToken(token);
        return {
          subject: claims.subject,
          email: claims.email,
          emailVerified: claims.emailVerified,
          name: claims.name,
          isAdmin: isAdmin(claims),
          via: 'bearer',
        };
      } catch (error) {
        if (error instanceof IdentityError && error.kind === 'invalid_token') {
          log.info({ reason: error.message }, 'bearer token refused');
          return null;
        }
        if (error instanceof IdentityError && error.kind === 'unavailable') {
          // The token cannot be checked while the issuer's keys are out of reach: a retryable
          // 503, not a 500 and not a 401 that would make a client drop a good token.
          log.warn({ err: error }, 'bearer token not checked: identity provider unavailable');
          throw new AppError('unavailable', LOGIN_ERROR_MESSAGES.unavailable);
        }
        throw error;
      }
    },

    /** Ends the session here and answers where the browser goes to end it at the provider. */
    async logout(sessionId: string | undefined): Promise<string> {
      const home = `${siteOrigin}/`;
      if (!sessionId) return home;
      const idHash = hashSessionId(sessionId);
      const row = await repo.find(idHash);
      if (!row) return home;
      await repo.delete(idHash);
      log.info({ subject: row.userSubject }, 'signed out');
      try {
        const url = await identity.logoutUrl({ idToken: row.idToken, postLogoutRedirectUri: home });
        return url?.href ?? home;
      } catch (error) {
        log.warn({ err: error }, 'provider logout URL unavailable; signed out here only');
        return home;
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}

/**
 * A path on this site to return to after login; anything else (other hosts, protocol-relative
 * `//evil`, backslash tricks, the login routes themselves) becomes the home page.
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  // Control characters (header splitting) and backslashes (which browsers read as '/').
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  if (value.startsWith('/auth/')) return '/';
  return value;
}
