/**
 * Paying on account (issue 37, beyond SPEC.md): a lab whose ERP customer has payment terms, or
 * that the staff allow, may place an order without a card, with a PO number; the ERP's invoice
 * is then due under its terms. Messages and types without zod (the schemas are in
 * payment-terms-dto.ts).
 */
export type {
  AccountPaymentTerms,
  CustomerTermsAnswer,
  CustomerTermsEntry,
} from './payment-terms-dto.ts';

export const PAYMENT_METHODS = ['card', 'on_account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What the staff set for a customer: the ERP decides, allowed by the shop, or off. */
export const TERMS_MODES = ['erp', 'allowed', 'off'] as const;
export type TermsMode = (typeof TERMS_MODES)[number];

export const TERMS_LIMITS = {
  /** Days to pay that the staff may set. */
  dueDaysMin: 1,
  dueDaysMax: 120,
  /** The largest credit limit, dollars. */
  creditLimitMax: 10_000_000,
  /** Customers asked for at once (a page of cards). */
  emails: 50,
} as const;

/** Days to pay when the staff allow a lab without saying how many. */
export const DEFAULT_DUE_DAYS = 30;

/** The terms' name as the shop says it: 'Net 30'. */
export const termsLabel = (dueDays: number) => `Net ${dueDays}`;

export const PAYMENT_TERMS_MESSAGES = {
  /** Asked to pay on account without terms: however the request is made. */
  notAllowed: 'Your account cannot pay on account. Please pay by card.',
  signIn: 'Please sign in to pay on account.',
  poRequired: 'A PO number / reference is required to pay on account.',
  creditLimit: (available: string) =>
    `This order is more than your account's available credit (${available}). Please pay by card, or call us.`,
  dueDays: `Days to pay must be a whole number from ${TERMS_LIMITS.dueDaysMin} to ${TERMS_LIMITS.dueDaysMax}.`,
  creditLimitValue: 'The credit limit must be an amount from $0 to $10,000,000, or empty for none.',
  customerNotFound: 'No customer has this e-mail.',
} as const;
