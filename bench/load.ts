// `npm run bench:load [-- --duration 60 --rates 250,500,1000,1500,2000,2500 --catalog 100000]`:
// mixed traffic (browse, search, product pages, carts and a few checkouts) against the built
// shop on PostgreSQL (BENCH_DATABASE_URL), at rising fixed rates, `--duration` seconds each.
// Reports each step's achieved rate, p50/p95/p99 and failures, and the highest rate held with
// p99 <= 100 ms and no errors, next to its budget. Traffic goes to 127.0.0.1 only, bounded in
// time (at most 2 minutes a step, 12 steps).
import { parseArgs } from 'node:util';
import {
  benchDataDir,
  POSTGRES_HINT,
  postgresDatabase,
  requireBuild,
  seedDatabase,
  startApp,
} from './lib/app.ts';
import { BudgetLedger } from './lib/budget.ts';
import { runOpenLoop, type Operation, type Send, type StepResult } from './lib/open-loop.ts';
import { ms } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    rates: { type: 'string', default: '250,500,1000,1500,2000,2500' },
    catalog: { type: 'string', default: '0' },
    categories: { type: 'string', default: '500' },
    'keep-going': { type: 'boolean', default: false },
  },
});
const seconds = Math.min(Math.max(Number(values.duration) || 60, 5), 120);
const rates = values.rates
  .split(',')
  .map((rate) => Math.trunc(Number(rate)))
  .filter((rate) => rate > 0 && rate <= 20_000)
  .slice(0, 12);
const catalog = Math.min(Math.max(Math.trunc(Number(values.catalog)) || 0, 0), 1_000_000);
const categoryCount = Math.min(Math.max(Math.trunc(Number(values.categories)) || 500, 1), 10_000);

const APP_PORT = 3990;
const P99_BUDGET_MS = 100;
const RATE_BUDGET = 1500;

requireBuild();
const database = postgresDatabase();
if (!database) {
  console.error(`bench:load measures PostgreSQL.\n${POSTGRES_HINT}`);
  process.exit(1);
}
if (rates.length === 0) {
  console.error('--rates needs one or more request rates, e.g. 250,500,1000');
  process.exit(1);
}

// The bench only: the captcha check is limited to 30 a client per 10 minutes, and every
// simulated buyer here comes from 127.0.0.1.
const BENCH_ENV = { CHECKOUT_CAPTCHA_RATE_LIMIT_MAX: '100000' };

// ---------------------------------------------------------------------------------------------
// The traffic mix.

interface ShopFacts {
  categories: string[];
  /** The first page of the shop: what most visitors see and open. */
  popular: { number: string; title: string; newPrice: number }[];
  /** Pages of the whole list (100 a page). */
  pages: number;
}

async function shopFacts(origin: string): Promise<ShopFacts> {
  const first = await fetch(`${origin}/api/products`);
  const pages = Math.max(1, Math.ceil(Number(first.headers.get('x-total-count')) / 100));
  const popular = (await first.json()) as { number: string; title: string; newPrice: number }[];
  const categories = (
    (await (await fetch(`${origin}/api/categories`)).json()) as { name: string }[]
  ).map((category) => category.name);
  return { categories, popular, pages };
}

const WORDS = ['grinder', 'vibrator', 'lathe', 'trimmer', 'motor', 'mixer', 'brush', 'steam'];
const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(list: readonly T[]): T => list[random(list.length)]!;

function trafficMix(facts: ShopFacts): () => Operation {
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

// ---------------------------------------------------------------------------------------------

function held(step: StepResult): boolean {
  return (
    step.errors === 0 &&
    step.non2xx === 0 &&
    step.latency.p99 <= P99_BUDGET_MS &&
    step.achievedRate >= step.targetRate * 0.95
  );
}

function printStep(step: StepResult): void {
  const { latency } = step;
  console.log(
    `${String(step.targetRate).padStart(6)} req/s target  ${step.achievedRate.toFixed(0).padStart(6)} achieved` +
      `  p50 ${ms(latency.p50).padStart(6)}  p95 ${ms(latency.p95).padStart(6)}  p99 ${ms(latency.p99).padStart(7)}` +
      `  errors ${step.errors}  non-2xx ${step.non2xx}  ${held(step) ? 'held' : 'NOT held'}`,
  );
  const kinds = [...step.byKind]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([kind, figures]) =>
        `${kind} ${figures.requests} p99 ${ms(figures.latency.p99)}${figures.failed ? ` (${figures.failed} failed)` : ''}`,
    );
  console.log(`         ${kinds.join('; ')}`);
  for (const failure of step.failures.slice(0, 5)) console.log(`         failure: ${failure}`);
}

const dataDir = await benchDataDir();
try {
  await seedDatabase(database, dataDir.dir, { products: catalog, categories: categoryCount });
  const server = await startApp({ port: APP_PORT, dataDir: dataDir.dir, database, env: BENCH_ENV });
  try {
    const facts = await shopFacts(server.origin);
    const next = trafficMix(facts);
    console.log(
      `\nPostgreSQL, ${catalog > 0 ? `demo shop + ${catalog} products` : 'demo shop'}: mixed traffic ` +
        `at fixed rates, ${seconds} s a step (browse 40%, search 15%, product 30%, cart 14.25%, checkout 0.75%)`,
    );
    // Unrecorded warm-up: the JIT, the database's cache and the pools.
    await runOpenLoop({ origin: server.origin, rate: Math.min(rates[0]!, 200), seconds: 10, next });
    let highest = 0;
    for (const rate of rates) {
      const step = await runOpenLoop({ origin: server.origin, rate, seconds, next });
      printStep(step);
      if (held(step)) highest = Math.max(highest, rate);
      // Far past what the server holds: the rising steps would only measure a queue.
      if (!values['keep-going'] && (step.latency.p99 > 2000 || step.achievedRate < rate * 0.8)) {
        console.log('         (stopping: the server is far behind at this rate)');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    const ledger = new BudgetLedger();
    ledger.record(
      `highest rate held (p99 <= ${P99_BUDGET_MS} ms, no errors)`,
      `${highest} req/s`,
      highest,
      { atLeast: RATE_BUDGET },
      'req/s',
    );
    ledger.print('Budget');
  } finally {
    await server.stop();
  }
} finally {
  await dataDir.cleanup();
}
