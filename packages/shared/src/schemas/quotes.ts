/**
 * Quotes (issue 37, beyond SPEC.md): a signed-in lab asks for a price on its cart, the staff
 * answer with prices, freight and a validity date, and the lab accepts and pays the quoted
 * amount. Limits, messages and answer types without zod (the schemas are in quotes-dto.ts, for
 * the server and the pages' actions), so the pages' bundles stay small.
 */
export type {
  AdminQuotesAnswer,
  Quote,
  QuoteLine,
  QuoteSummary,
  QuotesAnswer,
} from './quotes-dto.ts';

/**
 * What a quote is now. `expired` is never stored: a sent or accepted (unpaid) quote whose
 * validity date has passed, in the shop's time zone.
 */
export const QUOTE_STATUSES = ['requested', 'sent', 'accepted', 'expired', 'declined'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Requested',
  sent: 'Sent',
  accepted: 'Accepted',
  expired: 'Expired',
  declined: 'Declined',
};

/** Quotes per page, in the account and the admin. */
export const QUOTES_PAGE_SIZE = 20;

export const QUOTE_LIMITS = {
  /** The admin list's search. */
  search: 100,
  message: 2000,
  note: 2000,
  lines: 100,
  /** The largest unit price or freight amount, dollars. */
  amount: 1_000_000,
  /** How far ahead a validity date may be set, days. */
  validForMaxDays: 366,
} as const;

/** The validity a new quote's editor proposes, days from today. */
export const QUOTE_DEFAULT_VALID_DAYS = 30;

/** The quote's freight line, on the quote, the order and the ERP's sales order. */
export const FREIGHT_LINE_TITLE = 'Freight';

export const QUOTE_MESSAGES = {
  /** Also for another lab's quote and a malformed number: nothing tells them apart. */
  notFound: 'No quote with this number belongs to your account.',
  adminNotFound: 'No quote with this number.',
  noLines: 'A quote needs at least one product line.',
  tooManyLines: `A quote can have at most ${QUOTE_LIMITS.lines} lines.`,
  messageTooLong: `Message must be at most ${QUOTE_LIMITS.message} characters.`,
  noteTooLong: `Note must be at most ${QUOTE_LIMITS.note} characters.`,
  price: 'Each price must be an amount from $0.00 to $1,000,000.00, in cents at most.',
  freight: 'Freight must be an amount from $0.00 to $1,000,000.00, in cents at most.',
  validUntil: 'Valid until must be a date (YYYY-MM-DD).',
  validUntilPast: 'Valid until must be today or later.',
  validUntilFar: `Valid until must be within ${QUOTE_LIMITS.validForMaxDays} days.`,
  validUntilMissing: 'Set a date the quote is valid until before sending it.',
  unknownProduct: (number: string) => `No product has the number ${number}.`,
  productUnavailable: (title: string) =>
    `${title} cannot be quoted right now: it is not available in the shop.`,
  /** Editing or sending an accepted or declined quote. */
  closed: 'This quote was accepted or declined and can no longer be changed.',
  /** Accepting or declining a quote that is not waiting for the lab's answer. */
  notOpen: 'This quote is not waiting for your answer.',
  expired: (day: string) => `This quote expired on ${day} and can no longer be accepted.`,
  /** Paying for a quote that was not accepted, or is paid already. */
  notPayable: 'This quote cannot be paid: accept it first, or see its order in your account.',
  couponOnQuote: 'Coupons do not apply to a quote: its prices are agreed already.',
  signInForQuote: 'Please sign in to request or pay a quote.',
} as const;
