import { formatDollars } from '@labshop/shared/money';
import { PO_NUMBER_LABEL } from '@labshop/shared/schemas/po-number';
import { FREIGHT_LINE_TITLE, type Quote } from '@labshop/shared/schemas/quotes';
import { CircleCheck, ChevronLeft, CreditCard, X } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { QUOTE_DONE_TEXT, QUOTES_PATH, quoteCheckoutPath, type QuoteDone } from '../quote-forms.ts';
import { QuoteStatusBadge } from './quote-status.tsx';

export interface QuotePageProps {
  quote: Quote & {
    requestedAtText: string;
    sentAtText: string | null;
    acceptedAtText: string | null;
    declinedAtText: string | null;
    validUntilText: string | null;
    countryName: string;
  };
  /** What the last step was (?done=). */
  done: QuoteDone | null;
  /** An Accept or Decline the shop refused (the quote is no longer open). */
  error: string | null;
}

const CARD = 'rounded-lg border border-slate-200 bg-white p-5 shadow-sm';
const BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2 font-semibold disabled:opacity-60';
const PRIMARY = `${BUTTON} bg-accent-700 text-white shadow-sm hover:brightness-90`;
const SECONDARY = `${BUTTON} border border-slate-300 bg-white text-brand-700 hover:bg-slate-50`;

/**
 * /account/quotes/:number (issue 37): the quote's status and days, the messages both ways, the
 * lines and totals, where it ships; Accept and Decline while it waits for the lab's answer, and
 * 'Pay now' once accepted.
 */
export function QuotePage({ quote, done, error }: QuotePageProps) {
  const busy = useNavigation().state === 'submitting';
  const priced = quote.status !== 'requested';
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 lg:py-10">
      <Link
        to={QUOTES_PATH}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        All quotes
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold text-brand-900 sm:text-3xl">
            Quote {quote.number}
            <QuoteStatusBadge status={quote.status} />
          </h1>
          <p className="mt-1 text-slate-600">
            Requested {quote.requestedAtText} by {quote.email}
          </p>
          <QuoteDays quote={quote} />
          {quote.poNumber && (
            <p className="mt-1 text-slate-700">
              {PO_NUMBER_LABEL}: <span className="font-semibold">{quote.poNumber}</span>
            </p>
          )}
        </div>
        <QuoteActions quote={quote} busy={busy} />
      </div>

      <div role="status" className="mt-4 empty:hidden">
        {done && (
          <p className="flex items-center gap-2 rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-800">
            <CircleCheck className="h-5 w-5 shrink-0" aria-hidden="true" />
            {QUOTE_DONE_TEXT[done]}
          </p>
        )}
      </div>
      <div role="alert" className="mt-4 empty:hidden">
        {error && <ErrorAlert>{error}</ErrorAlert>}
      </div>

      {(quote.note || quote.message) && (
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          {quote.note && (
            <section aria-labelledby="quote-note" className={`${CARD} border-brand-200`}>
              <h2 id="quote-note" className="font-semibold text-brand-900">
                Our note
              </h2>
              <p className="mt-2 break-words whitespace-pre-line text-slate-700">{quote.note}</p>
            </section>
          )}
          {quote.message && (
            <section aria-labelledby="quote-message" className={CARD}>
              <h2 id="quote-message" className="font-semibold text-brand-900">
                Your message
              </h2>
              <p className="mt-2 break-words whitespace-pre-line text-slate-700">{quote.message}</p>
            </section>
          )}
        </div>
      )}

      <section aria-labelledby="quote-lines" className={`mt-6 ${CARD}`}>
        <h2 id="quote-lines" className="font-semibold text-brand-900">
          Products
        </h2>
        {!priced && (
          <p className="mt-1 text-sm text-slate-600">
            Your account&apos;s prices when you asked, for reference: the quote will have ours.
          </p>
        )}
        <table className="mt-2 w-full text-left text-sm">
          <thead className="sr-only sm:not-sr-only">
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Product
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-semibold">
                Qty
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-semibold">
                Unit price
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {quote.lines.map((line) => (
              <tr key={line.number} className="grid grid-cols-[1fr_auto] py-3 sm:table-row">
                <td className="col-span-2 min-w-0 sm:py-3 sm:pr-4">
                  <Link
                    to={`/product-details/${encodeURIComponent(line.number)}`}
                    className="font-semibold break-words text-brand-700 hover:underline"
                  >
                    {line.title}
                  </Link>
                  <span className="block text-slate-600">{line.number}</span>
                </td>
                <td className="text-slate-700 sm:py-3 sm:pr-4 sm:text-right">
                  <span className="sm:hidden">Qty </span>
                  {line.quantity}
                  <span className="sm:hidden"> × {formatDollars(line.unitPrice)}</span>
                </td>
                <td className="hidden text-slate-700 sm:table-cell sm:py-3 sm:pr-4 sm:text-right">
                  {formatDollars(line.unitPrice)}
                  {priced && line.listPrice !== null && line.listPrice > line.unitPrice && (
                    <span className="block text-xs text-slate-500 line-through">
                      {formatDollars(line.listPrice)}
                    </span>
                  )}
                </td>
                <td className="text-right font-semibold text-slate-900 sm:py-3">
                  {formatDollars(line.lineTotal)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-3 ml-auto max-w-xs space-y-1 border-t border-slate-200 pt-3 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">Subtotal</dt>
            <dd>{formatDollars(quote.subtotal)}</dd>
          </div>
          {quote.freight !== null && (
            <div className="flex justify-between">
              <dt className="text-slate-600">{FREIGHT_LINE_TITLE}</dt>
              <dd>{formatDollars(quote.freight)}</dd>
            </div>
          )}
          <div className="flex justify-between text-base font-bold text-slate-900">
            <dt>{priced ? 'Total' : 'Estimated total'}</dt>
            <dd>{formatDollars(quote.total)}</dd>
          </div>
        </dl>
        {quote.validUntilText && priced && (
          <p className="mt-2 text-right text-sm text-slate-600">
            Valid until {quote.validUntilText}.
          </p>
        )}
      </section>

      <section aria-labelledby="quote-ship-to" className={`mt-6 ${CARD}`}>
        <h2 id="quote-ship-to" className="font-semibold text-brand-900">
          Ship to
        </h2>
        <address className="mt-2 break-words text-slate-700 not-italic">
          {quote.shipTo.firstName} {quote.shipTo.lastName}
          <br />
          {quote.shipTo.address}
          <br />
          {quote.shipTo.city}, {quote.shipTo.state} {quote.shipTo.zip}
          <br />
          {quote.countryName}
          {quote.shipTo.phone && (
            <>
              <br />
              {quote.shipTo.phone}
            </>
          )}
        </address>
      </section>
    </div>
  );
}

/** Where the quote stands, in days. */
function QuoteDays({ quote }: { quote: QuotePageProps['quote'] }) {
  const days = [
    quote.sentAtText && `Sent ${quote.sentAtText}`,
    quote.acceptedAtText && `Accepted ${quote.acceptedAtText}`,
    quote.declinedAtText && `Declined ${quote.declinedAtText}`,
  ].filter(Boolean);
  return (
    <>
      {days.length > 0 && <p className="text-slate-600">{days.join(' · ')}</p>}
      {quote.status === 'requested' ? (
        <p className="mt-1 text-slate-700">
          We are preparing your quote and will e-mail you when it is ready.
        </p>
      ) : quote.validUntilText && quote.status !== 'declined' && !quote.orderNumber ? (
        <p
          className={`mt-1 font-semibold ${quote.status === 'expired' ? 'text-amber-800' : 'text-slate-800'}`}
        >
          {quote.status === 'expired' ? 'Expired' : 'Valid until'} {quote.validUntilText}
        </p>
      ) : null}
      {quote.orderNumber && (
        <p className="mt-1 text-slate-700">
          Paid:{' '}
          <Link
            to={`/account/orders/${encodeURIComponent(quote.orderNumber)}`}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Order {quote.orderNumber}
          </Link>
        </p>
      )}
    </>
  );
}

/**
 * Accept and Decline (plain posts, before or without the page's code) while the quote waits for
 * the lab's answer; once accepted, Pay now (and Decline, while the shop still allows it).
 */
function QuoteActions({ quote, busy }: { quote: QuotePageProps['quote']; busy: boolean }) {
  const accept = quote.canAccept && quote.status !== 'accepted';
  const decline = quote.canAccept;
  if (!accept && !decline && !quote.canPay) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {quote.canPay && (
        <Link to={quoteCheckoutPath(quote.number)} className={PRIMARY}>
          <CreditCard className="h-4 w-4" aria-hidden="true" />
          Pay now
        </Link>
      )}
      {(accept || decline) && (
        <Form method="post" className="flex flex-wrap gap-2">
          {accept && (
            <button type="submit" name="intent" value="accept" disabled={busy} className={PRIMARY}>
              <CircleCheck className="h-4 w-4" aria-hidden="true" />
              Accept quote
            </button>
          )}
          <button type="submit" name="intent" value="decline" disabled={busy} className={SECONDARY}>
            <X className="h-4 w-4" aria-hidden="true" />
            Decline
          </button>
        </Form>
      )}
    </div>
  );
}
