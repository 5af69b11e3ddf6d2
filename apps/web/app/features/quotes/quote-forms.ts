import type { ShippingFieldName } from '../account/address-form.ts';

/** The quote pages' forms (issue 37): field names and what their actions answer, without zod. */

/** Every field of the request form: the ship-to (SHIPPING_FIELDS), PO number and message. */
export type QuoteRequestFieldName = ShippingFieldName | 'poNumber' | 'message';
export type QuoteRequestValues = Record<QuoteRequestFieldName, string>;

export interface QuoteRequestActionData {
  /** What was typed, to fill the form again. */
  values: QuoteRequestValues;
  /** The form's message, above it. */
  error: string;
  /** Each field's message, next to it. */
  fieldErrors: Partial<Record<QuoteRequestFieldName, string>>;
}

/** The quote page's answer forms. */
export const QUOTE_INTENTS = ['accept', 'decline'] as const;
export type QuoteIntent = (typeof QUOTE_INTENTS)[number];

/** What the quote page says after a redirect (?done=). */
export const QUOTE_DONE = ['requested', 'declined'] as const;
export type QuoteDone = (typeof QUOTE_DONE)[number];

export const QUOTE_DONE_TEXT: Record<QuoteDone, string> = {
  requested: 'Thanks — we have your request and will e-mail you the quote.',
  declined: 'You declined this quote. Ask us for another one any time from your cart.',
};

export const QUOTES_PATH = '/account/quotes';
export const NEW_QUOTE_PATH = '/account/quotes/new';

export const quotePath = (number: string) => `${QUOTES_PATH}/${encodeURIComponent(number)}`;
export const quoteCheckoutPath = (number: string) =>
  `/checkout?quote=${encodeURIComponent(number)}`;
