import { FREIGHT_LINE_TITLE } from '@labshop/shared/schemas/quotes';
import { ACCOUNT_MESSAGES } from '@labshop/shared/schemas/account';
import type { AccountOrder, OrderStep, ReorderAnswer } from '@labshop/shared/schemas/account';
import { formatDollars } from '@labshop/shared/money';
import { PO_NUMBER_LABEL } from '@labshop/shared/schemas/po-number';
import { ChevronLeft, CircleCheck, CircleDashed, Clock, FileDown, RotateCcw } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { OrderStatusBadge } from './order-status.tsx';

export interface OrderPageProps {
  order: Omit<AccountOrder, 'timeline'> & {
    placedAtText: string;
    timeline: (OrderStep & { atText: string | null })[];
    /** When the ERP was last asked about shipping and invoicing. */
    statusCheckedAtText: string | null;
    /** On account: the day payment is due. */
    dueOnText: string | null;
  };
  /** What the last 'Buy again' left out, when it did. */
  reorder: ReorderAnswer | null;
}

const CARD = 'rounded-lg border border-slate-200 bg-white p-5 shadow-sm';

/** /account/orders/:number: the order's timeline, lines, totals, ship-to and 'Buy again'. */
export function OrderPage({ order, reorder }: OrderPageProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 lg:py-10">
      <Link
        to="/account"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        All orders
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Order {order.number}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-600">
            Placed {order.placedAtText} by {order.email}{' '}
            <OrderStatusBadge status={order.status} progress={order.progress} />
          </p>
          {order.poNumber && (
            <p className="mt-1 text-slate-700">
              {PO_NUMBER_LABEL}: <span className="font-semibold">{order.poNumber}</span>
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <a
            href={`/api/account/orders/${encodeURIComponent(order.number)}/document.pdf`}
            download
            className="flex items-center gap-2 rounded-md border border-brand-700 px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
          >
            <FileDown className="h-4 w-4" aria-hidden="true" />
            {order.document.kind === 'invoice'
              ? `Invoice ${order.document.number} (PDF)`
              : 'Receipt (PDF)'}
          </a>
          <Form method="post">
            <button
              type="submit"
              disabled={busy}
              className="flex items-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              Buy again
            </button>
          </Form>
        </div>
      </div>

      {reorder && <ReorderNotice reorder={reorder} />}

      <section aria-labelledby="order-timeline" className={`mt-6 ${CARD}`}>
        <h2 id="order-timeline" className="font-semibold text-brand-900">
          Status
        </h2>
        <ol className="mt-3 grid gap-3 sm:grid-cols-4">
          {order.timeline.map((step) => (
            <li key={step.step} className="flex items-start gap-2">
              <StepIcon state={step.state} />
              <div>
                <p className="font-semibold text-slate-800">{step.label}</p>
                <p className="text-sm text-slate-600">
                  {step.state === 'done'
                    ? (step.atText ?? 'Done')
                    : step.state === 'waiting'
                      ? 'Not yet'
                      : 'Not yet known'}
                </p>
                {step.document && <p className="text-sm text-slate-600">No. {step.document}</p>}
              </div>
            </li>
          ))}
        </ol>
        {order.statusCheckedAtText && (
          <p className="mt-3 text-sm text-slate-500">
            Shipping and invoicing as of {order.statusCheckedAtText}.
          </p>
        )}
      </section>

      <section aria-labelledby="order-lines" className={`mt-6 ${CARD}`}>
        <h2 id="order-lines" className="font-semibold text-brand-900">
          Products
        </h2>
        <ul className="mt-2 divide-y divide-slate-100">
          {order.lines.map((line) => (
            <li key={line.number} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-3">
              <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
                <Link
                  to={`/product-details/${encodeURIComponent(line.number)}`}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {line.title}
                </Link>
                <p className="text-sm text-slate-600">{line.number}</p>
              </div>
              <p className="text-sm text-slate-700">
                {line.quantity} × {formatDollars(line.unitPrice)}
              </p>
              <p className="ml-auto font-semibold text-slate-900 sm:ml-0 sm:w-24 sm:text-right">
                {formatDollars(line.lineTotal)}
              </p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 ml-auto max-w-xs space-y-1 border-t border-slate-200 pt-3 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">Subtotal</dt>
            <dd>{formatDollars(order.subtotal)}</dd>
          </div>
          {order.discount > 0 && (
            <div className="flex justify-between">
              <dt className="text-slate-600">
                Discount{order.couponCode ? ` (${order.couponCode})` : ''}
              </dt>
              <dd>−{formatDollars(order.discount)}</dd>
            </div>
          )}
          {order.freight > 0 && (
            <div className="flex justify-between">
              <dt className="text-slate-600">{FREIGHT_LINE_TITLE}</dt>
              <dd>{formatDollars(order.freight)}</dd>
            </div>
          )}
          <div className="flex justify-between text-base font-bold text-slate-900">
            <dt>
              {order.payment.method === 'on_account'
                ? `On account (${order.payment.terms ?? 'terms'}), due ${order.dueOnText ?? ''}`
                : 'Total paid'}
            </dt>
            <dd>{formatDollars(order.amount)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="order-ship-to" className={`mt-6 ${CARD}`}>
        <h2 id="order-ship-to" className="font-semibold text-brand-900">
          Ship to
        </h2>
        <address className="mt-2 text-slate-700 not-italic">
          {order.shipTo.name}
          <br />
          {order.shipTo.address}
          <br />
          {order.shipTo.city}, {order.shipTo.state} {order.shipTo.postCode} {order.shipTo.country}
          {order.shipTo.phone && (
            <>
              <br />
              {order.shipTo.phone}
            </>
          )}
        </address>
      </section>
    </div>
  );
}

function StepIcon({ state }: { state: OrderStep['state'] }) {
  if (state === 'done') {
    return <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-label="Done" />;
  }
  if (state === 'waiting') {
    return <Clock className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-label="Not yet" />;
  }
  return <CircleDashed className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-label="Not known" />;
}

/** After 'Buy again': what went in, and what was left out and why (never silently dropped). */
function ReorderNotice({ reorder }: { reorder: ReorderAnswer }) {
  return (
    <div
      role="status"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-800"
    >
      <p className="font-semibold">
        {reorder.add.length > 0
          ? `${reorder.add.length} ${reorder.add.length === 1 ? 'product was' : 'products were'} put in your cart at today's prices.`
          : 'No product of this order can be bought now.'}
      </p>
      <p className="mt-1">Left out:</p>
      <ul className="mt-1 list-disc pl-6">
        {reorder.leftOut.map((line) => (
          <li key={line.number}>
            {line.title} ({line.number}): {ACCOUNT_MESSAGES.leftOut[line.reason]}
          </li>
        ))}
      </ul>
      {reorder.add.length > 0 && (
        <Link to="/cart" className="mt-2 inline-block font-semibold text-brand-700 underline">
          Go to the cart
        </Link>
      )}
    </div>
  );
}
