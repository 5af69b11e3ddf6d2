import { isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/account-quotes';
import { loadQuoteList } from '../../features/quotes/quotes.server.ts';
import { QuotesPage } from '../../features/quotes/components/quotes-page.tsx';
import { MessagePage } from '../../components/message-page.tsx';
import { perVisitorPageHeaders } from '../../lib/per-visitor-page.ts';
import { RETRY_ADVICE, SITE } from '../../lib/site.ts';

/** The page is the signed-in user's own: never a shared render. */
export const headers = perVisitorPageHeaders;

/** /account/quotes (issue 37): the lab's quotes, newest first; anonymous visitors log in first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadQuoteList(request, context);
}

export function meta() {
  return [{ title: `Quotes | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function AccountQuotes({ loaderData }: Route.ComponentProps) {
  return <QuotesPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <MessagePage
      title="Your quotes cannot be shown right now"
      actions={[
        { to: '/account', label: 'My Account' },
        { to: '/shop', label: 'Browse products' },
      ]}
    >
      <title>{`Something went wrong | ${SITE.name}`}</title>
      <p className="mt-3 text-slate-600">{RETRY_ADVICE}</p>
    </MessagePage>
  );
}
