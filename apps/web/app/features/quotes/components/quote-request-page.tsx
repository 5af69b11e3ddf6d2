import { formatCents } from '@labshop/shared/money';
import { PO_NUMBER_LABEL } from '@labshop/shared/schemas/po-number';
import { ChevronLeft, FileText, ShoppingCart } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { FormField, formControlProps } from '../../../components/form-field.tsx';
import { ShippingAddressFields } from '../../account/components/shipping-address-fields.tsx';
import type {
  QuoteRequestActionData,
  QuoteRequestFieldName,
  QuoteRequestValues,
} from '../quote-forms.ts';

type Option = { code: string; name: string };
type RequestLimits = Record<
  'name' | 'phone' | 'address' | 'city' | 'state' | 'zip' | 'poNumber' | 'message',
  number
>;

export interface QuoteRequestPageProps {
  /** The cart's lines as the shop resolves them; null when the cart could not be loaded. */
  cart: {
    lines: {
      number: string;
      title: string;
      quantity: number;
      unitPriceCents: number;
      lineTotalCents: number;
    }[];
    totalCents: number;
  } | null;
  /** The address book's addresses the form may start from, the lab's first. */
  choices: { id: string; label: string }[];
  chosenId: string | null;
  /** The fields as the page starts them: the chosen address, an empty PO number and message. */
  values: QuoteRequestValues;
  countries: readonly Option[];
  states: readonly Option[];
  /** The fields' length limits, from the loader: the page's code stays without the rules. */
  limits: RequestLimits;
  /** The refused form's messages and what was typed. */
  action: QuoteRequestActionData | null;
}

const CARD = 'rounded-lg border border-slate-200 bg-white p-5 shadow-sm';
const BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2 font-semibold';
const PICKER_FORM = 'quote-ship-to-picker';

/**
 * /account/quotes/new (issue 37): the cart's products (read-only), where to ship, the PO number
 * and a message, sent as a quote request. A plain post form: it works without the page's code.
 */
export function QuoteRequestPage({
  cart,
  choices,
  chosenId,
  values: startValues,
  countries,
  states,
  limits,
  action,
}: QuoteRequestPageProps) {
  const busy = useNavigation().state === 'submitting';
  const values = action?.values ?? startValues;
  const error = (name: QuoteRequestFieldName) => action?.fieldErrors[name];
  const field = (name: QuoteRequestFieldName, required = true) => ({
    ...formControlProps(`quote-${name}`, error(name), required),
    name,
    defaultValue: values[name],
  });
  const fieldProps = (name: QuoteRequestFieldName) => ({
    look: 'storefront' as const,
    id: `quote-${name}`,
    error: error(name),
  });

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 lg:py-10">
      <Link
        to="/cart"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        Back to the cart
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900 sm:text-3xl">Request a quote</h1>
      <p className="mt-1 text-slate-600">
        Need freight or a better price on a larger order? Send us your cart: we answer with a quote
        you can accept and pay online.
      </p>

      {cart === null ? (
        <p
          role="alert"
          className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-900"
        >
          Your cart could not be loaded. Please try again in a moment.
        </p>
      ) : cart.lines.length === 0 ? (
        <div className={`mt-6 text-center ${CARD}`}>
          <ShoppingCart className="mx-auto h-8 w-8 text-brand-600" aria-hidden="true" />
          <p className="mt-2 font-semibold text-slate-800">Your cart is empty.</p>
          <p className="mt-1 text-slate-600">
            Put the products you want a quote for in your cart first.
          </p>
          <Link to="/shop" className={`mt-4 ${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}>
            Browse products
          </Link>
        </div>
      ) : (
        <>
          {/* Picking another saved address reloads the page with it (works without the code). */}
          {choices.length > 1 && <Form method="get" id={PICKER_FORM} />}
          <Form method="post" noValidate aria-labelledby="quote-request-heading">
            <h2 id="quote-request-heading" className="sr-only">
              Your quote request
            </h2>
            <div role="alert" className="mt-4 empty:hidden">
              {action?.error && <ErrorAlert>{action.error}</ErrorAlert>}
            </div>

            <section aria-labelledby="quote-products" className={`mt-6 ${CARD}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="quote-products" className="font-semibold text-brand-900">
                  Products
                </h2>
                <Link to="/cart" className="text-sm font-semibold text-brand-700 hover:underline">
                  Change in the cart
                </Link>
              </div>
              <ul className="mt-2 divide-y divide-slate-100">
                {cart.lines.map((line) => (
                  <li
                    key={line.number}
                    className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-3"
                  >
                    <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
                      <p className="font-semibold break-words text-slate-800">{line.title}</p>
                      <p className="text-sm text-slate-600">{line.number}</p>
                    </div>
                    <p className="text-sm text-slate-700">
                      {line.quantity} × {formatCents(line.unitPriceCents)}
                    </p>
                    <p className="ml-auto font-semibold text-slate-900 sm:ml-0 sm:w-28 sm:text-right">
                      {formatCents(line.lineTotalCents)}
                    </p>
                  </li>
                ))}
              </ul>
              <div className="mt-3 flex justify-end gap-8 border-t border-slate-200 pt-3 font-bold text-slate-900">
                <span>Today&apos;s total</span>
                <span>{formatCents(cart.totalCents)}</span>
              </div>
              <p className="mt-1 text-right text-xs text-slate-600">
                Your current prices, without freight. The quote has the prices we offer.
              </p>
            </section>

            <section aria-labelledby="quote-ship-to" className={`mt-6 ${CARD}`}>
              <h2 id="quote-ship-to" className="font-semibold text-brand-900">
                Ship to
              </h2>
              {choices.length > 1 && (
                <div className="mt-3 flex flex-wrap items-end gap-2">
                  <div className="min-w-0 flex-1 basis-64">
                    <label
                      htmlFor="quote-address-choice"
                      className="mb-1.5 block text-sm font-semibold text-slate-800"
                    >
                      Start from a saved address
                    </label>
                    <select
                      id="quote-address-choice"
                      name="address"
                      form={PICKER_FORM}
                      defaultValue={chosenId ?? undefined}
                      className={
                        formControlProps('quote-address-choice', undefined, false).className
                      }
                    >
                      {choices.map((choice) => (
                        <option key={choice.id} value={choice.id}>
                          {choice.label}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button
                    type="submit"
                    form={PICKER_FORM}
                    className={`${BUTTON} border border-slate-300 bg-white text-brand-700 hover:bg-slate-50`}
                  >
                    Use this address
                  </button>
                </div>
              )}
              {/* Another address chosen: the fields start again from it. */}
              <div key={chosenId ?? ''} className="mt-4 grid gap-4 sm:grid-cols-2">
                <ShippingAddressFields
                  idPrefix="quote"
                  values={values}
                  errors={action?.fieldErrors ?? {}}
                  countries={countries}
                  states={states}
                  limits={limits}
                />
              </div>
            </section>

            <section aria-labelledby="quote-details" className={`mt-6 space-y-4 ${CARD}`}>
              <h2 id="quote-details" className="font-semibold text-brand-900">
                Your request
              </h2>
              <FormField {...fieldProps('poNumber')} label={PO_NUMBER_LABEL} note="(optional)">
                <input
                  {...field('poNumber', false)}
                  type="text"
                  autoComplete="off"
                  maxLength={limits.poNumber}
                  className={`${field('poNumber', false).className} sm:max-w-sm`}
                />
              </FormField>
              <FormField
                {...fieldProps('message')}
                label="Message"
                note="(optional)"
                hint="For example: the delivery date you need, a lift gate, net 30 terms."
              >
                <textarea {...field('message', false)} rows={5} maxLength={limits.message} />
              </FormField>
              <div className="flex flex-wrap items-center gap-3">
                <button
                  type="submit"
                  disabled={busy}
                  className={`${BUTTON} bg-accent-700 text-white shadow-sm hover:brightness-90 disabled:opacity-60`}
                >
                  <FileText className="h-4 w-4" aria-hidden="true" />
                  Request quote
                </button>
                <p className="text-sm text-slate-600">
                  Your cart is emptied once we have the request.
                </p>
              </div>
            </section>
          </Form>
        </>
      )}
    </div>
  );
}
