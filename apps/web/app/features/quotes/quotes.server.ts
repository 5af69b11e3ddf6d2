import { countryOptions } from '@labshop/shared/countries';
import { mayHaveSession } from '@labshop/shared/constants';
import type { AddressBookAnswer, LabAddress } from '@labshop/shared/schemas/address-book';
import { BILLING_LIMITS, type CartAnswer } from '@labshop/shared/schemas/checkout';
import { QUOTE_LIMITS, type Quote, type QuotesAnswer } from '@labshop/shared/schemas/quotes';
import { QuoteRequestInput } from '@labshop/shared/schemas/quotes-dto';
import { usStateOptions } from '@labshop/shared/us-states';
import { data, redirect, type AppLoadContext } from 'react-router';
import { readCookie } from '../../lib/cookies.ts';
import { accountCall } from '../account/account.server.ts';
import { loginUrl } from '../auth/api/me.ts';
import { loadCart } from '../cart/api/cart.ts';
import { cartCookieLine } from '../cart/cart-actions.server.ts';
import { priceCartItems } from '../cart/cart-items.ts';
import {
  NEW_QUOTE_PATH,
  QUOTE_DONE,
  QUOTE_INTENTS,
  quoteCheckoutPath,
  quotePath,
  type QuoteDone,
  type QuoteIntent,
  type QuoteRequestActionData,
  type QuoteRequestFieldName,
  type QuoteRequestValues,
} from './quote-forms.ts';
import { SHIPPING_FIELDS, type ShippingFieldName } from '../account/address-form.ts';

/**
 * The lab's quote pages (issue 37), on the server as the visitor (in-process API calls): the
 * list, one quote with Accept and Decline, and the request form made from the cart. The forms
 * are plain posts answered with a 303, so they work without the pages' code.
 */

/** A day of an ISO time in the shop's time zone ('Nov 28, 2026'): one formatter per page. */
function shopDays(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone });
  return (iso) => format.format(new Date(iso));
}

/** A validity day (YYYY-MM-DD, already the shop's day) as written: 'Dec 28, 2026'. */
const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dayText = (day: string) => calendarDay.format(new Date(`${day}T00:00:00Z`));

const QUOTES_API = '/api/account/quotes';

const pageOf = (url: URL) =>
  Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);

/** /account/quotes: a page of the lab's quotes, newest first. */
export async function loadQuoteList(request: Request, context: AppLoadContext) {
  const page = pageOf(new URL(request.url));
  const answer = await accountCall<QuotesAnswer>(
    request,
    context,
    `${QUOTES_API}?${new URLSearchParams({ page: String(page) })}`,
  );
  const shopDay = shopDays(context.publicConfig.shopTimeZone);
  return {
    quotes: {
      ...answer,
      quotes: answer.quotes.map((quote) => ({
        ...quote,
        requestedAtText: shopDay(quote.requestedAt),
        validUntilText: quote.validUntil ? dayText(quote.validUntil) : null,
      })),
    },
  };
}

/** /account/quotes/:number: one of the lab's quotes; any other is not found. */
export async function loadQuote(request: Request, context: AppLoadContext, number: string) {
  const quote = await accountCall<Quote>(
    request,
    context,
    `${QUOTES_API}/${encodeURIComponent(number)}`,
  );
  const shopDay = shopDays(context.publicConfig.shopTimeZone);
  const done = new URL(request.url).searchParams.get('done');
  return {
    quote: {
      ...quote,
      requestedAtText: shopDay(quote.requestedAt),
      sentAtText: quote.sentAt ? shopDay(quote.sentAt) : null,
      acceptedAtText: quote.acceptedAt ? shopDay(quote.acceptedAt) : null,
      declinedAtText: quote.declinedAt ? shopDay(quote.declinedAt) : null,
      validUntilText: quote.validUntil ? dayText(quote.validUntil) : null,
      // Named here: the names come from ICU data, and the page needs only this one.
      countryName:
        countryOptions().find((country) => country.code === quote.shipTo.country)?.name ??
        quote.shipTo.country,
    },
    done: QUOTE_DONE.includes(done as QuoteDone) ? (done as QuoteDone) : null,
  };
}

/**
 * Accept or Decline (intent), as the visitor. Accepting goes on to pay at the checkout;
 * declining comes back to the quote. A quote no longer open (409) answers its message.
 */
export async function quoteAnswerAction(request: Request, context: AppLoadContext, number: string) {
  const intent = (await request.formData()).get('intent');
  if (!QUOTE_INTENTS.includes(intent as QuoteIntent)) {
    return data({ error: 'This form is not known.' }, { status: 400 });
  }
  const response = await context.apiFetch(
    `${QUOTES_API}/${encodeURIComponent(number)}/${intent as QuoteIntent}`,
    { method: 'POST', headers: { accept: 'application/json' } },
  );
  if (response.status === 401) throw redirect(loginUrl(quotePath(number)));
  if (response.status === 404) throw data(null, { status: 404 });
  if (response.ok) {
    throw redirect(
      intent === 'accept' ? quoteCheckoutPath(number) : `${quotePath(number)}?done=declined`,
      303,
    );
  }
  if (response.status >= 500) throw data(null, { status: 503 });
  return data(
    {
      error:
        (await errorOf(response)) ??
        (intent === 'accept'
          ? 'The quote could not be accepted.'
          : 'The quote could not be declined.'),
    },
    { status: response.status },
  );
}

/** A cart line as the request form shows it, priced for the visitor as the cart page does. */
export interface QuoteCartLine {
  number: string;
  title: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** The cart's products with their quantities, as GET /api/cart resolves the cookie. */
function cartLines(answer: CartAnswer): { lines: QuoteCartLine[]; totalCents: number } {
  const priced = priceCartItems(
    answer,
    answer.items.map(({ product, quantity }) => ({
      number: product.number,
      title: product.title,
      quantity,
    })),
  );
  return {
    lines: priced.items.map((item) => ({
      number: item.product.number,
      title: item.product.title,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      lineTotalCents: item.lineTotalCents,
    })),
    totalCents: priced.totalCents,
  };
}

const LAB_CHOICE = 'lab';

/** The address book's addresses the request form may start from: the lab's first. */
function shipToChoices(
  book: AddressBookAnswer,
): { id: string; label: string; address: LabAddress }[] {
  const describe = (address: LabAddress, fallback: string) =>
    `${address.label || fallback}: ${address.address}, ${address.city}`;
  return [
    ...(book.labAddress
      ? [
          {
            id: LAB_CHOICE,
            label: describe(book.labAddress, "Your lab's address"),
            address: book.labAddress,
          },
        ]
      : []),
    ...book.addresses.map((address) => ({
      id: address.id,
      label: describe(address, `${address.firstName} ${address.lastName}`),
      address,
    })),
  ];
}

const EMPTY_SHIP_TO: Record<ShippingFieldName, string> = {
  firstName: '',
  lastName: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
};

/**
 * /account/quotes/new: the cart's lines (read-only), a ship-to address filled from the address
 * book (?address= picks another of its addresses: 'lab' or a saved one's id; else the lab's,
 * else the first saved), the PO number and a message.
 */
export async function loadQuoteRequest(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const [book, cart] = await Promise.all([
    accountCall<AddressBookAnswer>(request, context, '/api/account/addresses'),
    loadCart(context),
  ]);
  const choices = shipToChoices(book);
  const chosen =
    choices.find((choice) => choice.id === url.searchParams.get('address')) ?? choices[0] ?? null;
  const shipTo = chosen
    ? (Object.fromEntries(SHIPPING_FIELDS.map((name) => [name, chosen.address[name]])) as Record<
        ShippingFieldName,
        string
      >)
    : EMPTY_SHIP_TO;
  return {
    cart: cart.answer ? cartLines(cart.answer) : null,
    choices: choices.map(({ id, label }) => ({ id, label })),
    chosenId: chosen?.id ?? null,
    values: { ...shipTo, poNumber: '', message: '' } satisfies QuoteRequestValues,
    // Computed here: country names come from ICU data, which the browser may word differently.
    countries: countryOptions(),
    states: usStateOptions(),
    limits: { ...BILLING_LIMITS, message: QUOTE_LIMITS.message },
  };
}

const REQUEST_FIELDS: readonly QuoteRequestFieldName[] = [
  ...SHIPPING_FIELDS,
  'poNumber',
  'message',
];

/**
 * 'Request quote': the cart's lines (number and quantity, as GET /api/cart resolves the cookie)
 * with the form's fields, checked here first with the API's own schema for a message next to
 * each field. A created quote empties the cart and opens the quote (303); a refusal answers
 * its message and what was typed.
 */
export async function quoteRequestAction(request: Request, context: AppLoadContext) {
  const cookies = request.headers.get('cookie');
  if (!mayHaveSession((name) => readCookie(name, cookies))) {
    throw redirect(loginUrl(NEW_QUOTE_PATH), 303);
  }
  const form = await request.formData();
  const values = Object.fromEntries(
    REQUEST_FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === 'string' ? value : ''];
    }),
  ) as QuoteRequestValues;
  const failure = (
    error: string,
    status: number,
    fieldErrors: QuoteRequestActionData['fieldErrors'] = {},
  ) => data<QuoteRequestActionData>({ values, error, fieldErrors }, { status });

  const cart = await loadCart(context);
  if (!cart.answer) {
    return failure('Your cart could not be loaded. Please try again in a moment.', 503);
  }
  const parsed = QuoteRequestInput.safeParse({
    lines: cartLines(cart.answer).lines.map(({ number, quantity }) => ({ number, quantity })),
    message: values.message,
    shipTo: Object.fromEntries(SHIPPING_FIELDS.map((name) => [name, values[name]])),
    poNumber: values.poNumber,
  });
  if (!parsed.success) {
    const fieldErrors: QuoteRequestActionData['fieldErrors'] = {};
    let lineError: string | null = null;
    for (const issue of parsed.error.issues) {
      const [first, second] = issue.path;
      const name = (first === 'shipTo' ? second : first) as QuoteRequestFieldName | 'lines';
      if (name === 'lines') lineError ??= issue.message;
      else fieldErrors[name] ??= issue.message;
    }
    return failure(lineError ?? 'Please correct the fields marked below.', 400, fieldErrors);
  }

  const response = await context.apiFetch(QUOTES_API, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(parsed.data),
  });
  if (response.status === 401) throw redirect(loginUrl(NEW_QUOTE_PATH), 303);
  if (response.ok) {
    const quote = (await response.json()) as Quote;
    const headers = new Headers({ 'set-cookie': cartCookieLine(new URL(request.url), []) });
    throw redirect(`${quotePath(quote.number)}?done=requested`, { status: 303, headers });
  }
  if (response.status >= 500) {
    return failure('Your request could not be sent. Please try again in a moment.', 503);
  }
  return failure((await errorOf(response)) ?? 'Your request could not be sent.', response.status);
}

/** The API's `{ error }` text, when it sent one. */
async function errorOf(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' ? body.error : null;
}
