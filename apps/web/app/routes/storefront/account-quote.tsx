import { QUOTE_MESSAGES } from '@labshop/shared/schemas/quotes';
import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/account-quote';
import { loadQuote, quoteAnswerAction } from '../../features/quotes/quotes.server.ts';
import { QuotePage } from '../../features/quotes/components/quote-page.tsx';
import { MessagePage } from '../../components/message-page.tsx';
import { perVisitorPageHeaders } from '../../lib/per-visitor-page.ts';
import { RETRY_ADVICE, SITE } from '../../lib/site.ts';

/** The page is the signed-in user's own: never a shared render. */
export const headers = perVisitorPageHeaders;

/** /account/quotes/:number (issue 37): one of the lab's quotes; any other is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadQuote(request, context, params.number);
}

/** Accept (on to the checkout) or Decline: plain form posts. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return quoteAnswerAction(request, context, params.number);
}

/**
 * A refused Accept or Decline (409) means the quote changed meanwhile (answered in another tab,
 * expired, paid): the page loads it again rather than keep offering the buttons. React Router
 * skips that after a 4xx answer unless told.
 */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined || defaultShouldRevalidate;
}

export function meta({ params }: Route.MetaArgs) {
  return [
    { title: `Quote ${params.number} | ${SITE.name}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountQuote({ loaderData, actionData }: Route.ComponentProps) {
  return <QuotePage {...loaderData} error={actionData?.error ?? null} />;
}

/** Another lab's quote, or one that does not exist, answers 404 the same way. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <MessagePage
      title={notFound ? 'Quote not found' : 'This quote cannot be shown right now'}
      actions={[
        { to: '/account/quotes', label: 'Your quotes' },
        { to: '/shop', label: 'Browse products' },
      ]}
    >
      {!notFound && <title>{`Something went wrong | ${SITE.name}`}</title>}
      <p className="mt-3 text-slate-600">{notFound ? QUOTE_MESSAGES.notFound : RETRY_ADVICE}</p>
    </MessagePage>
  );
}
