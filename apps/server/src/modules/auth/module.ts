import type { FastifyInstance } from 'fastify';
import type { IdentityProvider } from '../../integrations/identity/port.ts';
import type { ModuleContext } from '../module-context.ts';
import { createSessionRepo } from './repo.ts';
import { authRoutes, resolveRequestUser } from './routes.ts';
import { createAuthService } from './service.ts';

/** Login through the identity provider and the shop's sessions; answers who a request is. */
export async function registerAuthModule(
  app: FastifyInstance,
  { config, db, log, siteOrigin, https }: ModuleContext,
  identity: IdentityProvider,
): Promise<ReturnType<typeof resolveRequestUser>> {
  const auth = createAuthService({
    repo: createSessionRepo(db),
    identity,
    config: config.auth,
    siteOrigin,
    log,
  });
  await app.register(authRoutes, {
    auth,
    secureCookies: https,
    sessionMaxAgeSeconds: config.auth.sessionMaxAgeSeconds,
    errorPath: config.auth.errorPath,
    siteOrigin,
    loginRateLimit: config.auth.loginRateLimit,
  });
  return resolveRequestUser(auth, https);
}
