import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

import { ADMIN_SCREEN_PATHS, type AdminScreenPath } from './features/admin/screen-paths.ts';
import { STOREFRONT_LAYOUT_ROUTE_ID } from './features/auth/api/me.ts';
import { TEXT_PAGES } from '@labshop/shared/constants';

// Route modules are thin: they combine features. Paths follow SPEC.md section 2.

/** Admin screens that are built; the others show the pending-screen placeholder. */
const BUILT_ADMIN_SCREENS: Partial<Record<AdminScreenPath, string>> = {
  'orders-history': 'routes/admin/orders.tsx',
  quotes: 'routes/admin/quotes.tsx',
  freight: 'routes/admin/freight.tsx',
  products: 'routes/admin/products.tsx',
  categories: 'routes/admin/categories.tsx',
  contact: 'routes/admin/contact.tsx',
  gallery: 'routes/admin/gallery.tsx',
  notifications: 'routes/admin/notifications.tsx',
  static: 'routes/admin/text-pages.tsx',
  testimonials: 'routes/admin/testimonials.tsx',
  mail: 'routes/admin/mail.tsx',
  customers: 'routes/admin/customers.tsx',
  'erp-syncs': 'routes/admin/erp-syncs.tsx',
  newsletter: 'routes/admin/newsletter.tsx',
  'audit-log': 'routes/admin/audit-log.tsx',
};

export default [
  index('routes/storefront/index-redirect.tsx'),
  layout('routes/storefront/layout.tsx', { id: STOREFRONT_LAYOUT_ROUTE_ID }, [
    route('home', 'routes/storefront/home.tsx'),
    route('shop', 'routes/storefront/shop.tsx', { id: 'shop' }),
    route('shop/:category', 'routes/storefront/shop.tsx', { id: 'shop-category' }),
    route('product-details/:productId', 'routes/storefront/product-details.tsx'),
    route('cart', 'routes/storefront/cart.tsx'),
    route('quick-order', 'routes/storefront/quick-order.tsx'),
    route('checkout', 'routes/storefront/checkout.tsx'),
    route('payment-success', 'routes/storefront/payment-success.tsx'),
    // The lab's own account (issue 36): signed-in users; anonymous visitors log in first.
    route('account', 'routes/storefront/account.tsx'),
    route('account/orders/:number', 'routes/storefront/account-order.tsx'),
    route('account/addresses', 'routes/storefront/account-addresses.tsx'),
    // Quotes (issue 37): the lab asks for a price on its cart, then accepts and pays it.
    route('account/quotes', 'routes/storefront/account-quotes.tsx'),
    route('account/quotes/new', 'routes/storefront/quote-request.tsx'),
    route('account/quotes/:number', 'routes/storefront/account-quote.tsx'),
    route('gallery', 'routes/storefront/gallery.tsx'),
    route('contact-us', 'routes/storefront/contact-us.tsx'),
    // The signed links of the newsletter mails: each page asks for a click before it acts.
    route('newsletter/unsubscribe', 'routes/storefront/newsletter-unsubscribe.tsx'),
    route('newsletter/confirm', 'routes/storefront/newsletter-confirm.tsx'),
    // Where the footer's sign-up form posts when the page's code has not started.
    route('newsletter/signup', 'routes/storefront/newsletter-signup.tsx'),
    // One module for the eight text pages; each route's id names its page (text-page:About).
    ...TEXT_PAGES.map((page) =>
      route(page.path.slice(1), 'routes/storefront/text-page.tsx', {
        id: `text-page:${page.name}`,
      }),
    ),
    route('notfound', 'routes/storefront/not-found.tsx'),
    route('auth/error', 'routes/storefront/auth-error.tsx'),
  ]),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/overview.tsx'),
    ...ADMIN_SCREEN_PATHS.map((path) =>
      route(path, BUILT_ADMIN_SCREENS[path] ?? 'routes/admin/pending-screen.tsx', {
        id: `admin-${path}`,
      }),
    ),
    route('product-new', 'routes/admin/product-new.tsx'),
    route('products-edit/:id', 'routes/admin/product-edit.tsx'),
    route('erp-syncs/:id', 'routes/admin/erp-syncs-detail.tsx'),
    route('quotes/:number', 'routes/admin/quote-edit.tsx'),
  ]),
  route('admin/admin/*', 'routes/admin/alias.tsx'),
  route('*', 'routes/storefront/unknown-path.tsx'),
] satisfies RouteConfig;
