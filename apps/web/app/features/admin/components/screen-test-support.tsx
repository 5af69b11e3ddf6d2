import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/**
 * Renders admin screens in component tests: `routes` in a memory router opened at `entry`,
 * under a fresh query client that does not retry (a failed load shows at once). Answers the
 * router, whose state.location says where the screen went.
 */
export function renderAdminRoutes(routes: RouteObject[], entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
