import { formatCents } from '@labshop/shared/money';
import type { AccountPaymentTerms, PaymentMethod } from '@labshop/shared/schemas/payment-terms';
import { CreditCard, FileText } from 'lucide-react';

const DUE_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Whether the order fits the lab's available credit (null: no limit). */
export function fitsCredit(terms: AccountPaymentTerms, totalCents: number): boolean {
  return terms.available === null || totalCents <= Math.round(terms.available * 100);
}

/**
 * 'How to pay' (issue 37), offered only to a lab that may pay on account: by card, or on the
 * lab's account under its terms (no card; a PO number is then required). An order over the
 * available credit can only be paid by card.
 */
export function PaymentMethodChoice({
  id,
  terms,
  totalCents,
  method,
  onChange,
}: {
  id: string;
  terms: AccountPaymentTerms;
  totalCents: number;
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  const fits = fitsCredit(terms, totalCents);
  const option =
    'flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60';
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-6">
      <legend className="float-left mb-3 text-lg font-bold text-brand-900">How to pay</legend>
      <div className="clear-both grid gap-3 sm:grid-cols-2">
        <label className={option}>
          <input
            type="radio"
            name={`${id}-method`}
            value="card"
            checked={method === 'card'}
            onChange={() => onChange('card')}
            className="mt-1"
          />
          <span>
            <span className="flex items-center gap-2 font-semibold text-slate-900">
              <CreditCard className="h-4 w-4 text-brand-600" aria-hidden="true" />
              Card
            </span>
            <span className="block text-sm text-slate-600">Paid now.</span>
          </span>
        </label>
        <label className={option}>
          <input
            type="radio"
            name={`${id}-method`}
            value="on_account"
            checked={method === 'on_account'}
            disabled={!fits}
            onChange={() => onChange('on_account')}
            aria-describedby={`${id}-account-note`}
            className="mt-1"
          />
          <span>
            <span className="flex items-center gap-2 font-semibold text-slate-900">
              <FileText className="h-4 w-4 text-brand-600" aria-hidden="true" />
              On account ({terms.terms})
            </span>
            <span id={`${id}-account-note`} className="block text-sm text-slate-600">
              {fits
                ? `Invoiced, due ${terms.dueOn ? DUE_DAY.format(new Date(`${terms.dueOn}T00:00:00Z`)) : 'under your terms'}. A PO number is required.`
                : `More than your available credit (${formatCents(Math.round((terms.available ?? 0) * 100))}): please pay by card.`}
              {fits && terms.available !== null && (
                <> Available credit: {formatCents(Math.round(terms.available * 100))}.</>
              )}
            </span>
          </span>
        </label>
      </div>
    </fieldset>
  );
}
