import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

import { ADMIN_SCREEN_PATHS, type AdminScreenPath } from './features/admin/screen-paths.ts';
import { STOREFRONT_LAYOUT_ROUTE_ID } from './features/auth/api/me.ts';

// Route modules are thin: they combine features. Paths follow SPEC.md section 2.

/** Admin screens that are built; the others show the pending-screen placeholder. */
const BUILT_ADMIN_SCREENS: Partial<Record<AdminScreenPath, string>> = {
  products: 'routes/admin/products.tsx',
  categories: 'routes/admin/categories.tsx',
};

export default [
  index('routes/storefront/index-redirect.tsx'),
  layout('routes/storefront/layout.tsx', { id: STOREFRONT_LAYOUT_ROUTE_ID }, [
    route('home', 'routes/storefront/home.tsx'),
    route('shop', 'routes/storefront/shop.tsx', { id: 'shop' }),
    route('shop/:category', 'routes/storefront/shop.tsx', { id: 'shop-category' }),
    route('product-details/:productId', 'routes/storefront/product-details.tsx'),
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
  ]),
  route('admin/admin/*', 'routes/admin/alias.tsx'),
  route('*', 'routes/storefront/unknown-path.tsx'),
] satisfies RouteConfig;
