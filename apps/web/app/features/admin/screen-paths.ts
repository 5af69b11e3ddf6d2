/**
 * The admin screens' paths under /admin, in the sidebar's order. Kept free of components so the
 * route configuration (app/routes.ts) can read it at build time.
 */
export const ADMIN_SCREEN_PATHS = [
  'orders-history',
  // Beyond the spec (issue 37): labs' quote requests, priced and sent from here.
  'quotes',
  // Beyond the spec (issue 37): the freight table of US zones and rates every order pays.
  'freight',
  'contact',
  'gallery',
  'products',
  'categories',
  'customers',
  'notifications',
  'static',
  'testimonials',
  'newsletter',
  // Beyond the spec: what the shop has mailed (in embedded mode, what it would have mailed).
  'mail',
  // Beyond the spec: every sync with the ERP (price syncs, customer list refreshes) and its result.
  'erp-syncs',
  // Beyond the spec: every admin change, who made it and the values before and after.
  'audit-log',
] as const;

export type AdminScreenPath = (typeof ADMIN_SCREEN_PATHS)[number];
