import { COOKIES, COOKIE_MAX_AGE_SECONDS, hostCookieName } from '@labshop/shared/constants';
import {
  ANONYMOUS,
  LOGIN_RATE_LIMITED_MESSAGE,
  type LoginErrorReason,
  type Me,
} from '@labshop/shared/auth';
import { MeSchema } from '@labshop/shared/schemas/auth-dto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isForeignRequest } from '../../http/access.ts';
import { AppError } from '../../core/app-error.ts';
import { perClientLimit } from '../../http/rate-limits.ts';
import { IdentityError } from '../../integrations/identity/port.ts';
import type { AuthService, PendingLogin } from './service.ts';
import { messagePage } from '../../http/html.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** Cookies get the Secure flag when the site is served over https. */
  secureCookies: boolean;
  sessionMaxAgeSeconds: number;
  /** Where a failed login lands (with ?reason=). */
  errorPath: string;
  /** The site origin: a logout another site starts is not carried out. */
  siteOrigin: string;
  /** Login starts and returns per client IP in the window (each route counts its own). */
  loginRateLimit: { max: number; windowMs: number };
}

const PendingLoginSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectUri: z.string(),
  returnTo: z.string(),
  startedAt: z.number(),
});

/**
 * /auth/login, /auth/callback and /auth/logout (browser redirects, not JSON), and GET /api/me,
 * which server-rendered pages read to show the right prices and links in the first HTML.
 */
export async function authRoutes(fastify: FastifyInstance, options: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The header's Logout is a plain HTML form post.
  await app.register(formbody);
  const { auth } = options;
  const cookieBase = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secureCookies,
  };
  const transactionCookie = { ...cookieBase, path: '/auth', signed: true };
  const sessionCookie = hostCookieName(COOKIES.session, options.secureCookies);
  const loginLimit = perClientLimit({
    ...options.loginRateLimit,
    message: LOGIN_RATE_LIMITED_MESSAGE,
  });

  // These routes are browser navigations: a refusal for too many logins is a readable page
  // (429 with Retry-After), not JSON. Everything else goes to the app's error handler.
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AppError && error.kind === 'too_many_requests') {
      return reply
        .code(429)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(messagePage('Sign-in problem', error.message));
    }
    throw error;
  });

  function failLogin(reply: FastifyReply, reason: LoginErrorReason) {
    reply.clearCookie(COOKIES.loginTransaction, transactionCookie);
    return reply.redirect(`${options.errorPath}?reason=${reason}`, 303);
  }

  function reasonOf(error: unknown): LoginErrorReason {
    if (
      error instanceof IdentityError &&
      (error.kind === 'invalid_state' || error.kind === 'provider_error')
    ) {
      return error.kind;
    }
    return 'unavailable';
  }

  app.get(
    '/auth/login',
    {
      config: { rateLimit: loginLimit },
      schema: {
        tags: ['login'],
        summary: 'Starts the login: redirects to the identity provider',
        querystring: z.object({ returnTo: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      try {
        const { url, pending } = await auth.beginLogin(request.query.returnTo);
        reply.setCookie(COOKIES.loginTransaction, JSON.stringify(pending satisfies PendingLogin), {
          ...transactionCookie,
          maxAge: COOKIE_MAX_AGE_SECONDS.loginTransaction,
        });
        return reply.header('cache-control', 'no-store').redirect(url.href, 303);
      } catch (error) {
        request.log.error({ err: error }, 'login could not start');
        return failLogin(reply, 'unavailable');
      }
    },
  );

  app.get(
    '/auth/callback',
    {
      config: { rateLimit: loginLimit },
      schema: {
        tags: ['login'],
        summary: "The identity provider's redirect back after login",
        // What OpenID Connect sends back (RFC 6749 4.1.2, RFC 9207); the login client checks
        // them all, and any other parameter a provider adds is let through to it.
        querystring: z.looseObject({
          code: z.string().max(4000).optional().describe('The authorization code'),
          state: z.string().max(500).optional().describe("The login transaction's state"),
          iss: z.string().max(2000).optional().describe('The issuer that answered'),
          error: z.string().max(200).optional().describe("The provider's error code"),
          error_description: z.string().max(2000).optional(),
        }),
      },
    },
    async (request, reply) => {
      const pending = readPendingLogin(request);
      if (!pending) {
        request.log.warn('login callback without a valid login transaction');
        return failLogin(reply, 'invalid_state');
      }
      try {
        const callbackUrl = new URL(request.url, pending.redirectUri);
        const { sessionId, returnTo } = await auth.completeLogin(callbackUrl, pending);
        reply.clearCookie(COOKIES.loginTransaction, transactionCookie);
        reply.setCookie(sessionCookie, sessionId, {
          ...cookieBase,
          path: '/',
          maxAge: options.sessionMaxAgeSeconds,
        });
        return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
      } catch (error) {
        const reason = reasonOf(error);
        request.log.warn(
          {
            reason,
            err: error,
            providerCode: error instanceof IdentityError ? error.providerCode : undefined,
          },
          'login failed',
        );
        return failLogin(reply, reason);
      }
    },
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    // Another site's link or form must not end the visitor's session (logout CSRF).
    if (isForeignRequest(request, options.siteOrigin)) {
      request.log.info('logout started by another site: session kept');
      return reply.header('cache-control', 'no-store').redirect('/', 303);
    }
    const target = await auth.logout(request.cookies[sessionCookie]);
    reply.clearCookie(sessionCookie, { ...cookieBase, path: '/' });
    return reply.header('cache-control', 'no-store').redirect(target, 303);
  };
  const logoutSchema = {
    tags: ['login'],
    summary: 'Ends the session here and at the identity provider, then returns to the site',
  };
  app.get('/auth/logout', { schema: logoutSchema }, logout);
  app.post('/auth/logout', { schema: logoutSchema }, logout);

  app.get(
    '/api/me',
    {
      config: { access: 'public' },
      schema: {
        tags: ['login'],
        summary: 'The visitor: user, price tier and administrator flag',
        response: { 200: MeSchema },
      },
    },
    async (request, reply): Promise<Me> => {
      reply.header('cache-control', 'private, no-store');
      const user = await request.currentUser();
      if (!user) return ANONYMOUS;
      return {
        user: { name: user.name, email: user.email },
        tier: 'wholesale',
        isAdmin: user.isAdmin,
      };
    },
  );

  function readPendingLogin(request: FastifyRequest): PendingLogin | null {
    const raw = request.cookies[COOKIES.loginTransaction];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || unsigned.value === null) return null;
    try {
      const parsed = PendingLoginSchema.safeParse(JSON.parse(unsigned.value));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}

/** The caller from a Bearer token, else from the session cookie. */
export function resolveRequestUser(auth: AuthService, https: boolean) {
  // On https only the __Host- name counts: a plain one may have been planted by a subdomain.
  const sessionCookie = hostCookieName(COOKIES.session, https);
  return async (request: FastifyRequest) => {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization);
      return match?.[1] ? auth.bearerUser(match[1]) : null;
    }
    const sessionId = request.cookies[sessionCookie];
    return sessionId ? auth.sessionUser(sessionId) : null;
  };
}
