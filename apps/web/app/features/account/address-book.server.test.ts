import { ADDRESS_BOOK_MESSAGES } from '@labshop/shared/schemas/address-book';
import { CHECKOUT_MESSAGES } from '@labshop/shared/schemas/checkout';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { addressBookAction, loadShipToChoices } from './address-book.server.ts';

const ADDRESS = {
  label: 'Back door',
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: '',
  address: '2 Loading Dock Rd',
  city: 'Arlington',
  state: 'VA',
  zip: '22201',
  country: 'US',
};

function contextAnswering(response: Response) {
  const apiFetch = vi.fn(async () => response);
  return { context: { apiFetch } as unknown as AppLoadContext, apiFetch };
}

function post(fields: Record<string, string>, cookie = 'labshop_session=x') {
  return new Request('https://shop.example/account/addresses', {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams(fields),
  });
}

/** What the action answered or threw: React Router's data() and redirects alike. */
async function outcome(run: Promise<unknown>) {
  const result = await run.catch((thrown: unknown) => thrown);
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get('location') };
  const { data, init } = result as { data: unknown; init: { status: number } };
  return { status: init.status, data };
}

describe('the address book page action', () => {
  it('adds through the API and goes back to the page with a 303', async () => {
    const { context, apiFetch } = contextAnswering(Response.json({}, { status: 201 }));
    expect(await outcome(addressBookAction(post({ intent: 'add', ...ADDRESS }), context))).toEqual({
      status: 303,
      location: '/account/addresses?done=added',
    });
    const [path, init] = apiFetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([path, init.method, JSON.parse(String(init.body))]).toEqual([
      '/api/account/addresses',
      'POST',
      ADDRESS,
    ]);
  });

  it("answers each field's message and what was typed, calling nothing", async () => {
    const { context, apiFetch } = contextAnswering(Response.json({}));
    const typed = { ...ADDRESS, firstName: '', zip: '1' };
    expect(
      await outcome(addressBookAction(post({ intent: 'update', id: 'a-1', ...typed }), context)),
    ).toMatchObject({
      status: 400,
      data: {
        intent: 'update',
        id: 'a-1',
        values: typed,
        fieldErrors: { firstName: CHECKOUT_MESSAGES.firstName, zip: CHECKOUT_MESSAGES.usZip },
      },
    });
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it("says the API's refusal: a full book, an address that is not the user's", async () => {
    const full = contextAnswering(
      Response.json({ error: ADDRESS_BOOK_MESSAGES.full }, { status: 409 }),
    );
    expect(
      await outcome(addressBookAction(post({ intent: 'add', ...ADDRESS }), full.context)),
    ).toMatchObject({
      status: 409,
      data: { error: ADDRESS_BOOK_MESSAGES.full },
    });
    const gone = contextAnswering(Response.json({ error: 'x' }, { status: 404 }));
    expect(
      await outcome(addressBookAction(post({ intent: 'delete', id: 'a-9' }), gone.context)),
    ).toMatchObject({
      status: 404,
      data: { intent: 'delete', id: 'a-9', error: ADDRESS_BOOK_MESSAGES.notFound },
    });
  });
});

describe("the checkout's 'Ship to' choices", () => {
  it('asks nothing for a visitor without a session, and offers nothing on a failure', async () => {
    const anonymous = contextAnswering(Response.json({}));
    expect(await loadShipToChoices(post({}, ''), anonymous.context)).toBeNull();
    expect(anonymous.apiFetch).not.toHaveBeenCalled();
    const refused = contextAnswering(Response.json({ error: 'no' }, { status: 401 }));
    expect(await loadShipToChoices(post({}), refused.context)).toBeNull();
  });
});
