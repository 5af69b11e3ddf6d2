import { ANONYMOUS, type Me } from '@labshop/shared/auth';
import { mayHaveSession } from '@labshop/shared/constants';
import { useRouteLoaderData, type AppLoadContext } from 'react-router';
import { readCookie } from '../../../lib/cookies.ts';

/**
 * The visitor as the server knows them (GET /api/me), for loaders: the right prices and links
 * are in the first HTML. Visitors without a session cookie are anonymous without asking, so
 * their pages cost no session lookup.
 */
export async function loadMe(request: Request, context: AppLoadContext): Promise<Me> {
  const cookies = request.headers.get('cookie');
  if (!mayHaveSession((name) => readCookie(name, cookies))) return ANONYMOUS;
  const response = await context.apiFetch('/api/me');
  if (!response.ok) return ANONYMOUS;
  return (await response.json()) as Me;
}

/** The storefront layout's route id: its loader loads the visitor once for every page in it. */
export const STOREFRONT_LAYOUT_ROUTE_ID = 'storefront';

/** The visitor, as the storefront layout loaded it; pages inside it need not ask again. */
export function useStorefrontMe(): Me {
  return useRouteLoaderData<{ me: Me }>(STOREFRONT_LAYOUT_ROUTE_ID)?.me ?? ANONYMOUS;
}

/** The login URL that comes back to `returnTo` (a path on this site). */
export function loginUrl(returnTo: string): string {
  return `/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
}
