import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/index.ts';
import type { DatabaseHandle } from './db/client.ts';
import { loadOrCreateSecret } from './db/app-secrets.ts';
import { access } from './http/access.ts';
import { apiEtags } from './http/api-etags.ts';
import { cacheInvalidation } from './http/cache-invalidation.ts';
import { canonicalHost } from './http/canonical-host.ts';
import { compression } from './http/compression.ts';
import { clientErrorHandler, errorHandler, frameworkErrorHandler } from './http/errors.ts';
import { healthRoutes } from './http/health-routes.ts';
import { jsonBody } from './http/json-body.ts';
import { loadShedding } from './http/load-shedding.ts';
import { openApi } from './http/openapi.ts';
import { requestLogSerializer } from './http/log-redaction.ts';
import { rateLimits } from './http/rate-limits.ts';
import { securityHeaders } from './http/security-headers.ts';
import { registerSsr } from './http/ssr.ts';
import { uploads } from './http/uploads.ts';
import { uploadsStatic } from './http/uploads-static.ts';
import { createCaptcha } from './integrations/captcha/index.ts';
import { mountEmbeddedIdentity } from './integrations/identity/embedded/index.ts';
import { createMailer } from './integrations/mail/index.ts';
import { createOpenIdClient } from './integrations/identity/openid-client.ts';
import type { IdentityProvider } from './integrations/identity/port.ts';
import { createErp } from './integrations/erp/index.ts';
import type { Erp } from './integrations/erp/port.ts';
import { createPaymentGateway } from './integrations/payments/index.ts';
import type { PaymentGateway } from './integrations/payments/port.ts';
import type { FileStorage } from './integrations/storage/port.ts';
import { createCacheInvalidation } from './cache/invalidation.ts';
import { createOrderRepo } from './db/orders-repo.ts';
import { createOrderJobHandlers } from './jobs/order-jobs.ts';
import { createOrderStatusHandlers, enqueueOrderStatusRound } from './jobs/order-status.ts';
import { createOutboxWorker } from './jobs/outbox.ts';
import { registerAccountModule } from './modules/account/module.ts';
import { registerAdminModule } from './modules/admin/module.ts';
import { registerAuditModule } from './modules/audit/module.ts';
import type { resolveRequestUser } from './modules/auth/routes.ts';
import { registerAuthModule } from './modules/auth/module.ts';
import { registerCatalogModule } from './modules/catalog/module.ts';
import { registerCheckoutModule } from './modules/checkout/module.ts';
import { registerContactModule } from './modules/contact/module.ts';
import { registerContentModule } from './modules/content/module.ts';
import { registerErpModule } from './modules/erp/module.ts';
import { registerMailModule } from './modules/mail/module.ts';
import type { ModuleContext } from './modules/module-context.ts';
import { registerNewsletterModule } from './modules/newsletter/module.ts';
import { registerOrdersModule } from './modules/orders/module.ts';
import { registerQuotesModule } from './modules/quotes/module.ts';
import { registerTermsModule } from './modules/terms/module.ts';
import { registerFreightModule } from './modules/freight/module.ts';
import { paths } from './paths.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card gateway the checkout charges through (tests read the sandbox's records). */
    readonly paymentGateway: PaymentGateway;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  storage: FileStorage;
  /** The ERP; by default the configured one (tests pass a fake). */
  erp?: Erp;
}

export interface AppOptions {
  /** Serve the web app: the built one, Vite's dev server, or none (API tests). */
  ssr: 'production' | 'development' | false;
  /** Where the log lines go instead of stdout (tests read them); pino-pretty is then off. */
  logStream?: DestinationStream;
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
  const https = config.publicUrl.protocol === 'https:';
  const { app, isShuttingDown } = createFastify(config, options);

  // First of the request hooks: a request for another host name is sent to PUBLIC_URL's
  // before any other work (http/canonical-host.ts).
  await app.register(canonicalHost, { publicUrl: config.publicUrl });

  // Signs the login-transaction cookie; made once and shared by every instance.
  const cookieSecret = await loadOrCreateSecret(database.db, 'cookie-signing-key', () =>
    randomBytes(32).toString('base64url'),
  );
  await app.register(cookie, { secret: cookieSecret });
  const siteOrigin = config.publicUrl.origin;
  const gateway = createPaymentGateway(config.payments, { siteOrigin, log: app.log });
  app.decorate('paymentGateway', gateway);
  await app.register(securityHeaders, {
    https,
    development: options.ssr === 'development',
    imageOrigins: imageOrigins(deps),
    ...captchaOrigins(config),
    tokenizerOrigin: gateway.tokenizer.origin,
  });
  await app.register(errorHandler);
  // Before any route: compression hooks each route as it is added. ETags are made in a global
  // onSend hook, which runs before the route-level one that compresses.
  await app.register(compression);
  await app.register(apiEtags);
  // Every instance's read caches follow every write (decision 007).
  const invalidation = createCacheInvalidation({
    notifications: database.notifications,
    log: app.log,
  });
  await app.register(cacheInvalidation, { invalidation });
  // Before any route, so every route (the identity provider's too) lands in the access table.
  // Filled in once the login service exists (it needs the identity provider's routes mounted).
  const users: { resolve?: ReturnType<typeof resolveRequestUser> } = {};
  await app.register(access, {
    resolveUser: (request) => users.resolve?.(request) ?? Promise.resolve(null),
    siteOrigin,
  });
  // Before any route, after access (a signed-in client is its session): a refused request
  // costs no body, database or rendering work.
  await app.register(loadShedding, config.loadShedding);
  await app.register(openApi, { publicUrl: config.publicUrl.origin });
  await app.register(uploads);
  await app.register(jsonBody);
  // Before the routes: it reads each route's config.rateLimit as the route is added.
  await app.register(rateLimits, { db: database.db });

  // Every module registers its own routes (modules/<module>/module.ts); what one needs of
  // another is passed by name.
  const context: ModuleContext = {
    config,
    db: database.db,
    storage: deps.storage,
    invalidation,
    log: app.log,
    siteOrigin,
    https,
  };
  const identity = await identityProvider(app, deps);
  await app.register(healthRoutes, {
    pingDatabase: () => database.ping(),
    isShuttingDown,
  });
  if (config.storage.kind === 'local') {
    await app.register(uploadsStatic, { root: config.storage.dir });
  }
  users.resolve = await registerAuthModule(app, context, identity);
  const audit = await registerAuditModule(app, context);
  const catalog = await registerCatalogModule(app, context, audit);
  await registerContentModule(app, context, audit);

  const mailer = createMailer(config.mail, database.db);
  app.addHook('onClose', async () => mailer.close());
  // One verifier for every form that asks (contact, checkout): it logs "captcha off" once.
  const captcha = createCaptcha(config.captcha, app.log);
  // One ERP for the order sync, the customer copy and the price sync.
  const erp = deps.erp ?? createErp(config.erp, database.db, app.log);
  // The orders table's one owner, for the checkout, the order history and the dashboard.
  const orders = createOrderRepo(database.db);

  const contact = await registerContactModule(app, context, { audit, mailer, captcha });
  const customers = await registerErpModule(app, context, { erp, catalog, audit });
  const account = await registerAccountModule(app, context, { orders, customers, catalog, erp });
  const quotes = await registerQuotesModule(app, context, {
    account,
    audit,
    catalog,
    contact: contact.contact,
    mailer,
  });
  const terms = await registerTermsModule(app, context, { account, audit, customers, orders });
  const freight = await registerFreightModule(app, context, { audit, catalog });
  const checkout = await registerCheckoutModule(app, context, {
    quotes: quotes.quotes,
    terms,
    freight,
    orders,
    customers,
    catalog,
    captcha,
    gateway,
    contact: contact.contact,
    mailer,
  });
  const newsletter = await registerNewsletterModule(app, context, {
    audit,
    mailer,
    contact: contact.contact,
  });
  await registerMailModule(app, context);
  await registerOrdersModule(app, context, { orders, audit, erp });
  await registerAdminModule(app, context, {
    orders,
    declinedPaymentsSince: checkout.declinedPaymentsSince,
  });

  // ERP sync, order mails, failed contact mails and newsletter batches run from the outbox,
  // retried until they succeed.
  const outboxWorker = createOutboxWorker({
    db: database.db,
    handlers: {
      ...createOrderJobHandlers({ db: database.db, erp, mailer, log: app.log }),
      ...createOrderStatusHandlers({
        db: database.db,
        erp,
        log: app.log,
        pollMs: config.orderStatusPollMs,
      }),
      ...checkout.jobs,
      ...quotes.jobs,
      ...contact.jobs,
      ...newsletter.jobs,
    },
    config: config.outbox,
    log: app.log,
  });
  app.addHook('onReady', async () => {
    // The order-status rounds chain themselves; this restarts the chain (once per period).
    if (config.outbox.enabled) {
      await enqueueOrderStatusRound(database.db, config.orderStatusPollMs);
    }
    outboxWorker.start();
  });
  // Before onClose (the mailer and the database close there): no job is cut off mid-way.
  app.addHook('preClose', async () => outboxWorker.stop());

  if (options.ssr) {
    await registerSsr(app, {
      mode: options.ssr,
      webRoot: paths.webRoot,
      webBuild: paths.webBuild,
      pageCacheMs: config.pageCacheMs,
      publicConfig: {
        publicUrl: siteOrigin,
        analyticsUrl: config.analyticsUrl,
        storageBaseUrl: deps.storage.baseUrl,
        recaptchaSiteKey: config.captcha.kind === 'recaptcha' ? config.captcha.siteKey : null,
        recaptchaScriptUrl: config.captcha.scriptUrl,
        mapTileUrl: config.map.tileUrl,
        mapAttribution: config.map.attribution,
        shopTimeZone: config.shopTimeZone,
        tokenizerUrl: gateway.tokenizer.url,
        tokenizerOrigin: gateway.tokenizer.origin,
      },
    });
  }

  return app;
}

/**
 * The Fastify instance: logging without secrets, zod for schemas, our answers to requests the
 * framework refuses, and a shutdown that closes keep-alive connections.
 */
function createFastify(config: Config, options: AppOptions) {
  let shuttingDown = false;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      // Query strings carry customers' e-mail addresses, searches and signed links.
      serializers: { req: requestLogSerializer },
      ...(options.logStream
        ? { stream: options.logStream }
        : config.env === 'development'
          ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
          : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Identical URLs with or without a trailing slash.
    // Long enough for any product number or id, so a too-long one reaches its route's check.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
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
  return { app, isShuttingDown: () => shuttingDown };
}

/** Where pages load images from besides this site: the bucket or CDN, the production host. */
function imageOrigins({ config, storage }: AppDependencies): string[] {
  const origins = new Set<string>();
  if (/^https?:\/\//.test(storage.baseUrl)) origins.add(new URL(storage.baseUrl).origin);
  if (config.images.origin !== config.publicUrl.origin) origins.add(config.images.origin);
  // The contact page's map tiles; a {s} subdomain template allows every subdomain.
  const tileOrigin = /^https?:\/\/[^/]+/.exec(config.map.tileUrl)?.[0];
  if (tileOrigin) origins.add(tileOrigin.toLowerCase().replace('{s}', '*'));
  return [...origins];
}

/**
 * reCAPTCHA's script, the scripts it loads and its frames (Google's CSP advice); nothing when
 * the captcha is off. It talks to Google only from inside its frames, so connect-src stays 'self'.
 */
function captchaOrigins(config: Config): { scriptOrigins: string[]; frameOrigins: string[] } {
  if (config.captcha.kind === 'off') return { scriptOrigins: [], frameOrigins: [] };
  const script = new URL(config.captcha.scriptUrl).origin;
  return {
    scriptOrigins: [...new Set([script, 'https://www.gstatic.com'])],
    frameOrigins: [...new Set([script, 'https://www.google.com', 'https://recaptcha.google.com'])],
  };
}

/** The configured OpenID Connect issuer, or the embedded one mounted on this app. */
async function identityProvider(
  app: FastifyInstance,
  { config, database }: AppDependencies,
): Promise<IdentityProvider> {
  const provider = config.auth.provider;
  if (provider.kind === 'external') {
    return createOpenIdClient({ ...provider, rolesClaim: config.auth.rolesClaim });
  }
  if (config.env === 'production' && config.publicUrl.protocol === 'https:') {
    app.log.warn(
      'No OIDC_ISSUER is set: the embedded identity provider with its demo accounts is serving logins.',
    );
  }
  return mountEmbeddedIdentity(app, {
    db: database.db,
    siteOrigin: config.publicUrl.origin,
    rolesClaim: config.auth.rolesClaim,
    loginRateLimit: config.auth.loginRateLimit,
  });
}
