import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

import { ADMIN_SCREEN_PATHS } from './features/admin/screen-paths.ts';

// Route modules are thin: they combine features. Paths follow SPEC.md section 2.

export default [
  index('routes/storefront/index-redirect.tsx'),
  layout('routes/storefront/layout.tsx', [
    route('home', 'routes/storefront/home.tsx'),
    route('notfound', 'routes/storefront/not-found.tsx'),
    route('auth/error', 'routes/storefront/auth-error.tsx'),
  ]),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/overview.tsx'),
    ...ADMIN_SCREEN_PATHS.map((path) =>
      route(path, 'routes/admin/pending-screen.tsx', { id: `admin-${path}` }),
    ),
  ]),
  route('admin/admin/*', 'routes/admin/alias.tsx'),
  route('*', 'routes/storefront/unknown-path.tsx'),
] satisfies RouteConfig;
