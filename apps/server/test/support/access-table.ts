import type { RouteAccess } from '../../src/http/access.ts';

/**
 * Who may call each route of the server: the table the access test (access-table.test.ts)
 * holds the running app to. It is kept by hand on purpose, apart from the `config.access` each
 * route declares: a new route fails the test until it has a row here, and a route whose
 * declared access changes fails it until this row is changed too, so both are reviewed.
 *
 * - public: anyone, signed in or not (the route may still check what it is sent);
 * - user: any signed-in caller, else 401;
 * - admin: administrators only: 401 without a caller, 403 for a partner lab.
 *
 * Keys are `METHOD /path` as Fastify registers them (`:param`, `*`); HEAD routes follow GET.
 */
export const ACCESS_TABLE: Record<string, RouteAccess> = {
  'GET /api/docs': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /uploads/*': 'public',
  'GET /auth/login': 'public',
  'GET /auth/callback': 'public',
  'GET /auth/logout': 'public',
  'POST /auth/logout': 'public',
  'GET /api/me': 'public',
  'GET /api/account': 'user',
  'GET /api/account/orders': 'user',
  'GET /api/account/orders/:number': 'user',
  'GET /api/account/orders/:number/reorder': 'user',
  'GET /api/account/orders/:number/document.pdf': 'user',
  'GET /api/products': 'public',
  'GET /api/products/:id': 'public',
  'POST /api/products': 'admin',
  'PUT /api/products/:id': 'admin',
  'DELETE /api/products/:id': 'admin',
  'POST /api/quick-order': 'public',
  'GET /api/categories': 'public',
  'POST /api/categories': 'admin',
  'DELETE /api/categories/:id': 'admin',
  'GET /api/testimonials': 'public',
  'POST /api/testimonials': 'admin',
  'DELETE /api/testimonials/:id': 'admin',
  'GET /api/gallery': 'public',
  'POST /api/gallery': 'admin',
  'DELETE /api/gallery/:id': 'admin',
  'GET /api/text_pages/:name': 'public',
  'PUT /api/text_pages/:name': 'admin',
  'GET /api/notifications': 'public',
  'POST /api/notifications': 'admin',
  'DELETE /api/notifications/:id': 'admin',
  'GET /api/contact-data': 'public',
  'PUT /api/contact-data': 'admin',
  'GET /api/geolocation': 'public',
  'POST /api/contact': 'public',
  'GET /api/cart': 'public',
  'GET /api/coupons/:code': 'public',
  'POST /api/checkout/verify-captcha': 'public',
  'GET /api/salesOrdersLastID': 'public',
  'POST /api/process-payment': 'public',
  'POST /api/checkCustomer': 'public',
  'POST /api/createSalesOrder': 'public',
  'POST /api/createInvoice': 'public',
  'POST /api/recordPayment': 'public',
  'GET /payments/sandbox-tokenizer': 'public',
  'GET /api/customers': 'admin',
  'POST /api/customers/refresh': 'admin',
  'GET /api/customers/export': 'admin',
  'POST /api/products/update-prices': 'admin',
  'POST /api/products/update-prices/preview': 'admin',
  'GET /api/erp-syncs': 'admin',
  'GET /api/erp-syncs/current': 'admin',
  'GET /api/erp-syncs/:id': 'admin',
  'GET /api/newsletter-subscribers': 'admin',
  'GET /api/export-subscribers': 'admin',
  'GET /api/unsubscribe': 'admin',
  'POST /api/unsubscribe': 'admin',
  'POST /api/subscribe': 'admin',
  'POST /api/add-subscriber': 'admin',
  'POST /api/newsletter/signup': 'public',
  'POST /api/newsletter/confirm': 'public',
  'POST /api/newsletter/unsubscribe': 'public',
  'POST /api/newsletter': 'admin',
  'POST /api/newsletter/preview': 'admin',
  'POST /api/newsletter/test': 'admin',
  'GET /api/newsletters': 'admin',
  'GET /api/newsletters/:id': 'admin',
  'GET /api/admin/mail': 'admin',
  'GET /api/admin/mail/:id': 'admin',
  'GET /api/order-history': 'admin',
  'GET /api/order-history/export': 'admin',
  'GET /api/admin/orders/:number': 'admin',
  'POST /api/admin/orders/:number/retry-sync': 'admin',
  'POST /api/admin/orders/:number/mark-shipped': 'admin',
  'POST /api/admin/orders/:number/mark-invoiced': 'admin',
  'GET /api/admin/audit-log': 'admin',
  'GET /api/admin/audit-log/export': 'admin',
  'GET /api/admin/dashboard': 'admin',
};

/** A row's key: `GET /api/products/:id`. */
export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}
