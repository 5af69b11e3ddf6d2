import { isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/account-addresses';
import { addressBookAction, loadAddressBook } from '../../features/account/address-book.server.ts';
import { AddressBookPage } from '../../features/account/components/address-book-page.tsx';
import { MessagePage } from '../../components/message-page.tsx';
import { perVisitorPageHeaders } from '../../lib/per-visitor-page.ts';
import { RETRY_ADVICE, SITE } from '../../lib/site.ts';

/** The page is the signed-in user's own: never a shared render. */
export const headers = perVisitorPageHeaders;

/** /account/addresses (issue 36): the lab's address and the user's saved ones. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAddressBook(request, context);
}

/** Add, save and delete: plain form posts, redirected back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  return addressBookAction(request, context);
}

export function meta() {
  return [{ title: `Address book | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function AccountAddresses({ loaderData, actionData }: Route.ComponentProps) {
  return <AddressBookPage {...loaderData} action={actionData ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <MessagePage
      title="Your address book cannot be shown right now"
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
