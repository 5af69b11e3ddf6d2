// @vitest-environment node
// The action runs on the server: Node's own Request, FormData and File, not jsdom's.
import { parseCartCookie } from '@labshop/shared/cart-cookie';
import {
  QUICK_ORDER_MESSAGES,
  type QuickOrderAnswer,
  type QuickOrderLine,
} from '@labshop/shared/quick-order';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { quickOrderAction } from './quick-order-action.server.ts';
import { QUICK_ORDER_PAGE_MESSAGES } from './quick-order-form-fields.ts';

/** A line of the API's answer. */
function line(overrides: Partial<QuickOrderLine>): QuickOrderLine {
  return {
    lines: [1],
    text: '',
    number: 'AG-210',
    title: 'Single-Station Alloy Grinder',
    quantity: 1,
    unitPriceCents: 129_500,
    lineTotalCents: 129_500,
    error: null,
    note: null,
    ...overrides,
  };
}

function answerOf(lines: QuickOrderLine[]): QuickOrderAnswer {
  const ready = lines.filter((each) => each.error === null);
  return {
    tier: 'retail',
    lines,
    readyCount: ready.length,
    totalCents: ready.reduce((sum, each) => sum + (each.lineTotalCents ?? 0), 0),
  };
}

/** The in-process API: answers `answer` (or `status` with an error) and records the texts. */
function contextAnswering(answer: QuickOrderAnswer | { status: number; error: string }) {
  const texts: string[] = [];
  const apiFetch = vi.fn(async (path: string, init: RequestInit) => {
    expect(path).toBe('/api/quick-order');
    texts.push((JSON.parse(init.body as string) as { text: string }).text);
    return 'status' in answer
      ? Response.json({ error: answer.error }, { status: answer.status })
      : Response.json(answer);
  });
  return { context: { apiFetch } as unknown as AppLoadContext, texts, apiFetch };
}

async function post(
  context: AppLoadContext,
  fields: { text?: string; file?: string },
  cookie = '',
): Promise<{ response?: Response; data?: unknown; status?: number }> {
  const form = new FormData();
  if (fields.text !== undefined) form.set('text', fields.text);
  form.set('file', new File([fields.file ?? ''], fields.file ? 'order.csv' : ''));
  const body = new Request('http://shop.test/quick-order', { method: 'POST', body: form });
  const bytes = await body.arrayBuffer();
  const request = new Request('http://shop.test/quick-order', {
    method: 'POST',
    headers: {
      'content-type': body.headers.get('content-type')!,
      'content-length': String(bytes.byteLength),
      cookie,
    },
    body: bytes,
  });
  try {
    const result = (await quickOrderAction(request, context)) as {
      data: unknown;
      init: { status: number } | null;
    };
    return { data: result.data, status: result.init?.status };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown };
    throw thrown;
  }
}

function cartOf(response: Response) {
  const line = response.headers.getSetCookie().find((each) => each.startsWith('_cart__rf='));
  return parseCartCookie(line!.split(';')[0]!.slice('_cart__rf='.length));
}

describe('the quick order action', () => {
  it('puts the valid lines into the cart, adding to what it holds, and opens the cart', async () => {
    const { context, texts } = contextAnswering(
      answerOf([
        line({ quantity: 3 }),
        line({ lines: [2], number: 'NOPE-1', title: null, error: 'Unknown product number.' }),
        line({ lines: [3], number: 'VB-12', title: 'Model Vibrator, Medium Platform' }),
      ]),
    );
    const { response } = await post(
      context,
      { text: 'AG-210 3\nNOPE-1\n', file: 'VB-12,1\n' },
      '_cart__rf=%5B%22AG-210%22%5D',
    );
    expect(response?.status).toBe(303);
    expect(response?.headers.get('location')).toBe('/cart');
    expect(cartOf(response!)).toEqual([
      { number: 'AG-210', title: 'Single-Station Alloy Grinder', quantity: 4 },
      'VB-12',
    ]);
    // The typed text and the file's, one after the other.
    expect(texts).toEqual(['AG-210 3\nNOPE-1\n\nVB-12,1\n']);
  });

  it('shows the lines again with a 400 when none can go into the cart', async () => {
    const answer = answerOf([
      line({ number: 'NOPE-1', title: null, error: 'Unknown product number.' }),
    ]);
    const { context } = contextAnswering(answer);
    expect(await post(context, { text: 'NOPE-1' })).toEqual({
      data: { text: 'NOPE-1', answer, error: QUICK_ORDER_PAGE_MESSAGES.nothingToAdd },
      status: 400,
    });
  });

  it("passes the API's refusal on, and asks nothing for an empty form", async () => {
    const message = QUICK_ORDER_MESSAGES.tooManyLines(501);
    const { context } = contextAnswering({ status: 400, error: message });
    expect(await post(context, { text: 'AG-210 1' })).toEqual({
      data: { text: 'AG-210 1', answer: null, error: message },
      status: 400,
    });

    const empty = contextAnswering(answerOf([]));
    expect(await post(empty.context, { text: ' \n' })).toEqual({
      data: { text: '', answer: null, error: QUICK_ORDER_PAGE_MESSAGES.empty },
      status: 400,
    });
    expect(empty.apiFetch).not.toHaveBeenCalled();
  });

  it('refuses more products than the cart cookie can hold, rather than lose the cart', async () => {
    const lines = Array.from({ length: 60 }, (_, index) =>
      line({
        lines: [index + 1],
        number: `AG-${index}`,
        title: `Alloy Grinder number ${index}`,
        quantity: 2,
      }),
    );
    const { context } = contextAnswering(answerOf(lines));
    const result = await post(context, { text: 'sixty lines' });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ error: QUICK_ORDER_PAGE_MESSAGES.tooManyForCart });
  });

  it('refuses a form larger than the API could take before reading it', async () => {
    const { context, apiFetch } = contextAnswering(answerOf([]));
    const request = new Request('http://shop.test/quick-order', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '9999999' },
      body: 'text=AG-210',
    });
    const result = (await quickOrderAction(request, context)) as { init: { status: number } };
    expect(result.init.status).toBe(413);
    expect(apiFetch).not.toHaveBeenCalled();
  });
});
