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
import { createRateLimitCounter } from './db/rate-limit-counter.ts';
import { securityHeaders } from './http/security-headers.ts';
import { sandboxTokenizer } from './http/sandbox-tokenizer.ts';
import { registerSsr } from './http/ssr.ts';
import { uploads } from './http/uploads.ts';
import { uploadsStatic } from './http/uploads-static.ts';
import { createCaptcha } from './integrations/captcha/index.ts';
import { createCachedGeocoder } from './integrations/geocoder/cache.ts';
import { createGeocoder } from './integrations/geocoder/index.ts';
import { mountEmbeddedIdentity } from './integrations/identity/embedded/index.ts';
import { createMailer } from './integrations/mail/index.ts';
import { createOpenIdClient } from './integrations/identity/openid-client.ts';
import type { IdentityProvider } from './integrations/identity/port.ts';
import { createErp } from './integrations/erp/index.ts';
import type { Erp } from './integrations/erp/port.ts';
import { createPaymentGateway } from './integrations/payments/index.ts';
import type { PaymentGateway } from './integrations/payments/port.ts';
import type { FileStorage } from './integrations/storage/port.ts';
import { createDashboardRepo } from './modules/admin/repo.ts';
import { createAuditRepo } from './modules/audit/repo.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { createAuditService } from './modules/audit/service.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { createDashboardService } from './modules/admin/service.ts';
import { createOrdersRepo } from './modules/orders/repo.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { createOrdersService } from './modules/orders/service.ts';
import { createSessionRepo } from './modules/auth/repo.ts';
import { createCacheInvalidation } from './cache/invalidation.ts';
import { createReadCache } from './cache/read-cache.ts';
import { createCatalogRepo } from './modules/catalog/repo.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { catalogAnswerBytes, createCatalogService } from './modules/catalog/service.ts';
import { createCustomersService } from './modules/erp/customers-service.ts';
import { createSyncLedger } from './modules/erp/ledger.ts';
import { createPriceSyncService } from './modules/erp/price-sync-service.ts';
import { createErpRepo } from './modules/erp/repo.ts';
import { erpRoutes } from './modules/erp/routes.ts';
import { createContentRepo } from './modules/content/repo.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { createContentService } from './modules/content/service.ts';
import {
  createPaymentGuard,
  DECLINE_ALERT_JOB,
  declineAlertMailer,
} from './modules/checkout/payment-guard.ts';
import { createCheckoutRepo } from './modules/checkout/repo.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { createCheckoutService } from './modules/checkout/service.ts';
import { CONTACT_MAIL_JOB, createContactRepo } from './modules/contact/repo.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { createContactService } from './modules/contact/service.ts';
import { createMailLogRepo } from './modules/mail/repo.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { createMailLogService } from './modules/mail/service.ts';
import { authRoutes, resolveRequestUser } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createOrderJobHandlers, ORDER_JOB_KINDS } from './jobs/order-jobs.ts';
import { createOutboxWorker, enqueue } from './jobs/outbox.ts';
import { createNewsletterLinks } from './modules/newsletter/links.ts';
import { createSendsRepo, NEWSLETTER_BATCH_JOB } from './modules/newsletter/sends-repo.ts';
import { newsletterSendRoutes } from './modules/newsletter/sends-routes.ts';
import { createNewsletterSendsService } from './modules/newsletter/sends-service.ts';
import { createSubscribersRepo, SIGNUP_MAIL_JOB } from './modules/newsletter/subscribers-repo.ts';
import { subscribersRoutes } from './modules/newsletter/subscribers-routes.ts';
import { createSubscribersService } from './modules/newsletter/subscribers-service.ts';
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

  const identity = await identityProvider(app, deps);
  const auth = createAuthService({
    repo: createSessionRepo(database.db),
    identity,
    config: config.auth,
    siteOrigin,
    log: app.log,
  });
  users.resolve = resolveRequestUser(auth, https);

  await app.register(healthRoutes, {
    pingDatabase: () => database.ping(),
    isShuttingDown: () => shuttingDown,
  });
  if (config.storage.kind === 'local') {
    await app.register(uploadsStatic, { root: config.storage.dir });
  }
  await app.register(authRoutes, {
    auth,
    secureCookies: https,
    sessionMaxAgeSeconds: config.auth.sessionMaxAgeSeconds,
    errorPath: config.auth.errorPath,
    siteOrigin,
    loginRateLimit: config.auth.loginRateLimit,
  });
  // Every admin change is appended here, in the change's transaction (issue 10 point 7).
  const audit = createAuditService({ db: database.db, repo: createAuditRepo(database.db) });
  await app.register(auditRoutes, { audit });
  const catalog = createCatalogService({
    repo: createCatalogRepo(database.db),
    cache: invalidation.shared(
      createReadCache({
        ttlMs: config.catalogCacheMs,
        // Searches are many and each is asked for by few: the byte bound is what holds memory.
        maxEntries: 2000,
        maxBytes: 32 * 1024 * 1024,
        sizeOf: catalogAnswerBytes,
      }),
    ),
    storage: deps.storage,
    images: config.images,
    log: app.log,
    audit,
  });
  await app.register(catalogRoutes, { catalog });
  await app.register(contentRoutes, {
    content: createContentService({
      repo: createContentRepo(database.db),
      // A few small lists and eight pages: the entry count bounds it.
      cache: invalidation.shared(createReadCache({ ttlMs: config.catalogCacheMs, maxEntries: 50 })),
      storage: deps.storage,
      images: config.images,
      log: app.log,
      audit,
    }),
  });
  const mailer = createMailer(config.mail, database.db);
  app.addHook('onClose', async () => mailer.close());
  // One verifier for every form that asks (contact, checkout): it logs "captcha off" once.
  const captcha = createCaptcha(config.captcha, app.log);
  const contact = createContactService({
    repo: createContactRepo(database.db),
    geocoder: createCachedGeocoder(database.db, createGeocoder(config.geocoder)),
    captcha,
    mailer,
    shopMailTo: config.mail.shopTo,
    log: app.log,
    audit,
    cache: invalidation.shared(createReadCache({ ttlMs: config.catalogCacheMs, maxEntries: 1 })),
  });
  await app.register(contactRoutes, { contact, rateLimit: config.contactRateLimit });
  const checkoutRepo = createCheckoutRepo(database.db);
  const checkout = createCheckoutService({
    repo: checkoutRepo,
    catalog,
    captcha,
    gateway,
    contact,
    guard: createPaymentGuard({
      count: createRateLimitCounter(database.db),
      limits: config.paymentLimits,
      enqueue: (job) => enqueue(database.db, job),
      log: app.log,
    }),
    log: app.log,
    // A minute past the longest a charge can take (CardPointe's client timeout).
    reconcileAfterMs:
      (config.payments.kind === 'cardpointe' ? config.payments.timeoutMs : 0) + 60_000,
  });
  await app.register(checkoutRoutes, {
    checkout,
    captchaRateLimit: config.checkoutCaptchaRateLimit,
    secureCookies: https,
  });
  if (gateway.kind === 'sandbox') await app.register(sandboxTokenizer, { siteOrigin });

  // One ERP for the order sync, the customer copy and the price sync.
  const erp = deps.erp ?? createErp(config.erp, database.db, app.log);
  const erpRepo = createErpRepo(database.db);
  const ledger = createSyncLedger({ repo: erpRepo, log: app.log });
  await app.register(erpRoutes, {
    customers: createCustomersService({ repo: erpRepo, erp, ledger, log: app.log, audit }),
    prices: createPriceSyncService({
      erp,
      catalog,
      ledger,
      mapping: config.priceMapping,
      log: app.log,
      audit,
    }),
    ledger,
  });

  // ERP sync, order mail and failed contact mails run from the outbox, retried until they
  // succeed.
  // The newsletter's signed links; the key is shared by every instance through the database.
  const newsletterLinks = createNewsletterLinks({
    secret: await loadOrCreateSecret(database.db, 'newsletter-link-key', () =>
      randomBytes(32).toString('base64url'),
    ),
    siteOrigin,
  });
  const subscribers = createSubscribersService({
    repo: createSubscribersRepo(database.db),
    links: newsletterLinks,
    mailer,
    log: app.log,
    audit,
  });
  await app.register(subscribersRoutes, {
    subscribers,
    signupRateLimit: config.newsletter.signupRateLimit,
    confirmRateLimit: config.newsletter.confirmRateLimit,
  });
  const newsletterSends = createNewsletterSendsService({
    repo: createSendsRepo(database.db),
    mailer,
    links: newsletterLinks,
    siteOrigin,
    batchSize: config.newsletter.batchSize,
    log: app.log,
    postalAddress: async () => (await contact.contactData()).address || null,
    audit,
  });
  // Registered before the outbox worker's stop below: running batches take no new rows, so
  // the worker's last round ends after the mails on their way instead of whole batches.
  app.addHook('preClose', async () => newsletterSends.stop());
  await app.register(newsletterSendRoutes, { sends: newsletterSends });

  const outboxWorker = createOutboxWorker({
    db: database.db,
    handlers: {
      ...createOrderJobHandlers({
        db: database.db,
        erp,
        mailer,
        log: app.log,
      }),
      [ORDER_JOB_KINDS.paymentReconcile]: async (payload) =>
        checkout.reconcilePendingOrder(String(payload.orderNumber)),
      [DECLINE_ALERT_JOB]: declineAlertMailer({
        mailer,
        staffMailTo: async () =>
          config.mail.shopTo ?? ((await contact.contactData()).email || null),
        declinesSince: checkoutRepo.declinedPaymentsSince,
        log: app.log,
      }),
      [CONTACT_MAIL_JOB]: async (payload) =>
        contact.resendMessageMail(String(payload.contactMessageId)),
      [SIGNUP_MAIL_JOB]: async (payload) => subscribers.sendSignupMail(payload),
      [NEWSLETTER_BATCH_JOB]: async (payload, job) => newsletterSends.runBatchJob(payload, job),
    },
    config: config.outbox,
    log: app.log,
  });
  app.addHook('onReady', async () => outboxWorker.start());
  // Before onClose (the mailer and the database close there): no job is cut off mid-way.
  app.addHook('preClose', async () => outboxWorker.stop());

  await app.register(mailRoutes, {
    mail: createMailLogService(createMailLogRepo(database.db)),
  });
  await app.register(ordersRoutes, {
    orders: createOrdersService({ repo: createOrdersRepo(database.db), audit }),
  });
  await app.register(adminRoutes, {
    dashboard: createDashboardService({
      repo: createDashboardRepo(database.db),
      timeZone: config.shopTimeZone,
      declinesSince: checkoutRepo.declinedPaymentsSince,
      declineAlert: {
        threshold: config.paymentLimits.declineAlertThreshold,
        windowMs: config.paymentLimits.declineAlertWindowMs,
      },
    }),
  });

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
        tokenizerUrl: gateway.tokenizer.url,
        tokenizerOrigin: gateway.tokenizer.origin,
      },
    });
  }

  return app;
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
