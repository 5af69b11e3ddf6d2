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
}

/** The order number and amount from the navigation state, when it carries them. */
export function readPaymentSuccessState(state: unknown): PaymentSuccessState {
  if (typeof state !== 'object' || state === null) return { orderId: null, amount: null };
  const { orderId, amount } = state as { orderId?: unknown; amount?: unknown };
  return {
    orderId: typeof orderId === 'string' && orderId.trim() !== '' ? orderId : null,
    amount:
      typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= 0 ? amount : null,
  };
}
