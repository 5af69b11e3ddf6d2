import { PAYMENT_COMPLETED_STORAGE_KEY } from '@labshop/shared/schemas/checkout';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearPaymentCompleted,
  readPaymentCompleted,
  readPaymentSuccessState,
} from './payment-success.ts';

afterEach(() => window.sessionStorage.clear());

describe('the payment-completed flag', () => {
  it('is set by the checkout and cleared by the success page', () => {
    expect(readPaymentCompleted()).toBe(false);
    window.sessionStorage.setItem(PAYMENT_COMPLETED_STORAGE_KEY, 'true');
    expect(readPaymentCompleted()).toBe(true);
    clearPaymentCompleted();
    expect(readPaymentCompleted()).toBe(false);
  });

  it("reads 'false' and an empty value as not completed", () => {
    for (const value of ['false', '']) {
      window.sessionStorage.setItem(PAYMENT_COMPLETED_STORAGE_KEY, value);
      expect(readPaymentCompleted()).toBe(false);
    }
  });
});

describe('readPaymentSuccessState', () => {
  it('takes the order number and the amount in cents from the navigation state', () => {
    expect(readPaymentSuccessState({ orderId: 'WEB-100001', amount: 30060, cart: [] })).toEqual({
      orderId: 'WEB-100001',
      amount: 30060,
      paymentDueOn: null,
      fromQuote: false,
    });
  });

  it("takes an order on account's due day, and whether a quote was paid", () => {
    expect(
      readPaymentSuccessState({
        orderId: 'WEB-100002',
        amount: 89900,
        paymentDueOn: '2026-12-29',
        fromQuote: true,
      }),
    ).toMatchObject({ paymentDueOn: '2026-12-29', fromQuote: true });
    expect(
      readPaymentSuccessState({
        orderId: 'WEB-1',
        amount: 1,
        paymentDueOn: 'soon',
        fromQuote: 'yes',
      }),
    ).toMatchObject({ paymentDueOn: null, fromQuote: false });
  });

  it('ignores a missing or odd state', () => {
    for (const state of [null, undefined, 'x', { orderId: 7, amount: 1.5 }, { amount: -1 }]) {
      expect(readPaymentSuccessState(state)).toEqual({
        orderId: null,
        amount: null,
        paymentDueOn: null,
        fromQuote: false,
      });
    }
  });
});
