import { formatDollars } from '@labshop/shared/money';
import type { AccountAnswer, AccountOrderSummary } from '@labshop/shared/schemas/account';
import {
  Building2,
  ChevronLeft,
  ChevronRight,
  FileText,
  MapPin,
  Search,
  UserRound,
} from 'lucide-react';
import { Form, Link } from 'react-router';
import { OrderStatusBadge } from './order-status.tsx';

export interface AccountPageProps {
  account: AccountAnswer;
  search: string;
  orders: {
    orders: (AccountOrderSummary & { placedAtText: string })[];
    total: number;
    page: number;
    pageSize: number;
  };
}

const CARD = 'rounded-lg border border-slate-200 bg-white p-5 shadow-sm';
const PAGE_LINK =
  'flex items-center gap-1 rounded-md border border-slate-300 px-3 py-2 font-semibold text-brand-700 hover:bg-slate-50';

/** /account: who is signed in, their lab, and the lab's orders, searchable and paged. */
export function AccountPage({ account, search, orders }: AccountPageProps) {
  const pageCount = Math.max(1, Math.ceil(orders.total / orders.pageSize));
  const hrefFor = (page: number) => {
    const params = new URLSearchParams();
    if (search) params.set('q', search);
    if (page > 1) params.set('page', String(page));
    const query = params.toString();
    return query ? `/account?${query}` : '/account';
  };
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">My Account</h1>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <section aria-labelledby="account-you" className={CARD}>
          <h2 id="account-you" className="flex items-center gap-2 font-semibold text-brand-900">
            <UserRound className="h-5 w-5 text-brand-600" aria-hidden="true" />
            You
          </h2>
          <p className="mt-2 font-semibold text-slate-800">{account.user.name ?? 'Signed in'}</p>
          {account.user.email && <p className="text-slate-700">{account.user.email}</p>}
          <p className="mt-1 text-sm text-emerald-800">You see wholesale prices.</p>
          <Link
            to="/account/addresses"
            className="mt-3 inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            <MapPin className="h-4 w-4" aria-hidden="true" />
            Address book
          </Link>
          <Link
            to="/account/quotes"
            className="mt-3 ml-5 inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            <FileText className="h-4 w-4" aria-hidden="true" />
            Quotes
          </Link>
        </section>
        <LabCard account={account} />
      </div>

      <section aria-labelledby="account-orders" className="mt-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="account-orders" className="text-xl font-bold text-brand-900">
            Orders
          </h2>
          <Form
            method="get"
            role="search"
            aria-label="Search orders"
            className="flex w-full gap-2 sm:w-auto"
          >
            <label htmlFor="account-order-search" className="sr-only">
              Search orders by order, product or PO number
            </label>
            <input
              id="account-order-search"
              name="q"
              type="search"
              defaultValue={search}
              maxLength={100}
              placeholder="Order, product or PO number"
              className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm sm:w-72"
            />
            <button
              type="submit"
              className="flex items-center gap-1.5 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              <Search className="h-4 w-4" aria-hidden="true" />
              Search
            </button>
          </Form>
        </div>
        <p className="mt-3 text-sm text-slate-600" aria-live="polite">
          {orders.total === 0
            ? search
              ? `No orders matching “${search}”.`
              : 'No orders yet. Orders you place while signed in show here.'
            : `${orders.total} ${orders.total === 1 ? 'order' : 'orders'}${
                search ? ` matching “${search}”` : ''
              }${pageCount > 1 ? `, page ${Math.min(orders.page, pageCount)} of ${pageCount}` : ''}.`}
        </p>
        {orders.orders.length > 0 && (
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
            {orders.orders.map((order) => (
              <li key={order.number} className="flex flex-wrap items-center gap-x-6 gap-y-2 p-4">
                <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
                  <Link
                    to={`/account/orders/${encodeURIComponent(order.number)}`}
                    className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                  >
                    Order {order.number}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {order.placedAtText} · {order.itemCount}{' '}
                    {order.itemCount === 1 ? 'item' : 'items'}
                    {order.poNumber && ` · PO ${order.poNumber}`}
                    {account.user.email?.toLowerCase() !== order.email.toLowerCase() &&
                      ` · by ${order.email}`}
                  </p>
                  <p className="truncate text-sm text-slate-700">{order.titles.join(', ')}</p>
                </div>
                <OrderStatusBadge status={order.status} progress={order.progress} />
                <p className="ml-auto font-semibold text-slate-900 sm:w-24 sm:text-right">
                  {formatDollars(order.amount)}
                </p>
              </li>
            ))}
          </ul>
        )}
        {pageCount > 1 && (
          // Its own small pager: the shop's keeps its code out of the pages that load first.
          <nav aria-label="Order pages" className="mt-4 flex items-center justify-between text-sm">
            {orders.page > 1 ? (
              <Link to={hrefFor(orders.page - 1)} className={PAGE_LINK} rel="prev">
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                Newer
              </Link>
            ) : (
              <span />
            )}
            <span className="text-slate-600">
              Page {Math.min(orders.page, pageCount)} of {pageCount}
            </span>
            {orders.page < pageCount ? (
              <Link to={hrefFor(orders.page + 1)} className={PAGE_LINK} rel="next">
                Older
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>
    </div>
  );
}

function LabCard({ account }: { account: AccountAnswer }) {
  const { lab } = account;
  return (
    <section aria-labelledby="account-lab" className={CARD}>
      <h2 id="account-lab" className="flex items-center gap-2 font-semibold text-brand-900">
        <Building2 className="h-5 w-5 text-brand-600" aria-hidden="true" />
        Your lab
      </h2>
      {lab ? (
        <>
          <p className="mt-2 font-semibold text-slate-800">{lab.displayName}</p>
          <p className="text-sm text-slate-600">Customer number {lab.number}</p>
          <address className="mt-2 text-slate-700 not-italic">
            {[lab.addressLine1, lab.addressLine2].filter(Boolean).join(', ')}
            {lab.city && (
              <>
                <br />
                {lab.city}
                {lab.state && `, ${lab.state}`} {lab.postalCode}
              </>
            )}
            {lab.phoneNumber && (
              <>
                <br />
                {lab.phoneNumber}
              </>
            )}
          </address>
          <p className="mt-2 text-sm text-slate-600">
            Orders of everyone at {lab.displayName} show below.
          </p>
        </>
      ) : (
        <p className="mt-2 text-slate-700">
          {account.emailVerified
            ? 'Your e-mail is not linked to a lab in our records yet. Your own orders still show below; to link your lab, contact us.'
            : 'Your e-mail is not confirmed by your sign-in, so no lab is linked. Your own orders still show below.'}
        </p>
      )}
    </section>
  );
}
