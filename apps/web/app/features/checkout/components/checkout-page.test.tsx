import { COOKIES } from '@labshop/shared/constants';
import { countryOptions } from '@labshop/shared/countries';
import { usStateOptions } from '@labshop/shared/us-states';
import type { AddressBookAnswer } from '@labshop/shared/schemas/address-book';
import type { ProductDto } from '@labshop/shared/schemas/catalog';
import {
  CHECKOUT_MESSAGES,
  PAYMENT_COMPLETED_STORAGE_KEY,
  type CartAnswer,
} from '@labshop/shared/schemas/checkout';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../../lib/cookies.ts';
import type { AccountPaymentTerms } from '@labshop/shared/schemas/payment-terms';
import { PAYMENT_TERMS_MESSAGES } from '@labshop/shared/schemas/payment-terms';
import { checkoutQuoteOf, type CheckoutQuote } from '../order.ts';
import { CheckoutPage } from './checkout-page.tsx';

const ORIGIN = 'https://tokenizer.example';

const lathe: ProductDto = {
  _id: 'p-pl-30',
  number: 'PL-30',
  title: 'Polishing Lathe',
  description: '',
  category: 'Polishing Lathes',
  images: [],
  newPrice: 129.99,
  oldPrice: null,
  wholesalePrice: 110,
  partnerPricex3: 99.5,
  brochure: null,
  shippingWeightLb: null,
  brochureUrl: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  guid: 'g',
};

function Receipt() {
  const { state } = useLocation();
  return <p>Receipt {JSON.stringify(state)}</p>;
}

function renderPage(
  cart: CartAnswer,
  addressBook: AddressBookAnswer | null = null,
  quote: CheckoutQuote | null = null,
  paymentTerms: AccountPaymentTerms | null = null,
) {
  const router = createMemoryRouter(
    [
      {
        path: '/checkout',
        element: (
          <CheckoutPage
            cart={cart}
            countries={countryOptions()}
            states={usStateOptions()}
            tokenizerUrl={`${ORIGIN}/itoke/ajax-tokenizer.html`}
            tokenizerOrigin={ORIGIN}
            recaptchaSiteKey={null}
            recaptchaScriptUrl=""
            signedIn={cart.tier === 'wholesale'}
            defaultEmail=""
            addressBook={addressBook}
            quote={quote}
            paymentTerms={paymentTerms}
          />
        ),
      },
      { path: '/payment-success', element: <Receipt /> },
    ],
    { initialEntries: ['/checkout'] },
  );
  return render(<RouterProvider router={router} />);
}

function postToken(message: string) {
  const frame = screen.getByTitle('Card details') as HTMLIFrameElement;
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: JSON.stringify(
          message
            ? { message, expiry: '1228' }
            : { message: '', validationError: 'Invalid card number' },
        ),
        origin: ORIGIN,
        source: frame.contentWindow,
      }),
    );
  });
}

async function fillBilling() {
  const fill = (label: string, value: string) => {
    const input = screen.getByLabelText(label, { exact: true });
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  };
  fill('First name', 'Ann');
  fill('Last name', 'Lee');
  fill('Email', 'ann@lee-dental.example');
  fill('Address', '1 Main St');
  fill('City', 'Toledo');
  fill('State', 'OH');
  fill('ZIP code', '43612');
  await waitFor(() => undefined);
}

const payButton = () => screen.getByRole('button', { name: /Pay Now|Processing/ });

const fetchMock = vi.fn<typeof fetch>();
const isFreightEstimate = (path: unknown) => String(path).startsWith('/api/freight-estimate?');
/** The freight table has no rate for the billing state: the order goes without freight. */
const NO_FREIGHT = { freight: null, zone: null, weightLb: null, reason: 'no-zone' };
/** Answers each path with its entry, and the freight estimate with `freight`. */
function answerWith(answers: Record<string, unknown>, freight: unknown = NO_FREIGHT) {
  fetchMock.mockImplementation(async (path) =>
    Response.json(isFreightEstimate(path) ? freight : answers[String(path)]),
  );
}
/** What each call of an approved card payment of `amount` cents answers: order WEB-100011. */
const cardPaymentAnswers = (amount: number): Record<string, unknown> => ({
  '/api/checkout/verify-captcha': { success: true, nonce: 'n-1' },
  '/api/salesOrdersLastID': { lastSalesOrderId: 'WEB-100010' },
  '/api/process-payment': {
    ok: true,
    retref: 'R1',
    error: null,
    orderNumber: 'WEB-100011',
    amount,
  },
  '/api/checkCustomer': { customer: { number: 'WEBABC', fullName: 'Ann Lee' } },
  '/api/createSalesOrder': { ok: true, orderNumber: 'WEB-100011', erpSyncStatus: 'pending' },
});
/** The calls the checkout made, less its freight estimates. */
const checkoutCalls = () =>
  fetchMock.mock.calls.map(([path]) => path).filter((path) => !isFreightEstimate(path));
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  answerWith({});
  document.cookie = `${COOKIES.cart}=${encodeURIComponent('["PL-30"]')}; Path=/`;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.cookie = `${COOKIES.cart}=; Max-Age=0; Path=/`;
});

describe('the checkout page', () => {
  it('prices the order for the tier, with the partner price from quantity 3', () => {
    renderPage({ tier: 'wholesale', items: [{ product: lathe, quantity: 3 }], removed: [] });
    const table = screen.getByTestId('order-details');
    expect(table.textContent).toContain('$99.50');
    expect(table.textContent).toContain('$298.50');
    expect(screen.getByText('Partner price (3+)')).toBeTruthy();
    expect(screen.getByText('Price does not include freight charges')).toBeTruthy();
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('US');
  });

  it('enables Pay Now only with a card token and a valid billing form', async () => {
    renderPage({ tier: 'retail', items: [{ product: lathe, quantity: 1 }], removed: [] });
    expect(payButton()).toHaveProperty('disabled', true);
    await fillBilling();
    expect(payButton()).toHaveProperty('disabled', true);
    postToken('9411111111111111');
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', false));
    // An invalid card clears the token again, and its text is shown.
    postToken('');
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', true));
    expect(screen.getByText('Invalid card number')).toBeTruthy();
  });

  it('shows an error on a touched empty field, tied to it', async () => {
    renderPage({ tier: 'retail', items: [{ product: lathe, quantity: 1 }], removed: [] });
    const input = screen.getByLabelText('City', { exact: true });
    fireEvent.blur(input);
    const error = await screen.findByText(CHECKOUT_MESSAGES.city);
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('applies a coupon, and says Invalid coupon code for an unknown one', async () => {
    renderPage({ tier: 'retail', items: [{ product: lathe, quantity: 2 }], removed: [] });
    fetchMock.mockResolvedValueOnce(Response.json({ code: 'black10', percent: 10 }));
    const code = screen.getByLabelText('Coupon code');
    fireEvent.change(code, { target: { value: 'Black10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // 2 x 129.99 = 259.98; 10% = 26.00 (25.998 rounded).
    expect((await screen.findByTestId('order-discount')).textContent).toContain('$26.00');
    expect(screen.getByTestId('order-total').textContent).toBe('$233.98');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/coupons/Black10');

    fetchMock.mockResolvedValueOnce(
      Response.json({ error: CHECKOUT_MESSAGES.invalidCoupon }, { status: 404 }),
    );
    fireEvent.change(code, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.invalidCoupon)).toBeTruthy();
    expect(screen.queryByTestId('order-discount')).toBeNull();
    expect(screen.getByTestId('order-total').textContent).toBe('$259.98');
  });

  it('pays, clears the cart, marks the payment and opens the receipt', async () => {
    renderPage({ tier: 'retail', items: [{ product: lathe, quantity: 3 }], removed: [] });
    const answers = cardPaymentAnswers(38997);
    answerWith(answers);
    await fillBilling();
    postToken('9411111111111111');
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', false));
    fireEvent.click(payButton());

    const receipt = await screen.findByText(/^Receipt /);
    expect(JSON.parse(receipt.textContent!.slice('Receipt '.length))).toMatchObject({
      orderId: 'WEB-100011',
      amount: 38997,
    });
    expect(checkoutCalls()).toEqual(Object.keys(answers));
    expect(window.sessionStorage.getItem(PAYMENT_COMPLETED_STORAGE_KEY)).toBe('true');
    expect(readCookie(COOKIES.cart)).toBeUndefined();
  });

  it('adds the freight estimate for the billing state to the order and to the amount', async () => {
    renderPage({ tier: 'retail', items: [{ product: lathe, quantity: 2 }], removed: [] });
    const answers = cardPaymentAnswers(28_398);
    answerWith(answers, { freight: 24, zone: 'Midwest', weightLb: 90, reason: null });
    await fillBilling();
    postToken('9411111111111111');
    await waitFor(() => expect(screen.getByTestId('order-freight').textContent).toBe('$24.00'));
    expect(screen.getByText('Freight (90 lb)')).toBeTruthy();
    // Two lathes at $129.99 and the freight.
    expect(screen.getByTestId('order-total').textContent).toBe('$283.98');
    expect(screen.queryByText('Price does not include freight charges')).toBeNull();
    const estimate = fetchMock.mock.calls.find(([path]) => isFreightEstimate(path));
    expect(String(estimate?.[0])).toBe('/api/freight-estimate?country=US&state=OH&item=PL-30%3A2');

    await waitFor(() => expect(payButton()).toHaveProperty('disabled', false));
    fireEvent.click(payButton());
    await screen.findByText(/^Receipt /);
    const payment = fetchMock.mock.calls.find(([path]) => path === '/api/process-payment');
    expect(JSON.parse(String(payment?.[1]?.body))).toMatchObject({ amount: 28_398 });
  });

  it('starts the billing state with the one the visitor estimated freight to in the cart', async () => {
    window.localStorage.setItem('labshop-ship-state', 'OH');
    renderPage({ tier: 'retail', items: [{ product: lathe, quantity: 1 }], removed: [] });
    await waitFor(() =>
      expect((screen.getByLabelText('State', { exact: true }) as HTMLSelectElement).value).toBe(
        'OH',
      ),
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([path]) => isFreightEstimate(path))).toBe(true),
    );
  });

  it("starts a signed-in lab's billing state with its own, unless it chose one in the cart", async () => {
    const book: AddressBookAnswer = {
      labAddress: {
        label: 'Partner Dental Lab',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '',
        address: '77 Harbor View Dr',
        city: 'Baltimore',
        state: 'MD',
        zip: '21230',
        country: 'US',
      },
      addresses: [],
    };
    const cart: CartAnswer = {
      tier: 'wholesale',
      items: [{ product: lathe, quantity: 1 }],
      removed: [],
    };
    const state = () =>
      (screen.getByLabelText('State', { exact: true }) as HTMLSelectElement).value;
    const { unmount } = renderPage(cart, book);
    await waitFor(() => expect(state()).toBe('MD'));
    // Only the state: the rest of the address is the lab's to choose under 'Ship to'.
    expect((screen.getByLabelText('Address', { exact: true }) as HTMLInputElement).value).toBe('');
    unmount();

    window.localStorage.setItem('labshop-ship-state', 'OH');
    renderPage(cart, book);
    await waitFor(() => expect(state()).toBe('OH'));
  });

  it('keeps Pay Now disabled until the freight estimate answers', async () => {
    renderPage({ tier: 'retail', items: [{ product: lathe, quantity: 1 }], removed: [] });
    let answerFreight: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((path) =>
      isFreightEstimate(path)
        ? new Promise<Response>((resolve) => (answerFreight = resolve))
        : Promise.resolve(Response.json({})),
    );
    await fillBilling();
    postToken('9411111111111111');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(payButton()).toHaveProperty('disabled', true);
    // The address is complete and the card entered: the wait is the freight's, and says so.
    expect(screen.getByText('Estimating freight…')).toBeTruthy();
    expect(screen.queryByText('Complete the billing address to pay.')).toBeNull();
    answerFreight(Response.json({ freight: 12, zone: 'Midwest', weightLb: 40, reason: null }));
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', false));
    expect(screen.getByTestId('order-total').textContent).toBe('$141.99');
  });

  it('shows a decline in the alert and stays, ready to try again', async () => {
    renderPage({ tier: 'retail', items: [{ product: lathe, quantity: 3 }], removed: [] });
    fetchMock.mockImplementation(async (path) =>
      Response.json(
        String(path).endsWith('verify-captcha')
          ? { success: true, nonce: 'n-1' }
          : String(path).endsWith('salesOrdersLastID')
            ? { lastSalesOrderId: 'WEB-100010' }
            : { ok: false, retref: null, error: null, orderNumber: null, amount: null },
      ),
    );
    await fillBilling();
    postToken('9411111111111111');
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', false));
    fireEvent.click(payButton());
    await waitFor(() =>
      expect(screen.getByTestId('checkout-error').textContent).toBe(CHECKOUT_MESSAGES.declined),
    );
    expect(payButton().textContent).toBe('Pay Now');
    expect(payButton()).toHaveProperty('disabled', false);
    expect(screen.getByTestId('checkout-progress').textContent).toBe('');
  });

  it('reads the freight again when the server prices the order otherwise (409)', async () => {
    renderPage({ tier: 'retail', items: [{ product: lathe, quantity: 1 }], removed: [] });
    let midwestRate = 12;
    fetchMock.mockImplementation(async (path) => {
      const url = String(path);
      if (isFreightEstimate(url)) {
        return Response.json({ freight: midwestRate, zone: 'Midwest', weightLb: 40, reason: null });
      }
      if (url.endsWith('verify-captcha')) return Response.json({ success: true, nonce: 'n-1' });
      if (url.endsWith('salesOrdersLastID')) {
        return Response.json({ lastSalesOrderId: 'WEB-100010' });
      }
      return Response.json({ error: CHECKOUT_MESSAGES.amountMismatch }, { status: 409 });
    });
    await fillBilling();
    postToken('9411111111111111');
    await waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe('$141.99'));
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', false));

    // The staff raised the Midwest rate while the visitor filled the form.
    midwestRate = 15;
    fireEvent.click(payButton());
    await waitFor(() =>
      expect(screen.getByTestId('checkout-error').textContent).toBe(
        CHECKOUT_MESSAGES.amountMismatch,
      ),
    );
    await waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe('$144.99'));
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', false));
    fireEvent.click(payButton());
    await waitFor(() => {
      const payments = fetchMock.mock.calls.filter(([path]) => path === '/api/process-payment');
      expect(payments.map(([, init]) => JSON.parse(String(init?.body)).amount)).toEqual([
        14_199, 14_499,
      ]);
    });
  });

  it("fills the billing address from the chosen 'Ship to' address and keeps the e-mail", async () => {
    const lab = {
      label: 'Partner Dental Lab',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+1 937 555 0100',
      address: '1 Partner Way',
      city: 'Dayton',
      state: 'OH',
      zip: '45402',
      country: 'US',
    };
    renderPage(
      { tier: 'wholesale', items: [{ product: lathe, quantity: 1 }], removed: [] },
      {
        labAddress: lab,
        addresses: [
          {
            ...lab,
            id: 'a-1',
            label: 'Munich office',
            address: 'Marienplatz 1',
            city: 'München',
            state: 'Bavaria',
            zip: '80331',
            country: 'DE',
          },
        ],
      },
    );
    const email = screen.getByLabelText('Email', { exact: true });
    fireEvent.change(email, { target: { value: 'buyer@partner.example' } });
    const shipTo = screen.getByLabelText('Ship to') as HTMLSelectElement;
    expect([...shipTo.options].map((option) => option.text)).toEqual([
      'Choose a saved address',
      'Partner Dental Lab: 1 Partner Way, Dayton',
      'Munich office: Marienplatz 1, München',
    ]);
    const value = (label: string) =>
      (screen.getByLabelText(label, { exact: true }) as HTMLInputElement).value;

    fireEvent.change(shipTo, { target: { value: 'a-1' } });
    await waitFor(() => expect(value('State')).toBe('Bavaria'));
    expect([value('Address'), value('City'), value('ZIP code'), value('Country')]).toEqual([
      'Marienplatz 1',
      'München',
      '80331',
      'DE',
    ]);

    fireEvent.change(shipTo, { target: { value: 'lab' } });
    // The state becomes the US list's select, with the lab's state chosen.
    await waitFor(() => expect(value('State')).toBe('OH'));
    expect(screen.getByLabelText('State', { exact: true }).tagName).toBe('SELECT');
    expect([
      value('First name'),
      value('Last name'),
      value('Phone (optional)'),
      value('Country'),
    ]).toEqual(['Ada', 'Lovelace', '+1 937 555 0100', 'US']);
    expect(value('Email')).toBe('buyer@partner.example');
  });

  it("offers no 'Ship to' without an address book", () => {
    renderPage({ tier: 'retail', items: [{ product: lathe, quantity: 1 }], removed: [] });
    expect(screen.queryByLabelText('Ship to')).toBeNull();
  });

  it('pays an accepted quote at its prices and freight, with its ship-to, and keeps the cart', async () => {
    const quote = checkoutQuoteOf({
      number: 'Q-100007',
      status: 'accepted',
      requestedAt: '2026-11-20T12:00:00.000Z',
      validUntil: '2026-12-20',
      email: 'ann@lee-dental.example',
      customerName: 'Lee Dental',
      customerNumber: 'C10017',
      poNumber: 'PO-7781',
      itemCount: 3,
      total: 2545.5,
      orderNumber: null,
      message: '',
      note: '',
      sentAt: null,
      acceptedAt: null,
      declinedAt: null,
      shipTo: {
        firstName: 'Ann',
        lastName: 'Lee',
        phone: '',
        address: '1 Main St',
        city: 'Toledo',
        state: 'OH',
        zip: '43612',
        country: 'US',
      },
      lines: [
        {
          number: 'PL-30',
          title: 'Polishing Lathe',
          quantity: 3,
          unitPrice: 800,
          lineTotal: 2400,
          listPrice: 849.99,
        },
      ],
      subtotal: 2400,
      freight: 145.5,
      canAccept: false,
      canPay: true,
    });
    // The cart holds something else; the quote's checkout neither shows nor empties it.
    renderPage({ tier: 'wholesale', items: [], removed: [] }, null, quote);
    const table = screen.getByTestId('order-details');
    expect(screen.getByTestId('order-freight').textContent).toBe('$145.50');
    expect(screen.getByTestId('order-total').textContent).toBe('$2,545.50');
    expect(table.textContent).toContain('$800.00');
    expect(screen.queryByLabelText(/coupon/i)).toBeNull();
    expect(screen.queryByText('Price does not include freight charges')).toBeNull();
    expect((screen.getByLabelText('City', { exact: true }) as HTMLInputElement).value).toBe(
      'Toledo',
    );

    const answers: Record<string, unknown> = {
      '/api/checkout/verify-captcha': { success: true, nonce: 'n-1' },
      '/api/salesOrdersLastID': { lastSalesOrderId: 'WEB-100010' },
      '/api/process-payment': {
        ok: true,
        retref: '1',
        error: null,
        orderNumber: 'WEB-100011',
        amount: 254_550,
      },
      '/api/checkCustomer': { customer: { number: 'C10017', fullName: 'Ann Lee' } },
      '/api/createSalesOrder': { ok: true, orderNumber: 'WEB-100011', erpSyncStatus: 'pending' },
    };
    answerWith(answers);
    fireEvent.change(screen.getByLabelText('Email', { exact: true }), {
      target: { value: 'ann@lee-dental.example' },
    });
    await fillBilling();
    postToken('9411111111111111');
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', false));
    fireEvent.click(payButton());
    await screen.findByText(/^Receipt /);
    const payment = fetchMock.mock.calls.find(([path]) => path === '/api/process-payment');
    expect(JSON.parse(String(payment?.[1]?.body))).toMatchObject({
      amount: 254_550,
      quoteNumber: 'Q-100007',
      couponCode: '',
      poNumber: 'PO-7781',
    });
    expect(readCookie(COOKIES.cart)).toBe(encodeURIComponent('["PL-30"]'));
  });

  it('places an order on account without a card, once a PO number is given', async () => {
    const terms: AccountPaymentTerms = {
      onAccount: true,
      terms: 'NET30',
      dueDays: 30,
      dueOn: '2026-12-29',
      creditLimit: 5000,
      openOnAccount: 1000,
      available: 4000,
    };
    renderPage(
      { tier: 'wholesale', items: [{ product: lathe, quantity: 1 }], removed: [] },
      null,
      null,
      terms,
    );
    const onAccount = screen.getByRole('radio', { name: /On account \(NET30\)/ });
    expect(screen.getByText(/Available credit: \$4,000\.00/)).toBeTruthy();
    fireEvent.click(onAccount);
    expect(screen.getByTitle('Card details').closest('[hidden]')).not.toBeNull();
    const answers: Record<string, unknown> = {
      '/api/checkout/verify-captcha': { success: true, nonce: 'n-1' },
      '/api/salesOrdersLastID': { lastSalesOrderId: 'WEB-100010' },
      '/api/process-payment': {
        ok: true,
        retref: null,
        error: null,
        orderNumber: 'WEB-100011',
        amount: 11_000,
        paymentDueOn: '2026-12-29',
      },
      '/api/checkCustomer': { customer: { number: 'C10017', fullName: 'Ann Lee' } },
      '/api/createSalesOrder': { ok: true, orderNumber: 'WEB-100011', erpSyncStatus: 'pending' },
    };
    answerWith(answers);
    await fillBilling();
    const place = screen.getByRole('button', { name: 'Place order on account' });
    await waitFor(() => expect(place).toHaveProperty('disabled', false));
    fireEvent.click(place);
    await waitFor(() => expect(screen.getByText(PAYMENT_TERMS_MESSAGES.poRequired)).toBeTruthy());
    expect(checkoutCalls()).toEqual([]);

    // Required now: its label drops '(optional)'.
    expect(screen.getByLabelText('PO number / reference', { exact: true })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^PO number/), { target: { value: 'PO-88' } });
    await waitFor(() => expect(place).toHaveProperty('disabled', false));
    fireEvent.click(place);
    const receipt = await screen.findByText(/^Receipt /);
    expect(JSON.parse(receipt.textContent!.slice('Receipt '.length))).toMatchObject({
      paymentDueOn: '2026-12-29',
    });
    const payment = fetchMock.mock.calls.find(([path]) => path === '/api/process-payment');
    expect(JSON.parse(String(payment?.[1]?.body))).toMatchObject({
      paymentMethod: 'on_account',
      token: '',
      poNumber: 'PO-88',
      amount: 11_000,
    });
  });

  it('offers card only beyond the available credit', () => {
    renderPage(
      { tier: 'wholesale', items: [{ product: lathe, quantity: 1 }], removed: [] },
      null,
      null,
      {
        onAccount: true,
        terms: 'NET30',
        dueDays: 30,
        dueOn: '2026-12-29',
        creditLimit: 100,
        openOnAccount: 50,
        available: 50,
      },
    );
    expect(screen.getByRole('radio', { name: /On account/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /Pay Now/ })).toBeTruthy();
  });
});
