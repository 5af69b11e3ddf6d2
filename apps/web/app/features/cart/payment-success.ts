import { PAYMENT_COMPLETED_STORAGE_KEY } from '@labshop/shared/schemas/checkout';

/**
 * The payment-completed flag (SPEC.md 4): the checkout sets it in sessionStorage after a
 * successful payment, and the success page clears it when it opens. Storage a browser refuses
 * (privacy modes) reads as "not completed": the page then sends the visitor to the cart.
 */
export function readPaymentCompleted(): boolean {
  try {
    const value = window.sessionStorage.getItem(PAYMENT_COMPLETED_STORAGE_KEY);
    return value !== null && value !== '' && value !== 'false';
  } catch {
    return false;
  }
}

export function clearPaymentCompleted(): void {
  try {
    window.sessionStorage.removeItem(PAYMENT_COMPLETED_STORAGE_KEY);
  } catch {
    // Nothing was stored, then.
  }
}

/** What the checkout passes to /payment-success as navigation state. */
export interface PaymentSuccessState {
  orderId: string | null;
  /** Cents. */
  amount: number | null;
  /** Placed on account (issue 37): the day payment is due (YYYY-MM-DD). */
  paymentDueOn: string | null;
  /** A quote was paid: its lines were never the cart's, which stays. */
  fromQuote: boolean;
}

/** The order number and amount from the navigation state, when it carries them. */
export function readPaymentSuccessState(state: unknown): PaymentSuccessState {
  if (typeof state !== 'object' || state === null) {
    return { orderId: null, amount: null, paymentDueOn: null, fromQuote: false };
  }
  const { orderId, amount, paymentDueOn, fromQuote } = state as {
    orderId?: unknown;
    amount?: unknown;
    paymentDueOn?: unknown;
    fromQuote?: unknown;
  };
  return {
    orderId: typeof orderId === 'string' && orderId.trim() !== '' ? orderId : null,
    amount:
      typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= 0 ? amount : null,
    paymentDueOn:
      typeof paymentDueOn === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(paymentDueOn)
        ? paymentDueOn
        : null,
    fromQuote: fromQuote === true,
  };
}
