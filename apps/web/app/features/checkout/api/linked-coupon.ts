import { CHECKOUT_MESSAGES, type CouponAnswer } from '@labshop/shared/schemas/checkout';
import type { AppLoadContext } from 'react-router';
import type { AppliedCoupon } from '../order.ts';

/** A coupon named in the checkout's address (?coupon=): applied, or why not. */
export type LinkedCoupon = { applied: AppliedCoupon } | { problem: string } | null;

/**
 * The coupon the checkout's address names: the coupon form's Apply, pressed before the page's
 * code ran, reloads the checkout with it (a GET form), and the page starts with it applied, as
 * Apply does once the code runs (GET /api/coupons/{code}, in-process as the visitor).
 */
export async function couponOfLink(
  context: AppLoadContext,
  code: string | null,
): Promise<LinkedCoupon> {
  const typed = code?.trim() ?? '';
  if (code === null) return null;
  if (typed === '' || typed.length > 40) return { problem: CHECKOUT_MESSAGES.invalidCoupon };
  try {
    const response = await context.apiFetch(`/api/coupons/${encodeURIComponent(typed)}`);
    if (response.status === 404 || response.status === 400) {
      return { problem: CHECKOUT_MESSAGES.invalidCoupon };
    }
    if (!response.ok) throw new Error(`GET /api/coupons answered ${response.status}`);
    const coupon = (await response.json()) as CouponAnswer;
    return { applied: { code: coupon.code, percent: coupon.percent } };
  } catch (error) {
    console.error('Checking the coupon of the address failed:', error);
    return { problem: CHECKOUT_MESSAGES.unknownError };
  }
}
