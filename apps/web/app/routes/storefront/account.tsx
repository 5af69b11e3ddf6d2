import { isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/account';
import { loadAccountPage } from '../../features/account/account.server.ts';
import { AccountPage } from '../../features/account/components/account-page.tsx';
import { MessagePage } from '../../components/message-page.tsx';
import { perVisitorPageHeaders } from '../../lib/per-visitor-page.ts';
import { RETRY_ADVICE, SITE } from '../../lib/site.ts';

/** The page is the signed-in user's own: never a shared render. */
export const headers = perVisitorPageHeaders;

/** /account (issue 36): the user, their lab and the lab's orders; anonymous visitors log in first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAccountPage(request, context);
}

export function meta() {
  return [{ title: `My Account | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return <AccountPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <MessagePage
      title="Your account cannot be shown right now"
      actions={[{ to: '/shop', label: 'Browse products' }]}
    >
      <title>{`Something went wrong | ${SITE.name}`}</title>
      <p className="mt-3 text-slate-600">{RETRY_ADVICE}</p>
    </MessagePage>
  );
}
