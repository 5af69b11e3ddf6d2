import { CHECKOUT_MESSAGES, type CartAnswer } from '@labshop/shared/schemas/checkout';
import { QUOTE_MESSAGES, type Quote } from '@labshop/shared/schemas/quotes';
import type { ProductDto } from '@labshop/shared/schemas/catalog';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  loadQuote,
  loadQuoteList,
  loadQuoteRequest,
  quoteAnswerAction,
  quoteRequestAction,
} from './quotes.server.ts';

const SHIP_TO = {
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: '',
  address: '2 Loading Dock Rd',
  city: 'Arlington',
  state: 'VA',
  zip: '22201',
  country: 'US',
};

function product(number: string, title: string, wholesalePrice: number): ProductDto {
  return {
    _id: number,
    number,
    title,
    description: '',
    category: 'Lathes',
    images: [],
    newPrice: wholesalePrice + 100,
    oldPrice: null,
    wholesalePrice,
    partnerPricex3: null,
    brochure: null,
    shippingWeightLb: null,
    brochureUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    guid: number,
  };
}

const CART: CartAnswer = {
  tier: 'wholesale',
  items: [
    { product: product('L-100', 'Lathe', 1200), quantity: 2 },
    { product: product('B-7', 'Burs, set of 7', 35.5), quantity: 1 },
  ],
  removed: [],
};

const QUOTE: Quote = {
  number: 'Q-100002',
  status: 'sent',
  requestedAt: '2026-11-20T15:04:00.000Z',
  validUntil: '2026-12-20',
  email: 'orders@brightsmile-lab.example',
  customerName: 'Bright Smile Lab',
  customerNumber: 'C-10000',
  poNumber: 'PO-7',
  itemCount: 3,
  total: 2475.5,
  orderNumber: null,
  message: 'Lift gate, please.',
  note: 'Freight by LTL.',
  sentAt: '2026-11-21T10:00:00.000Z',
  acceptedAt: null,
  declinedAt: null,
  shipTo: SHIP_TO,
  lines: [
    {
      number: 'L-100',
      title: 'Lathe',
      quantity: 2,
      unitPrice: 1150,
      lineTotal: 2300,
      listPrice: 1200,
    },
  ],
  subtotal: 2335.5,
  freight: 140,
  canAccept: true,
  canPay: false,
};

/** A fake in-process API: each path's answer (a fresh Response per call), else a 404. */
function fakeApi(answers: Record<string, () => Response>) {
  const apiFetch = vi.fn(async (path: string, _init?: RequestInit) => {
    const key = `${_init?.method ?? 'GET'} ${path}`;
    return answers[key]?.() ?? Response.json({ error: 'Not found' }, { status: 404 });
  });
  const context = {
    apiFetch,
    publicConfig: { shopTimeZone: 'America/New_York' },
  } as unknown as AppLoadContext;
  return { context, apiFetch };
}

const SESSION = 'labshop_session=s; _cart__rf=%5B%22L-100%22%5D';

function post(path: string, fields: Record<string, string>, cookie = SESSION) {
  return new Request(`https://shop.example${path}`, {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams(fields),
  });
}

const get = (path: string, cookie = SESSION) =>
  new Request(`https://shop.example${path}`, { headers: { cookie } });

/** What a loader or action answered or threw: React Router's data() and redirects alike. */
async function outcome(run: Promise<unknown>) {
  const result = await run.catch((thrown: unknown) => thrown);
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get('location'),
      setCookie: result.headers.get('set-cookie'),
    };
  }
  const { data, init } = result as { data: unknown; init: { status: number } | null };
  return { status: init?.status ?? 200, data };
}

describe('the quote request action', () => {
  it("posts the cart's lines with the form, empties the cart and opens the quote", async () => {
    const { context, apiFetch } = fakeApi({
      'GET /api/cart': () => Response.json(CART),
      'POST /api/account/quotes': () =>
        Response.json({ ...QUOTE, number: 'Q-100009', status: 'requested' }, { status: 201 }),
    });
    const request = post('/account/quotes/new', {
      ...SHIP_TO,
      poNumber: ' PO-7 ',
      message: 'Lift gate, please.',
    });
    expect(await outcome(quoteRequestAction(request, context))).toEqual({
      status: 303,
      location: '/account/quotes/Q-100009?done=requested',
      setCookie: '_cart__rf=; Max-Age=0; Path=/; SameSite=Lax; Secure',
    });
    const [path, init] = apiFetch.mock.calls[1]!;
    expect([path, init?.method, JSON.parse(String(init?.body))]).toEqual([
      '/api/account/quotes',
      'POST',
      {
        lines: [
          { number: 'L-100', quantity: 2 },
          { number: 'B-7', quantity: 1 },
        ],
        message: 'Lift gate, please.',
        shipTo: SHIP_TO,
        poNumber: 'PO-7',
      },
    ]);
  });

  it("answers each field's message and what was typed, posting nothing", async () => {
    const { context, apiFetch } = fakeApi({ 'GET /api/cart': () => Response.json(CART) });
    const typed = { ...SHIP_TO, firstName: '', zip: '1', poNumber: '', message: '' };
    expect(
      await outcome(quoteRequestAction(post('/account/quotes/new', typed), context)),
    ).toMatchObject({
      status: 400,
      data: {
        values: typed,
        fieldErrors: { firstName: CHECKOUT_MESSAGES.firstName, zip: CHECKOUT_MESSAGES.usZip },
      },
    });
    expect(apiFetch.mock.calls.map(([path]) => path)).toEqual(['/api/cart']);
  });

  it('says an empty cart needs lines, and shows the API refusal', async () => {
    const empty = fakeApi({
      'GET /api/cart': () => Response.json({ ...CART, items: [] }),
    });
    const fields = { ...SHIP_TO, poNumber: '', message: '' };
    expect(
      await outcome(quoteRequestAction(post('/account/quotes/new', fields), empty.context)),
    ).toMatchObject({ status: 400, data: { error: QUOTE_MESSAGES.noLines } });

    const refused = fakeApi({
      'GET /api/cart': () => Response.json(CART),
      'POST /api/account/quotes': () =>
        Response.json({ error: QUOTE_MESSAGES.productUnavailable('Lathe') }, { status: 400 }),
    });
    expect(
      await outcome(quoteRequestAction(post('/account/quotes/new', fields), refused.context)),
    ).toMatchObject({
      status: 400,
      data: { error: QUOTE_MESSAGES.productUnavailable('Lathe'), values: fields },
    });
  });

  it('sends a visitor without a session to log in first', async () => {
    const { context, apiFetch } = fakeApi({});
    expect(
      await outcome(quoteRequestAction(post('/account/quotes/new', SHIP_TO, ''), context)),
    ).toMatchObject({
      status: 303,
      location: `/auth/login?returnTo=${encodeURIComponent('/account/quotes/new')}`,
    });
    expect(apiFetch).not.toHaveBeenCalled();
  });
});

describe('the quote request page', () => {
  const BOOK = {
    labAddress: { label: 'Bright Smile Lab', ...SHIP_TO },
    addresses: [{ id: 'a-1', label: 'Back door', ...SHIP_TO, address: '9 Back St' }],
  };

  it("shows the cart's lines priced for the lab, filled from the lab's address", async () => {
    const { context } = fakeApi({
      'GET /api/cart': () => Response.json(CART),
      'GET /api/account/addresses': () => Response.json(BOOK),
    });
    const page = await loadQuoteRequest(get('/account/quotes/new'), context);
    expect(page.cart).toEqual({
      lines: [
        {
          number: 'L-100',
          title: 'Lathe',
          quantity: 2,
          unitPriceCents: 120000,
          lineTotalCents: 240000,
        },
        {
          number: 'B-7',
          title: 'Burs, set of 7',
          quantity: 1,
          unitPriceCents: 3550,
          lineTotalCents: 3550,
        },
      ],
      totalCents: 243550,
    });
    expect(page.chosenId).toBe('lab');
    expect(page.values).toMatchObject({ address: '2 Loading Dock Rd', poNumber: '' });
    const other = await loadQuoteRequest(get('/account/quotes/new?address=a-1'), context);
    expect([other.chosenId, other.values.address]).toEqual(['a-1', '9 Back St']);
  });

  it('sends an anonymous visitor to log in', async () => {
    const { context } = fakeApi({
      'GET /api/cart': () => Response.json(CART),
      'GET /api/account/addresses': () => Response.json({ error: 'x' }, { status: 401 }),
    });
    expect(await outcome(loadQuoteRequest(get('/account/quotes/new', ''), context))).toMatchObject({
      status: 302,
      location: `/auth/login?returnTo=${encodeURIComponent('/account/quotes/new')}`,
    });
  });
});

describe('accepting and declining a quote', () => {
  it('goes on to pay at the checkout after Accept', async () => {
    const { context, apiFetch } = fakeApi({
      'POST /api/account/quotes/Q-100002/accept': () =>
        Response.json({ ...QUOTE, status: 'accepted', canPay: true }),
    });
    expect(
      await outcome(
        quoteAnswerAction(
          post('/account/quotes/Q-100002', { intent: 'accept' }),
          context,
          'Q-100002',
        ),
      ),
    ).toMatchObject({ status: 303, location: '/checkout?quote=Q-100002' });
    expect(apiFetch).toHaveBeenCalledTimes(1);
  });

  it('comes back to the quote after Decline', async () => {
    const { context } = fakeApi({
      'POST /api/account/quotes/Q-100002/decline': () =>
        Response.json({ ...QUOTE, status: 'declined', canAccept: false }),
    });
    expect(
      await outcome(
        quoteAnswerAction(
          post('/account/quotes/Q-100002', { intent: 'decline' }),
          context,
          'Q-100002',
        ),
      ),
    ).toMatchObject({ status: 303, location: '/account/quotes/Q-100002?done=declined' });
  });

  it("shows a 409's message, and a quote of another lab is not found", async () => {
    const expired = QUOTE_MESSAGES.expired('Nov 20, 2026');
    const { context } = fakeApi({
      'POST /api/account/quotes/Q-100002/accept': () =>
        Response.json({ error: expired }, { status: 409 }),
    });
    expect(
      await outcome(
        quoteAnswerAction(
          post('/account/quotes/Q-100002', { intent: 'accept' }),
          context,
          'Q-100002',
        ),
      ),
    ).toEqual({ status: 409, data: { error: expired } });
    expect(
      await outcome(
        quoteAnswerAction(post('/account/quotes/Q-9', { intent: 'accept' }), context, 'Q-9'),
      ),
    ).toMatchObject({ status: 404 });
  });

  it('calls nothing for an unknown intent', async () => {
    const { context, apiFetch } = fakeApi({});
    expect(
      await outcome(
        quoteAnswerAction(post('/account/quotes/Q-1', { intent: 'pay' }), context, 'Q-1'),
      ),
    ).toMatchObject({ status: 400 });
    expect(apiFetch).not.toHaveBeenCalled();
  });
});

describe('the quote pages', () => {
  it("says the quote's days in the shop's time zone, and what was just done", async () => {
    const { context } = fakeApi({
      'GET /api/account/quotes/Q-100002': () => Response.json(QUOTE),
    });
    const page = await loadQuote(
      get('/account/quotes/Q-100002?done=requested'),
      context,
      'Q-100002',
    );
    expect(page.done).toBe('requested');
    expect(page.quote).toMatchObject({
      requestedAtText: 'Nov 20, 2026',
      sentAtText: 'Nov 21, 2026',
      validUntilText: 'Dec 20, 2026',
      countryName: 'United States',
    });
  });

  it('asks the API for the page of the list', async () => {
    const { context, apiFetch } = fakeApi({
      'GET /api/account/quotes?page=2': () =>
        Response.json({ quotes: [QUOTE], total: 21, page: 2, pageSize: 20 }),
    });
    const page = await loadQuoteList(get('/account/quotes?page=2'), context);
    expect(apiFetch).toHaveBeenCalledWith('/api/account/quotes?page=2');
    expect(page.quotes.quotes[0]).toMatchObject({
      number: 'Q-100002',
      validUntilText: 'Dec 20, 2026',
    });
  });
});
