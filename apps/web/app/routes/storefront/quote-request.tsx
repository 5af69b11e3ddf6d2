import { isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/quote-request';
import { loadQuoteRequest, quoteRequestAction } from '../../features/quotes/quotes.server.ts';
import { QuoteRequestPage } from '../../features/quotes/components/quote-request-page.tsx';
import { MessagePage } from '../../components/message-page.tsx';
import { perVisitorPageHeaders } from '../../lib/per-visitor-page.ts';
import { RETRY_ADVICE, SITE } from '../../lib/site.ts';

/** The page shows the visitor's cart and addresses: never a shared render. */
export const headers = perVisitorPageHeaders;

/** /account/quotes/new (issue 37): the cart as a quote request; anonymous visitors log in first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadQuoteRequest(request, context);
}

/** 'Request quote': a plain form post; a created quote empties the cart and opens the quote. */
export async function action({ request, context }: Route.ActionArgs) {
  return quoteRequestAction(request, context);
}

export function meta() {
  return [{ title: `Request a quote | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function QuoteRequest({ loaderData, actionData }: Route.ComponentProps) {
  return <QuoteRequestPage {...loaderData} action={actionData ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <MessagePage
      title="The quote request cannot be shown right now"
      actions={[
        { to: '/cart', label: 'Back to the cart' },
        { to: '/account', label: 'My Account' },
      ]}
    >
      <title>{`Something went wrong | ${SITE.name}`}</title>
      <p className="mt-3 text-slate-600">{RETRY_ADVICE}</p>
    </MessagePage>
  );
}
