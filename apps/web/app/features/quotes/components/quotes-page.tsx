import { formatDollars } from '@labshop/shared/money';
import type { QuoteSummary } from '@labshop/shared/schemas/quotes';
import { ChevronLeft, ChevronRight, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { QUOTES_PATH, quotePath } from '../quote-forms.ts';
import { QuoteStatusBadge } from './quote-status.tsx';

export interface QuotesPageProps {
  quotes: {
    quotes: (QuoteSummary & { requestedAtText: string; validUntilText: string | null })[];
    total: number;
    page: number;
    pageSize: number;
  };
}

const PAGE_LINK =
  'flex items-center gap-1 rounded-md border border-slate-300 px-3 py-2 font-semibold text-brand-700 hover:bg-slate-50';
const LINK = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/** /account/quotes (issue 37): the lab's quotes, newest first, paged. */
export function QuotesPage({ quotes }: QuotesPageProps) {
  const pageCount = Math.max(1, Math.ceil(quotes.total / quotes.pageSize));
  const page = Math.min(quotes.page, pageCount);
  const hrefFor = (to: number) => (to > 1 ? `${QUOTES_PATH}?page=${to}` : QUOTES_PATH);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 lg:py-10">
      <Link
        to="/account"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        My Account
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900 sm:text-3xl">Quotes</h1>
      <p className="mt-1 text-slate-600">
        Ask for a quote from your cart: we answer with prices, freight and how long they hold.
      </p>
      <p className="mt-3 text-sm text-slate-600" aria-live="polite">
        {quotes.total === 0
          ? null
          : `${quotes.total} ${quotes.total === 1 ? 'quote' : 'quotes'}${
              pageCount > 1 ? `, page ${page} of ${pageCount}` : ''
            }.`}
      </p>
      {quotes.total === 0 ? (
        <div className="mt-3 rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
          <FileText className="mx-auto h-8 w-8 text-brand-600" aria-hidden="true" />
          <p className="mt-2 font-semibold text-slate-800">No quotes yet.</p>
          <p className="mt-1 text-slate-600">
            Put the products in your cart, then choose &lsquo;Request a quote&rsquo; there.
          </p>
          <Link
            to="/cart"
            className="mt-4 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Go to the cart
          </Link>
        </div>
      ) : (
        quotes.quotes.length > 0 && (
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
            {quotes.quotes.map((quote) => (
              <li key={quote.number} className="flex flex-wrap items-center gap-x-6 gap-y-2 p-4">
                <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
                  <Link to={quotePath(quote.number)} className={LINK}>
                    Quote {quote.number}
                  </Link>
                  <p className="text-sm text-slate-600">
                    Requested {quote.requestedAtText} · {quote.itemCount}{' '}
                    {quote.itemCount === 1 ? 'item' : 'items'}
                    {quote.poNumber && ` · PO ${quote.poNumber}`}
                  </p>
                  <p className="text-sm text-slate-600">
                    {quote.validUntilText
                      ? `Valid until ${quote.validUntilText}`
                      : 'Not priced yet'}
                    {quote.orderNumber && (
                      <>
                        {' · '}
                        <Link
                          to={`/account/orders/${encodeURIComponent(quote.orderNumber)}`}
                          className={LINK}
                        >
                          Order {quote.orderNumber}
                        </Link>
                      </>
                    )}
                  </p>
                </div>
                <QuoteStatusBadge status={quote.status} />
                <p className="ml-auto font-semibold text-slate-900 sm:w-28 sm:text-right">
                  {quote.status === 'requested' ? (
                    <span className="text-sm font-normal text-slate-600">Awaiting prices</span>
                  ) : (
                    formatDollars(quote.total)
                  )}
                </p>
              </li>
            ))}
          </ul>
        )
      )}
      {pageCount > 1 && (
        <nav aria-label="Quote pages" className="mt-4 flex items-center justify-between text-sm">
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={PAGE_LINK} rel="prev">
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className={PAGE_LINK} rel="next">
              Older
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
