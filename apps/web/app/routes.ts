import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

// Route modules are thin: they combine features. Paths follow SPEC.md section 2.
export default [
  index('routes/storefront/index-redirect.tsx'),
  layout('routes/storefront/layout.tsx', [
    route('home', 'routes/storefront/home.tsx'),
    route('notfound', 'routes/storefront/not-found.tsx'),
  ]),
  route('*', 'routes/storefront/unknown-path.tsx'),
] satisfies RouteConfig;
