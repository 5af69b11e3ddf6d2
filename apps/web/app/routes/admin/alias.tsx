import type { PageHandle } from '@labshop/shared/load-context';
import { redirect } from 'react-router';
import type { Route } from './+types/alias';

/** The redirect keeps the whole query string. */
export const handle: PageHandle = { queryParams: 'all' };

// The spec's admin address is admin/admin; the same screens live at /admin/{screen}.
export function loader({ params, request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  const rest = params['*'] ?? '';
  return redirect(`/admin${rest ? `/${rest}` : ''}${search}`, 301);
}
