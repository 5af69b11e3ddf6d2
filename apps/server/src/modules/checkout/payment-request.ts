import type { PriceTier } from '@labshop/shared/auth';
import { PAYMENT } from '@labshop/shared/constants';
import {
  amountProblem,
  priceCart,
  type PricedCart,
  type PricingLine,
} from '@labshop/shared/pricing';
import {
  CHECKOUT_MESSAGES,
  PaymentBillingInput,
  type PaymentRequest,
} from '@labshop/shared/schemas/checkout';
import { QUOTE_MESSAGES } from '@labshop/shared/schemas/quotes';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../core/app-error.ts';
import type { NewOrder, NewOrderLine } from '../../db/orders-repo.ts';
import type { RequestUser } from '../../http/access.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { FreightService } from '../freight/service.ts';
import type { QuotesService } from '../quotes/service.ts';
import { lineTotalCents, subtotalCents } from '../quotes/totals.ts';
import type { OnAccountTerms } from '../terms/service.ts';
import type { CouponsRepo } from './coupons-repo.ts';
import { checkoutIdOf } from './nonces.ts';

/**
 * process-payment's request, before anything is written: the spec's checks in order, the cart
 * priced again on the server for the caller's tier and coupon, and the order it would become.
 */

export type PaymentFields = z.output<typeof PaymentRequest>;
export type Billing = z.output<typeof PaymentBillingInput>;

/** Who is paying: the client's IP and the signed-in user (wholesale prices), if any. */
export interface Payer {
  ip: string;
  user: RequestUser | null;
  /** The storefront browser's checkout cookie (all its tabs share it); null for API callers. */
  browser?: string | null;
}

/** Anonymous visitors pay retail; every signed-in user wholesale (SPEC.md section 6). */
export const tierOf = (user: RequestUser | null): PriceTier => (user ? 'wholesale' : 'retail');

/**
 * SPEC.md section 5 (Checkout), in the plan's order; each failure is a 400 with its message.
 * An order on account (issue 37) has no card; its terms are checked apart (terms service).
 */
export function checkRequest(input: PaymentFields): Billing {
  const refuse = (message: string) => new AppError('bad_request', message);
  if (input.billing.companyFax.trim() !== '') throw refuse(CHECKOUT_MESSAGES.companyFax);
  if (input.token === '' && input.paymentMethod === 'card') {
    throw refuse(CHECKOUT_MESSAGES.noCardToken);
  }
  if (input.cart.length === 0) throw refuse(CHECKOUT_MESSAGES.emptyCart);
  const amount = amountProblem(input.amount);
  if (amount === 'not-positive') throw refuse(CHECKOUT_MESSAGES.amountNotPositive);
  if (amount === 'below-minimum') throw refuse(CHECKOUT_MESSAGES.amountBelowMinimum);
  if (input.behavioralScore < PAYMENT.behaviouralScoreMinimum) {
    throw refuse(CHECKOUT_MESSAGES.suspicious);
  }
  if (input.fullName === '') throw refuse(CHECKOUT_MESSAGES.firstName);
  const billing = PaymentBillingInput.safeParse({
    email: input.email,
    phone: input.phone,
    address: input.billing.address,
    city: input.billing.city,
    state: input.billing.state,
    zip: input.billing.zip,
    country: input.billing.country,
  });
  if (!billing.success) {
    throw refuse(billing.error.issues[0]?.message ?? CHECKOUT_MESSAGES.unknownError);
  }
  return billing.data;
}

export interface ServerPrice {
  priced: PricedCart;
  coupon: { code: string; percent: number } | null;
  /**
   * The order's freight line (issue 37), in `priced.totalCents` already: the quote's, or the
   * freight table's rate to the ship-to; 0 where none applies (the SPEC's note stands).
   */
  freightCents: number;
  /** Paying a quote (issue 37): its id. */
  quote?: { id: string };
}

/**
 * An accepted quote's price: its stored lines and freight, whatever the browser sent as its
 * cart. Only the lab's own accepted, valid quote can be paid (quotes.payable decides).
 */
export async function priceOfQuote(
  deps: { quotes: Pick<QuotesService, 'payable'> },
  input: PaymentFields,
  user: RequestUser | null,
): Promise<ServerPrice> {
  if (!user) throw new AppError('unauthorized', QUOTE_MESSAGES.signInForQuote);
  if (input.couponCode !== '') throw new AppError('bad_request', QUOTE_MESSAGES.couponOnQuote);
  const quote = await deps.quotes.payable(user, input.quoteNumber);
  const lines = quote.lines.map((line) => ({
    number: line.productNumber,
    title: line.title,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    lineTotalCents: lineTotalCents(line),
  }));
  const goodsCents = subtotalCents(quote.lines);
  return {
    priced: {
      lines,
      subtotalCents: goodsCents,
      discountPercent: 0,
      discountCents: 0,
      totalCents: goodsCents + quote.freightCents,
    },
    coupon: null,
    freightCents: quote.freightCents,
    quote: { id: quote.id },
  };
}

/**
 * The cart priced from the database for the caller's tier, with the coupon from its table, and
 * the freight table's rate to the ship-to. The coupon takes nothing off the freight.
 */
export async function priceOnServer(
  deps: {
    catalog: Pick<CatalogService, 'productsForSale'>;
    coupons: CouponsRepo;
    freight: Pick<FreightService, 'freightOf'>;
  },
  input: PaymentFields,
  tier: PriceTier,
  shipTo: Pick<Billing, 'country' | 'state'>,
): Promise<ServerPrice> {
  const products = await deps.catalog.productsForSale(input.cart.map((line) => line.number));
  const lines: PricingLine[] = input.cart.map((line) => {
    const product = products.get(line.number);
    if (!product || !product.available) {
      const name = product?.title ?? (line.title?.trim() || line.number);
      throw new AppError('bad_request', CHECKOUT_MESSAGES.productUnavailable(name));
    }
    return {
      number: product.number,
      title: product.title,
      quantity: line.quantity,
      prices: product.prices,
    };
  });
  let coupon: { code: string; percent: number } | null = null;
  if (input.couponCode !== '') {
    coupon = await deps.coupons.activeCoupon(input.couponCode);
    if (!coupon) throw new AppError('bad_request', CHECKOUT_MESSAGES.invalidCoupon);
  }
  const freight = await deps.freight.freightOf(
    shipTo,
    input.cart.map((line) => ({
      quantity: line.quantity,
      weightLb: products.get(line.number)?.shippingWeightLb ?? null,
    })),
  );
  const freightCents = freight.cents ?? 0;
  const priced = priceCart(lines, tier, coupon?.percent ?? null);
  return {
    priced: { ...priced, totalCents: priced.totalCents + freightCents },
    coupon,
    freightCents,
  };
}

/** Any amount but the server's price is refused (409): the browser's prices are never trusted. */
export function requireServerAmount(
  log: FastifyBaseLogger,
  input: PaymentFields,
  payer: Payer,
  price: ServerPrice,
  tier: PriceTier,
): void {
  if (input.amount === price.priced.totalCents) return;
  log.info(
    { ip: payer.ip, sent: input.amount, priced: price.priced.totalCents, tier },
    'process-payment: the amount is not the server price',
  );
  throw new AppError('conflict', CHECKOUT_MESSAGES.amountMismatch);
}

/** The order and lines a checked, priced request becomes. */
export function orderOfRequest(
  input: PaymentFields,
  billing: Billing,
  { priced, coupon, quote, freightCents }: ServerPrice,
  tier: PriceTier,
  payer: Payer,
  onAccount: OnAccountTerms | null = null,
): { order: NewOrder; lines: NewOrderLine[] } {
  const order: NewOrder = {
    customerName: input.fullName,
    customerType: tier === 'wholesale' ? 'Wholesale' : 'Retail',
    userSubject: payer.user?.subject ?? null,
    email: billing.email,
    phone: billing.phone,
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    amountCents: priced.totalCents,
    couponCode: coupon?.code ?? null,
    poNumber: input.poNumber || null,
    freightCents,
    ...(onAccount
      ? {
          paymentMethod: 'on_account' as const,
          paymentTerms: onAccount.terms,
          paymentDueOn: onAccount.dueOn,
          customerNumber: onAccount.customerNumber,
        }
      : {}),
    quoteId: quote?.id ?? null,
    shipName: input.fullName,
    shipAddress1: billing.address,
    shipCity: billing.city,
    shipState: billing.state,
    shipPostCode: billing.zip,
    shipCountry: billing.country,
    shipPhone: billing.phone,
    checkoutId: payer.browser ? checkoutIdOf(payer.browser) : null,
  };
  const lines: NewOrderLine[] = priced.lines.map((line, position) => ({
    position,
    productNumber: line.number,
    title: line.title,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    lineTotalCents: line.lineTotalCents,
  }));
  return { order, lines };
}
