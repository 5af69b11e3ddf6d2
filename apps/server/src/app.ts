import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { errorHandler } from './http/errors.ts';
import { healthRoutes } from './http/health-routes.ts';
import { openApi } from './http/openapi.ts';
import { securityHeaders } from './http/security-headers.ts';
import { registerSsr } from './http/ssr.ts';
import { uploadsStatic } from './http/uploads-static.ts';
import type { FileStorage } from './integrations/storage/port.ts';
import { paths } from './paths.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  storage: FileStorage;
}

export interface AppOptions {
  /** Serve the web app: the built one, Vite's dev server, or none (API tests). */
  ssr: 'production' | 'development' | false;
}

/**
 * The composition root: the database, the integrations and the modules are wired here and
 * nowhere else. Order: framework plugins, our cross-cutting plugins, routes, then the web app,
 * which takes every path nothing else claimed.
 */
export async function buildApp(
  deps: AppDependencies,
  options: AppOptions,
): Promise<FastifyInstance> {
  const { config, database } = deps;
  let shuttingDown = false;

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      ...(config.env === 'development'
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
        : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Identical URLs with or without a trailing slash.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // From the moment close() is called: readiness fails, and every response still going out
  // closes its connection, so keep-alive clients cannot hold the shutdown open.
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('connection', 'close');
  });

  await app.register(cookie);
  await app.register(securityHeaders, {
    https: config.publicUrl.protocol === 'https:',
    development: options.ssr === 'development',
  });
  await app.register(errorHandler);
  await app.register(openApi, { publicUrl: config.publicUrl.origin });

  await app.register(healthRoutes, {
    pingDatabase: () => database.ping(),
    isShuttingDown: () => shuttingDown,
  });
  await app.register(uploadsStatic, { root: config.uploadsDir });

  if (options.ssr) {
    await registerSsr(app, {
      mode: options.ssr,
      webRoot: paths.webRoot,
      webBuild: paths.webBuild,
      publicConfig: { publicUrl: config.publicUrl.origin },
    });
  }

  return app;
}
