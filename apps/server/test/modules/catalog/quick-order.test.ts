import {
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MAX_TEXT_LENGTH,
  QUICK_ORDER_MESSAGES,
  type QuickOrderAnswer,
} from '@labshop/shared/quick-order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, PRODUCTS, seedCheckoutData } from '../../support/checkout-fixtures.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../../support/helper.ts';

/** POST /api/quick-order (issue 36) over real HTTP, on the checkout tests' catalogue. */

let shop: SignedInTestApp;
const { grinder, vibrator, bur, unavailable, deleted } = PRODUCTS;

beforeAll(async () => {
  shop = await startSignedInTestApp();
  await seedCheckoutData(shop);
});
afterAll(async () => {
  await shop.close();
});

async function quickOrder(text: string, token?: string): Promise<QuickOrderAnswer> {
  const response = await call(shop, 'POST', '/api/quick-order', {
    body: { text },
    ...(token ? { token } : {}),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return (await response.json()) as QuickOrderAnswer;
}

describe('POST /api/quick-order', () => {
  it('resolves each line to its product and retail price, or its error', async () => {
    const answer = await quickOrder(
      [
        'number,quantity',
        `${grinder.number},2`,
        'NOPE-404 1',
        `${unavailable.number}\t1`,
        `${vibrator.number} two`,
        '',
        `${bur.number}`,
        `${deleted.number} 1`,
      ].join('\n'),
    );
    expect(answer.tier).toBe('retail');
    expect(answer.lines).toEqual([
      {
        lines: [2],
        text: `${grinder.number},2`,
        number: grinder.number,
        title: grinder.title,
        quantity: 2,
        unitPriceCents: grinder.newPriceCents,
        lineTotalCents: 2 * grinder.newPriceCents,
        error: null,
        note: null,
      },
      {
        lines: [3],
        text: 'NOPE-404 1',
        number: 'NOPE-404',
        title: null,
        quantity: 1,
        unitPriceCents: null,
        lineTotalCents: null,
        error: 'Unknown product number.',
        note: null,
      },
      {
        lines: [4],
        text: `${unavailable.number}\t1`,
        number: unavailable.number,
        title: unavailable.title,
        quantity: 1,
        unitPriceCents: null,
        lineTotalCents: null,
        error: 'Not available.',
        note: null,
      },
      {
        lines: [5],
        text: `${vibrator.number} two`,
        number: vibrator.number,
        title: vibrator.title,
        quantity: null,
        unitPriceCents: null,
        lineTotalCents: null,
        error: 'Quantity must be a whole number from 1 to 999.',
        note: null,
      },
      expect.objectContaining({
        lines: [7],
        number: bur.number,
        quantity: 1,
        unitPriceCents: bur.newPriceCents,
        error: null,
      }),
      // A deleted product is no product.
      expect.objectContaining({ lines: [8], title: null, error: 'Unknown product number.' }),
    ]);
    expect(answer.readyCount).toBe(2);
    expect(answer.totalCents).toBe(2 * grinder.newPriceCents + bur.newPriceCents);
  });

  it('finds numbers in any case and merges lines naming one product, capped at 999', async () => {
    const answer = await quickOrder(
      [
        'ag-210 2',
        `"${vibrator.number}";"600"`,
        'AG-210 3',
        'vb-7 500',
        'Ag-210',
        'nope-1',
        'NOPE-1 4',
      ].join('\n'),
    );
    expect(answer.lines.map((line) => [line.lines, line.number, line.quantity, line.note])).toEqual(
      [
        [[1, 3, 5], grinder.number, 6, 'Lines 1, 3 and 5 merged.'],
        [[2, 4], vibrator.number, 999, `Lines 2 and 4 merged. ${QUICK_ORDER_MESSAGES.capped}`],
        [[6, 7], 'nope-1', 5, 'Lines 6 and 7 merged.'],
      ],
    );
    expect(answer.lines[0]).toMatchObject({
      text: 'ag-210 2',
      title: grinder.title,
      lineTotalCents: 6 * grinder.newPriceCents,
    });
    expect(answer.lines[2]?.error).toBe('Unknown product number.');
    expect(answer.readyCount).toBe(2);
  });

  it('prices a signed-in partner wholesale, and partner x3 from quantity 3', async () => {
    const answer = await quickOrder(
      `${grinder.number} 2\n${bur.number} 3\n${vibrator.number} 3`,
      shop.partnerToken,
    );
    expect(answer.tier).toBe('wholesale');
    expect(answer.lines.map((line) => [line.unitPriceCents, line.lineTotalCents])).toEqual([
      [grinder.wholesalePriceCents, 2 * grinder.wholesalePriceCents],
      [bur.partnerPriceX3Cents, 3 * bur.partnerPriceX3Cents],
      // No partner price: wholesale.
      [vibrator.wholesalePriceCents, 3 * vibrator.wholesalePriceCents],
    ]);
  });

  it(`resolves ${QUICK_ORDER_MAX_LINES} lines and refuses one more with a clear 400`, async () => {
    const known = [grinder.number, vibrator.number, bur.number, unavailable.number];
    const text = Array.from({ length: QUICK_ORDER_MAX_LINES }, (_, index) =>
      index < known.length ? `${known[index]} 1` : `BULK-${index} ${(index % 9) + 1}`,
    ).join('\n');
    const answer = await quickOrder(text);
    expect(answer.lines).toHaveLength(QUICK_ORDER_MAX_LINES);
    expect(answer.readyCount).toBe(3);
    expect(answer.lines.at(-1)).toMatchObject({
      lines: [QUICK_ORDER_MAX_LINES],
      error: 'Unknown product number.',
    });

    const response = await call(shop, 'POST', '/api/quick-order', {
      body: { text: `${text}\nAG-210 1` },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(
      'A quick order takes at most 500 lines; this one has 501. Please split it.',
    );
  });

  it('answers an empty text with no lines', async () => {
    expect(await quickOrder(' \n\n')).toEqual({
      tier: 'retail',
      lines: [],
      readyCount: 0,
      totalCents: 0,
    });
  });

  it('answers a malformed or hostile body with a 4xx, never a server error', async () => {
    const post = (body: string, contentType = 'application/json') =>
      fetch(`${shop.origin}/api/quick-order`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
    const cases: [string, string?][] = [
      ['AG-210 2', 'text/plain'],
      ['text=AG-210', 'application/x-www-form-urlencoded'],
      ['{"text":'],
      [''],
      ['{}'],
      ['[]'],
      ['null'],
      ['{"text":42}'],
      ['{"text":["AG-210"]}'],
      ['{"text":"AG-210","__proto__":{"admin":true}}'],
      [`{"text":${'['.repeat(100)}${']'.repeat(100)}}`],
    ];
    for (const [body, contentType] of cases) {
      const response = await post(body, contentType);
      expect(response.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.status, body.slice(0, 40)).toBeLessThan(500);
      expect(typeof (await errorOf(response))).toBe('string');
    }

    const tooLong = await post(
      JSON.stringify({ text: 'A'.repeat(QUICK_ORDER_MAX_TEXT_LENGTH + 1) }),
    );
    expect(tooLong.status).toBe(400);
    expect(await errorOf(tooLong)).toBe(QUICK_ORDER_MESSAGES.textTooLong);

    // Text no product number can hold is an unknown number, not a database error.
    const odd = await quickOrder(
      `AG\u0000210 1\n${'X'.repeat(5000)} 1\n'--drop-table-products 1\n%_ 1\n\u{1F600} 2`,
    );
    expect(odd.lines.map((line) => line.error)).toEqual(
      Array(5).fill(QUICK_ORDER_MESSAGES.unknownNumber),
    );
    // The catalogue is still there.
    expect((await quickOrder(`${grinder.number} 1`)).readyCount).toBe(1);
  });
});
