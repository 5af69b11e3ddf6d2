import { ACCOUNT_MESSAGES } from '@labshop/shared/schemas/account';
import { isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/account-order';
import { loadAccountOrder, reorderAction } from '../../features/account/account.server.ts';
import { OrderPage } from '../../features/account/components/order-page.tsx';
import { MessagePage } from '../../components/message-page.tsx';
import { perVisitorPageHeaders } from '../../lib/per-visitor-page.ts';
import { RETRY_ADVICE, SITE } from '../../lib/site.ts';

export const headers = perVisitorPageHeaders;

/** /account/orders/:number (issue 36): one of the lab's orders; any other is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadAccountOrder(request, context, params.number);
}

/** 'Buy again'. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return reorderAction(request, context, params.number);
}

export function meta({ params }: Route.MetaArgs) {
  return [
    { title: `Order ${params.number} | ${SITE.name}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountOrder({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderPage order={loaderData.order} reorder={actionData?.reorder ?? null} />;
}

/** Another lab's order, or one that does not exist, answers 404 the same way. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <MessagePage
      title={notFound ? 'Order not found' : 'This order cannot be shown right now'}
      actions={[
        { to: '/account', label: 'Your orders' },
        { to: '/shop', label: 'Browse products' },
      ]}
    >
      {!notFound && <title>{`Something went wrong | ${SITE.name}`}</title>}
      <p className="mt-3 text-slate-600">
        {notFound ? ACCOUNT_MESSAGES.orderNotFound : RETRY_ADVICE}
      </p>
    </MessagePage>
  );
}
