import { z } from 'zod';
import { isCountryCode } from '../countries.ts';
import { isUsStateCode } from '../us-states.ts';
import {
  BILLING_LIMITS,
  CHECKOUT_MESSAGES,
  PO_NUMBER_LABEL,
  QUANTITY_MESSAGE,
} from './checkout-rules.ts';
import { EMAIL_PATTERN } from './content-rules.ts';
import { PAYMENT_METHODS } from './payment-terms.ts';
import { stopWith } from './field-checks.ts';

/**
 * The zod schemas of the billing form and the payment calls, with checkout-rules.ts' messages.
 * Every text has a length limit, checked before any pattern and ending the field's checks when
 * it fails (field-checks.ts).
 */

const required = (message: string, label: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, stopWith(CHECKOUT_MESSAGES.tooLong(label, max)));

const email = () =>
  required(CHECKOUT_MESSAGES.email, 'Email', BILLING_LIMITS.email).regex(
    EMAIL_PATTERN,
    CHECKOUT_MESSAGES.emailFormat,
  );

/** Optional phone: empty, or digits, spaces, +, (), - and dots, 7 to 20 characters. */
const optionalPhone = () =>
  z
    .string()
    .trim()
    .max(BILLING_LIMITS.phone, stopWith(CHECKOUT_MESSAGES.phoneFormat))
    .regex(/^$|^[\d\s+().-]{7,20}$/, CHECKOUT_MESSAGES.phoneFormat)
    .default('');

/**
 * The lab's optional PO number or reference (issue 36): what a purchasing office writes on its
 * own orders, printable characters only, at most Business Central's 35.
 */
const poNumber = () =>
  z
    .string()
    .trim()
    .max(
      BILLING_LIMITS.poNumber,
      stopWith(CHECKOUT_MESSAGES.tooLong(PO_NUMBER_LABEL, BILLING_LIMITS.poNumber)),
    )
    .regex(/^[\p{L}\p{N} .,/#_-]*$/u, CHECKOUT_MESSAGES.poNumberFormat)
    .default('');

const country = () =>
  z
    .string({ error: CHECKOUT_MESSAGES.country })
    .trim()
    .max(2, stopWith(CHECKOUT_MESSAGES.country))
    .toUpperCase()
    .refine(isCountryCode, CHECKOUT_MESSAGES.country);

/** The billing form's fields, also the address book's (address-book-dto.ts). */
export const billingFields = z.object({
  firstName: required(CHECKOUT_MESSAGES.firstName, 'First name', BILLING_LIMITS.name),
  lastName: required(CHECKOUT_MESSAGES.lastName, 'Last name', BILLING_LIMITS.name),
  email: email(),
  phone: optionalPhone(),
  address: required(CHECKOUT_MESSAGES.address, 'Address', BILLING_LIMITS.address),
  city: required(CHECKOUT_MESSAGES.city, 'City', BILLING_LIMITS.city),
  state: required(CHECKOUT_MESSAGES.state, 'State', BILLING_LIMITS.state),
  zip: required(CHECKOUT_MESSAGES.zip, 'ZIP code', BILLING_LIMITS.zip),
  country: country(),
  poNumber: poNumber(),
  companyFax: z.string().max(500, CHECKOUT_MESSAGES.companyFax).default(''),
});

const US_ZIP = /^\d{5}(?:-\d{4})?$/;
/** A region's name in any script: letters, digits, spaces, . , ' and -, starting with one. */
const REGION = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'\u2019-]*$/u;
/** Postal codes are Latin letters and digits, with spaces or hyphens inside. */
const POSTAL_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/;

/**
 * State and ZIP by the country (issue 34): for the United States a state code from the list
 * (the form's select) and a ZIP or ZIP+4; elsewhere free text of letters, digits and a little
 * punctuation. Runs after the fields' own checks (zod skips it when one aborted, as a length
 * check does) and says nothing about an empty field or an unknown country: those have their
 * own message.
 */
export function checkStateAndZip(
  billing: { state: string; zip: string; country: string },
  context: z.RefinementCtx,
): void {
  if (!isCountryCode(billing.country)) return;
  const us = billing.country === 'US';
  const problem = (path: 'state' | 'zip', message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (billing.state !== '') {
    if (us ? !isUsStateCode(billing.state) : !REGION.test(billing.state)) {
      problem('state', us ? CHECKOUT_MESSAGES.usState : CHECKOUT_MESSAGES.region);
    }
  }
  if (billing.zip !== '') {
    if (!(us ? US_ZIP : POSTAL_CODE).test(billing.zip)) {
      problem('zip', us ? CHECKOUT_MESSAGES.usZip : CHECKOUT_MESSAGES.postalCode);
    }
  }
}

/** The checkout's billing form (SPEC.md "Billing"). companyFax is the hidden bot trap. */
export const BillingInput = billingFields.superRefine(checkStateAndZip);
export type BillingInput = z.input<typeof BillingInput>;
export type Billing = z.output<typeof BillingInput>;

/**
 * The billing rules process-payment checks its request by: the same as the form's, less the
 * names (the request carries one fullName) and the trap (checked first, with its own message).
 */
export const PaymentBillingInput = billingFields
  .omit({ firstName: true, lastName: true, companyFax: true, poNumber: true })
  .superRefine(checkStateAndZip);

/** POST /api/checkout/verify-captcha. `captchaToken` is empty when the captcha is off. */
export const VerifyCaptchaRequest = z.object({
  captchaToken: z.string().max(5000).default(''),
});
const text = (max: number) => z.string().trim().max(max).default('');
/** A text field of the billing form, refused when too long with the form's message. */
const labelledText = (label: string, max: number) =>
  z.string().trim().max(max, CHECKOUT_MESSAGES.tooLong(label, max)).default('');

const quantity = () =>
  z
    .number({ error: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(1, QUANTITY_MESSAGE)
    .max(999, QUANTITY_MESSAGE);

export const PaymentCartLine = z.object({
  number: z.string().trim().min(1).max(50),
  quantity: quantity(),
  /** The unit price the browser showed, in dollars; the server prices again and compares. */
  newPrice: z.number().nonnegative(),
  title: z.string().max(300).optional(),
});

/**
 * POST /api/process-payment (SPEC.md "Payment request"), plus what a real order needs: the
 * buyer's e-mail and phone (for the confirmation), the card expiry from the tokenizer and the
 * coupon code (the server applies it itself; discountAmount is only compared).
 */
export const PaymentRequest = z.object({
  /** Cents. */
  amount: z.number({ error: CHECKOUT_MESSAGES.amountNotPositive }),
  token: z.string().trim().max(100).default(''),
  /** MMYY from the tokenizer frame, when it reports one. */
  expiry: z
    .string()
    .max(6, { abort: true })
    .regex(/^$|^\d{4}$|^\d{6}$/)
    .default(''),
  fullName: text(2 * BILLING_LIMITS.name + 1),
  email: text(BILLING_LIMITS.email),
  phone: text(BILLING_LIMITS.phone),
  /** The order number the browser computed; the server assigns its own from a sequence. */
  salesOrderId: text(40),
  billing: z.object({
    address: text(BILLING_LIMITS.address),
    city: text(BILLING_LIMITS.city),
    state: labelledText('State', BILLING_LIMITS.state),
    zip: labelledText('ZIP code', BILLING_LIMITS.zip),
    country: text(2),
    companyFax: z.string().max(500).default(''),
  }),
  cart: z.array(PaymentCartLine).max(200, CHECKOUT_MESSAGES.cartTooLarge),
  couponCode: text(40),
  /** Ours (issue 36): the lab's PO number or reference, kept on the order. */
  poNumber: poNumber(),
  /**
   * Ours (issue 37): pays this accepted quote. The lines, prices and freight are then the
   * quote's as stored; the cart sent is not used and a coupon is refused.
   */
  quoteNumber: text(40),
  /**
   * Ours (issue 37): 'on_account' places the order on the lab's account terms, without a card
   * (token empty) and with a PO number; only for a signed-in lab with terms (403 otherwise).
   */
  paymentMethod: z.enum(PAYMENT_METHODS).default('card'),
  /** Dollars. */
  discountAmount: z.number().nonnegative().default(0),
  behavioralScore: z.number().min(0).max(1),
  behavioralData: z
    .object({
      score: z.number(),
      mouseMovements: z.number().int().nonnegative(),
      keyPresses: z.number().int().nonnegative(),
      sessionDuration: z.number().nonnegative(),
    })
    .partial()
    .default({}),
  recaptcha_token2: z.string().max(5000).default(''),
});
export type PaymentRequest = z.input<typeof PaymentRequest>;

/** POST /api/checkCustomer. */
export const CheckCustomerRequest = z.object({
  fullName: text(2 * BILLING_LIMITS.name + 1),
  /** A known customer number, or the browser's 'WEB' + 3 random uppercase letters. */
  number: text(20),
  paymentSuccessful: z.boolean().default(false),
  billing: z
    .object({
      email: text(BILLING_LIMITS.email),
      phone: text(BILLING_LIMITS.phone),
      address: text(BILLING_LIMITS.address),
      city: text(BILLING_LIMITS.city),
      state: text(BILLING_LIMITS.state),
      zip: text(BILLING_LIMITS.zip),
      country: text(2),
    })
    .partial()
    .default({}),
});
const SalesOrderLine = z.object({
  number: z.string().trim().min(1).max(50),
  title: z.string().max(300).default(''),
  quantity: quantity(),
  newPrice: z.number().nonnegative(),
});

/** POST /api/createSalesOrder (SPEC.md "Sales order payload"). */
export const CreateSalesOrderRequest = z.object({
  customerType: z.enum(['Wholesale', 'Retail']),
  newOrderNumber: z.string().trim().min(1).max(40),
  cart: z.array(SalesOrderLine).max(200),
  phone: text(BILLING_LIMITS.phone),
  customerNumber: text(20),
  fullName: text(2 * BILLING_LIMITS.name + 1),
  customerEmail: text(BILLING_LIMITS.email),
  billing: z
    .object({
      fullName: text(2 * BILLING_LIMITS.name + 1),
      addressLine1: text(BILLING_LIMITS.address),
      city: text(BILLING_LIMITS.city),
      state: text(BILLING_LIMITS.state),
      postalCode: text(BILLING_LIMITS.zip),
      country: text(2),
      phone: text(BILLING_LIMITS.phone),
    })
    .partial()
    .default({}),
  couponCode: text(40),
  discountAmount: z.number().nonnegative().default(0),
});
/** POST /api/createInvoice (SPEC.md "Invoice"). */
export const CreateInvoiceRequest = z.object({
  salesOrderId: z.string().trim().min(1).max(40),
  cart: z.array(SalesOrderLine).max(200).default([]),
  customerNumber: text(20),
  fullName: text(2 * BILLING_LIMITS.name + 1),
  paymentRetref: text(40),
});
/** POST /api/recordPayment (SPEC.md "Payment record"). */
export const RecordPaymentRequest = z.object({
  invoiceId: z.string().trim().min(1).max(40),
  customerNumber: text(20),
  paymentRetref: text(40),
});
