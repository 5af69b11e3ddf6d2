/**
 * The mixed traffic of the load bench (load.ts) and the soak (soak.ts): browse 40%, search 15%,
 * product pages 30%, carts 14.25% and checkouts 0.75%, over what the running shop holds.
 */
import { PRODUCT_LIST_LIMITS } from '@labshop/shared/schemas/catalog';
import { pageCount } from '@labshop/shared/schemas/paging';
import type { Operation, Send } from './open-loop.ts';

/** How the mix is described in the benches' headings. */
export const MIX_DESCRIPTION = 'browse 40%, search 15%, product 30%, cart 14.25%, checkout 0.75%';

/**
 * Settings the benches start the shop with: every simulated buyer here comes from 127.0.0.1,
 * with one e-mail address and one test card, and the checkouts of the mix (0.75%: 9 a second at
 * 1,200 req/s) are far more than the captcha check's limit (30 a client per 10 minutes) and the
 * card-testing limits on payments (per IP, e-mail and card, an hour) let through. The highest
 * values the settings take.
 */
export const MIXED_TRAFFIC_ENV = {
  CHECKOUT_CAPTCHA_RATE_LIMIT_MAX: '100000',
  PAYMENT_LIMIT_PER_IP: '100000',
  PAYMENT_LIMIT_PER_EMAIL: '100000',
  PAYMENT_LIMIT_PER_CARD: '100000',
};

export interface ShopFacts {
  categories: string[];
  /** The first page of the shop: what most visitors see and open. */
  popular: { number: string; title: string; newPrice: number }[];
  /** Pages of the whole list, a page of the API's default size. */
  pages: number;
}

export async function shopFacts(origin: string): Promise<ShopFacts> {
  const first = await fetch(`${origin}/api/products`);
  const pages = pageCount(
    Number(first.headers.get('x-total-count')),
    PRODUCT_LIST_LIMITS.defaultLimit,
  );
  const popular = (await first.json()) as { number: string; title: string; newPrice: number }[];
  const categories = (
    (await (await fetch(`${origin}/api/categories`)).json()) as { name: string }[]
  ).map((category) => category.name);
  return { categories, popular, pages };
}

const WORDS = ['grinder', 'vibrator', 'lathe', 'trimmer', 'motor', 'mixer', 'brush', 'steam'];
const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(list: readonly T[]): T => list[random(list.length)]!;

/**
 * The next visitor's operation, drawn at the mix's weights; `catalog` synthetic products
 * (BULK-000001...) are asked for too when the bench seeded them.
 */
export function trafficMix(facts: ShopFacts, catalog = 0): () => Operation {
  const buyable = facts.popular.filter((product) => !/not available/i.test(product.title));
  const categoryName = () =>
    // Half the visits go to the home page's first categories.
    Math.random() < 0.5 ? pick(facts.categories.slice(0, 11)) : pick(facts.categories);
  const productNumber = () =>
    catalog > 0 && Math.random() < 0.5
      ? `BULK-${String(1 + random(catalog)).padStart(6, '0')}`
      : pick(facts.popular).number;
  const cartCookie = () => {
    const lines = Array.from({ length: 1 + random(3) }, () => pick(buyable).number);
    return `_cart__rf=${encodeURIComponent(JSON.stringify(lines))}`;
  };
  // A fifth of page views come from visitors with a cart: their pages are rendered for them.
  const pageHeaders = (): Record<string, string> =>
    Math.random() < 0.2 ? { cookie: cartCookie() } : {};
  const query = () =>
    Math.random() < 0.5 ? pick(WORDS) : `${pick(WORDS)} ${random(catalog > 0 ? catalog : 100)}`;
  const get =
    (kind: string, path: () => string, headers: () => Record<string, string> = () => ({})) =>
    (): Operation => ({
      kind,
      run: async (send) => {
        await send({ path: path(), headers: headers() });
      },
    });

  const mix: [number, () => Operation][] = [
    [10, get('browse', () => '/home', pageHeaders)],
    [
      8,
      get(
        'browse',
        () => `/shop${Math.random() < 0.7 ? '' : `?page=${2 + random(3)}`}`,
        pageHeaders,
      ),
    ],
    [8, get('browse', () => `/shop/${encodeURIComponent(categoryName())}`, pageHeaders)],
    [7, get('browse', () => `/api/products?page=${1 + random(Math.min(facts.pages, 20))}`)],
    [7, get('browse', () => `/api/products?category=${encodeURIComponent(categoryName())}`)],
    [10, get('search', () => `/api/products?q=${encodeURIComponent(query())}`)],
    [5, get('search', () => `/shop?q=${encodeURIComponent(query())}`, pageHeaders)],
    [
      20,
      get('product', () => `/product-details/${encodeURIComponent(productNumber())}`, pageHeaders),
    ],
    [10, get('product', () => `/api/products/${encodeURIComponent(productNumber())}`)],
    [
      14.25,
      get(
        'cart',
        () => '/api/cart',
        () => ({ cookie: cartCookie() }),
      ),
    ],
    [0.75, () => ({ kind: 'checkout', run: (send) => checkout(send, cartCookie()) })],
  ];
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = Math.random() * total;
    for (const [weight, make] of mix) {
      roll -= weight;
      if (roll < 0) return make();
    }
    return mix[0]![1]();
  };
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

/**
 * A checkout as the checkout page makes it (apps/web/app/features/checkout/checkout-flow.ts):
 * the cart's prices, the captcha check's nonce, the last order number, the payment on the
 * embedded sandbox gateway with its approving test card, then the customer and sales order.
 */
async function checkout(send: Send, cookie: string): Promise<void> {
  const cart = JSON.parse(
    (await send({ path: '/api/cart', headers: { cookie, accept: 'application/json' } })).body,
  ) as {
    items: { product: { number: string; title: string; newPrice: number }; quantity: number }[];
  };
  const lines = cart.items.map((item) => ({
    number: item.product.number,
    title: item.product.title,
    quantity: item.quantity,
    newPrice: item.product.newPrice,
  }));
  const amount = lines.reduce(
    (sum, line) => sum + Math.round(line.newPrice * 100) * line.quantity,
    0,
  );
  const captcha = await send({
    method: 'POST',
    path: '/api/checkout/verify-captcha',
    headers: JSON_HEADERS,
    body: JSON.stringify({ captchaToken: '' }),
  });
  if (captcha.status !== 200) return;
  const { nonce } = JSON.parse(captcha.body) as { nonce: string };
  const last = JSON.parse((await send({ path: '/api/salesOrdersLastID' })).body) as {
    lastSalesOrderId: string;
  };
  const withNonce = { ...JSON_HEADERS, 'x-captcha-nonce': nonce, cookie };
  const billing = {
    address: '1250 Industrial Pkwy',
    city: 'Toledo',
    state: 'OH',
    zip: '43612',
    country: 'US',
  };
  const buyer = {
    fullName: 'Maria Delgado',
    email: 'maria@brightline.example',
    phone: '+1 (419) 555-0199',
  };
  const payment = await send({
    method: 'POST',
    path: '/api/process-payment',
    headers: withNonce,
    body: JSON.stringify({
      amount,
      // The sandbox token of the approving test card 4111 1111 1111 1111.
      token: '9111111111111111',
      expiry: '1230',
      ...buyer,
      salesOrderId: last.lastSalesOrderId,
      billing: { ...billing, companyFax: '' },
      cart: lines,
      couponCode: '',
      discountAmount: 0,
      behavioralScore: 0.8,
      behavioralData: { score: 0.8, mouseMovements: 40, keyPresses: 60, sessionDuration: 45_000 },
      recaptcha_token2: '',
    }),
  });
  if (payment.status !== 200) return;
  const paid = JSON.parse(payment.body) as { ok: boolean; orderNumber: string | null };
  if (!paid.ok || !paid.orderNumber) return;
  const customer = await send({
    method: 'POST',
    path: '/api/checkCustomer',
    headers: withNonce,
    body: JSON.stringify({
      fullName: buyer.fullName,
      number: 'WEBBEN',
      paymentSuccessful: true,
      billing: { email: buyer.email, phone: buyer.phone, ...billing },
    }),
  });
  const customerNumber =
    customer.status === 200
      ? (JSON.parse(customer.body) as { customer: { number: string } }).customer.number
      : 'WEBBEN';
  await send({
    method: 'POST',
    path: '/api/createSalesOrder',
    headers: withNonce,
    body: JSON.stringify({
      customerType: 'Retail',
      newOrderNumber: paid.orderNumber,
      cart: lines,
      phone: buyer.phone,
      customerNumber,
      fullName: buyer.fullName,
      customerEmail: buyer.email,
      billing: {
        fullName: buyer.fullName,
        addressLine1: billing.address,
        city: billing.city,
        state: billing.state,
        postalCode: billing.zip,
        country: billing.country,
        phone: buyer.phone,
      },
      couponCode: '',
      discountAmount: 0,
    }),
  });
}
