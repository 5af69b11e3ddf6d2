import type { IncomingMessage } from 'node:http';
import formbody from '@fastify/formbody';
import { LOGIN_RATE_LIMITED_MESSAGE } from '@labshop/shared/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { AppError } from '../../../core/app-error.ts';
import { perClientLimit } from '../../../http/rate-limits.ts';
import { DEMO_ACCOUNTS, authenticateDemoAccount } from './demo-accounts.ts';
import { tooManyFailuresMessage, type LoginThrottle } from './login-throttle.ts';
import { cspNonceOf } from './provider.ts';
import { loginPage, providerErrorPage } from './pages.ts';

export interface EmbeddedProviderRoutesOptions {
  provider: Provider;
  /** The site as visitors reach it: the provider's URLs and Secure cookies follow it. */
  publicOrigin: URL;
  homeUrl: string;
  /** Password tries (requests to the form) per client IP in the window. */
  loginRateLimit: { max: number; windowMs: number };
  /** Failed passwords slow their address down (login-throttle.ts). */
  throttle: LoginThrottle;
}

const MOUNT = '/oidc';

/**
 * Mounts the embedded provider at /oidc, and its sign-in page at /oidc/interaction/{uid}
 * (more specific routes win over the provider's wildcard).
 */
export async function embeddedProviderRoutes(
  app: FastifyInstance,
  { provider, publicOrigin, homeUrl, loginRateLimit, throttle }: EmbeddedProviderRoutesOptions,
): Promise<void> {
  const callback = provider.callback();

  /**
   * The provider sees every request as addressed to the public origin: behind a TLS proxy, over
   * an in-process call, or with forged X-Forwarded-* headers alike.
   */
  function asPublicOrigin(raw: IncomingMessage): IncomingMessage {
    raw.headers['x-forwarded-proto'] = publicOrigin.protocol.replace(':', '');
    raw.headers['x-forwarded-host'] = publicOrigin.host;
    return raw;
  }

  await app.register(async (mount) => {
    // oidc-provider reads request bodies itself: leave the stream untouched.
    mount.removeAllContentTypeParsers();
    mount.addContentTypeParser('*', (_request, _payload, done) => done(null));

    mount.route({
      method: ['GET', 'HEAD', 'POST', 'OPTIONS', 'DELETE'],
      url: `${MOUNT}/*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        const raw = asPublicOrigin(request.raw);
        // Our security headers were set on the reply; the provider writes to the raw response.
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) reply.raw.setHeader(name, value);
        }
        cspNonceOf.set(raw, request.cspNonce);
        reply.hijack();
        const url = raw.url ?? '/';
        // Koa sees the path below the mount and rebuilds absolute URLs from originalUrl.
        Object.assign(raw, { originalUrl: url, url: url.slice(MOUNT.length) || '/' });
        await callback(raw, reply.raw);
      },
    });
  });

  await app.register(async (plugin) => {
    await plugin.register(formbody);
    const interactions = plugin.withTypeProvider<ZodTypeProvider>();

    // Too many tries: a page a person can read (429 with Retry-After), not JSON.
    plugin.setErrorHandler((error, _request, reply) => {
      if (error instanceof AppError && error.kind === 'too_many_requests') {
        return sendHtml(reply.code(429), providerErrorPage(error.message, homeUrl));
      }
      throw error;
    });

    const UidParams = z.object({ uid: z.string().min(1).max(100) });
    const LoginBody = z.object({
      email: z.string().max(320).default(''),
      password: z.string().max(200).default(''),
    });

    interactions.get(
      `${MOUNT}/interaction/:uid`,
      { schema: { hide: true, params: UidParams } },
      async (request, reply) => {
        const details = await interactionFor(request, reply);
        if (!details) return;
        return sendHtml(
          reply,
          loginPage({
            action: `${MOUNT}/interaction/${details.uid}/login`,
            demoAccounts: DEMO_ACCOUNTS,
          }),
        );
      },
    );

    interactions.post(
      `${MOUNT}/interaction/:uid/login`,
      {
        config: {
          rateLimit: perClientLimit({ ...loginRateLimit, message: LOGIN_RATE_LIMITED_MESSAGE }),
        },
        schema: { hide: true, params: UidParams, body: LoginBody },
      },
      async (request, reply) => {
        const details = await interactionFor(request, reply);
        if (!details) return;
        const { email, password } = request.body;
        const attempt = { address: request.ip, email };
        // Checked before the password: a try during the wait learns nothing.
        const wait = await throttle.secondsToWait(attempt);
        if (wait > 0) {
          request.log.warn({ uid: details.uid }, 'embedded provider: sign-in slowed down');
          return sendHtml(
            reply.code(429).header('retry-after', String(wait)),
            loginPage({
              action: `${MOUNT}/interaction/${details.uid}/login`,
              email,
              error: tooManyFailuresMessage(wait),
              demoAccounts: DEMO_ACCOUNTS,
            }),
          );
        }
        const account = authenticateDemoAccount(email, password);
        if (!account) {
          await throttle.recordFailure(attempt);
          request.log.info({ uid: details.uid }, 'embedded provider: wrong e-mail or password');
          return sendHtml(
            reply.code(401),
            loginPage({
              action: `${MOUNT}/interaction/${details.uid}/login`,
              email,
              error: 'Wrong e-mail or password.',
              demoAccounts: DEMO_ACCOUNTS,
            }),
          );
        }
        await throttle.recordSuccess(attempt);
        const redirectTo = await provider.interactionResult(
          asPublicOrigin(request.raw),
          reply.raw,
          {
            login: { accountId: account.subject },
          },
        );
        return reply.redirect(redirectTo, 303);
      },
    );
  });

  /** The pending interaction behind this page, or an answered error page when it is gone. */
  async function interactionFor(request: FastifyRequest, reply: FastifyReply) {
    try {
      const details = await provider.interactionDetails(asPublicOrigin(request.raw), reply.raw);
      if (details.uid !== (request.params as { uid: string }).uid) throw new Error('uid mismatch');
      return details;
    } catch {
      await sendHtml(
        reply.code(400),
        providerErrorPage(
          'This sign-in page has expired. Go back to the shop and choose Login again.',
          homeUrl,
        ),
      );
      return undefined;
    }
  }
}

function sendHtml(reply: FastifyReply, html: string) {
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
