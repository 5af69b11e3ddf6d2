import {
  ADDRESS_BOOK_LIMIT,
  ADDRESS_BOOK_MESSAGES,
  type AddressBookAnswer,
  type SavedAddress,
} from '@labshop/shared/schemas/address-book';
import { CHECKOUT_MESSAGES } from '@labshop/shared/schemas/checkout';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, userAddresses } from '../../../src/db/schema/index.ts';
import { call, errorOf } from '../../support/checkout-fixtures.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../../support/helper.ts';
import { otherLabToken as otherLabTokenOf, PARTNER_LAB } from '../../support/lab-fixtures.ts';

/**
 * The address book (issue 36) over HTTP: a user's saved addresses under the billing form's
 * rules, at most ADDRESS_BOOK_LIMIT; their lab's address offered first; another user's address
 * answered 404 like a missing one, and left as it was. The partner token's user is
 * lab@partner.example (no name); `namedToken` is a colleague of the same lab with a name.
 */

let shop: SignedInTestApp;
let partnerToken: string;
let namedToken: string;
let otherLabToken: string;

const LAB = PARTNER_LAB;

const ADDRESS = {
  label: 'Back door',
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: '+1 212 555 0199',
  address: '2 Loading Dock Rd',
  city: 'Arlington',
  state: 'VA',
  zip: '22201',
  country: 'US',
};

beforeAll(async () => {
  shop = await startSignedInTestApp({ OUTBOX_WORKER: 'false' });
  partnerToken = shop.partnerToken;
  namedToken = await shop.issuer.sign({
    sub: 'named',
    email: 'lab@partner.example',
    email_verified: true,
    name: 'Ada King Lovelace',
  });
  otherLabToken = await otherLabTokenOf(shop);
  await shop.database.db.insert(customers).values(LAB);
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

async function book(token: string): Promise<AddressBookAnswer> {
  const response = await call(shop, 'GET', '/api/account/addresses', { token });
  expect(response.status).toBe(200);
  return (await response.json()) as AddressBookAnswer;
}

async function create(token: string, body: object = ADDRESS): Promise<SavedAddress> {
  const response = await call(shop, 'POST', '/api/account/addresses', { token, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as SavedAddress;
}

async function clear(): Promise<void> {
  await shop.database.db.delete(userAddresses);
}

describe('GET /api/account/addresses', () => {
  it("offers the lab's address, named after the user, or after the lab without a user name", async () => {
    await clear();
    const lab = {
      label: 'Partner Dental Lab',
      phone: '+1 (937) 555-0100',
      address: '1 Partner Way, Suite 4',
      city: 'Dayton',
      state: 'OH',
      zip: '45402',
      country: 'US',
    };
    expect(await book(namedToken)).toEqual({
      labAddress: { ...lab, firstName: 'Ada', lastName: 'King Lovelace' },
      addresses: [],
    });
    expect((await book(partnerToken)).labAddress).toEqual({
      ...lab,
      firstName: 'Partner',
      lastName: 'Dental Lab',
    });
    // No lab for this e-mail: no default.
    expect(await book(otherLabToken)).toEqual({ labAddress: null, addresses: [] });
  });
});

describe('saving addresses', () => {
  it('creates, lists (oldest first), updates and deletes, each user their own', async () => {
    await clear();
    const first = await create(partnerToken, { ...ADDRESS, city: '  Arlington ', country: 'us' });
    expect(first).toEqual({ id: first.id, ...ADDRESS });
    const second = await create(partnerToken, {
      ...ADDRESS,
      label: '',
      state: 'Bavaria',
      zip: '80331',
      country: 'DE',
      phone: undefined,
    });
    expect(second).toMatchObject({ label: '', phone: '', country: 'DE' });
    // A colleague of the same lab has a book of their own.
    await create(namedToken);

    expect((await book(partnerToken)).addresses.map((address) => address.id)).toEqual([
      first.id,
      second.id,
    ]);

    const changed = { ...ADDRESS, label: 'Front desk', address: '3 Main St' };
    const put = await call(shop, 'PUT', `/api/account/addresses/${first.id}`, {
      token: partnerToken,
      body: changed,
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ id: first.id, ...changed });

    const deleted = await call(shop, 'DELETE', `/api/account/addresses/${second.id}`, {
      token: partnerToken,
    });
    expect(deleted.status).toBe(204);
    expect((await book(partnerToken)).addresses).toEqual([{ id: first.id, ...changed }]);
  });

  it(`keeps at most ${ADDRESS_BOOK_LIMIT} addresses: the next is a 409 that says so`, async () => {
    await clear();
    await Promise.all(
      Array.from({ length: ADDRESS_BOOK_LIMIT }, (_, index) =>
        create(partnerToken, { ...ADDRESS, label: `No. ${index + 1}` }),
      ),
    );
    const full = await call(shop, 'POST', '/api/account/addresses', {
      token: partnerToken,
      body: ADDRESS,
    });
    expect(full.status).toBe(409);
    expect(await errorOf(full)).toBe(ADDRESS_BOOK_MESSAGES.full);
    expect((await book(partnerToken)).addresses).toHaveLength(ADDRESS_BOOK_LIMIT);
    // Another user's book is not full.
    await create(namedToken);
  });

  it("refuses bad input with the billing form's messages", async () => {
    await clear();
    const { id } = await create(partnerToken);
    for (const [body, message] of [
      [{ ...ADDRESS, firstName: ' ' }, CHECKOUT_MESSAGES.firstName],
      [{ ...ADDRESS, lastName: undefined }, CHECKOUT_MESSAGES.lastName],
      [{ ...ADDRESS, phone: 'call me' }, CHECKOUT_MESSAGES.phoneFormat],
      [{ ...ADDRESS, address: 'x'.repeat(201) }, CHECKOUT_MESSAGES.tooLong('Address', 200)],
      [{ ...ADDRESS, state: 'Ohio' }, CHECKOUT_MESSAGES.usState],
      [{ ...ADDRESS, zip: '123' }, CHECKOUT_MESSAGES.usZip],
      [{ ...ADDRESS, country: 'XX' }, CHECKOUT_MESSAGES.country],
      [{ ...ADDRESS, label: 'x'.repeat(41) }, ADDRESS_BOOK_MESSAGES.labelTooLong],
    ] as const) {
      for (const [method, url] of [
        ['POST', '/api/account/addresses'],
        ['PUT', `/api/account/addresses/${id}`],
      ] as const) {
        const response = await call(shop, method, url, { token: partnerToken, body });
        expect(response.status, `${method} ${JSON.stringify(body)}`).toBe(400);
        expect(await errorOf(response)).toBe(message);
      }
    }
    expect((await book(partnerToken)).addresses).toEqual([{ id, ...ADDRESS }]);
  });
});

describe("another user's address", () => {
  it('answers 404 like a missing or malformed id, and stays as it was', async () => {
    await clear();
    const theirs = await create(namedToken);
    for (const [id, token] of [
      [theirs.id, partnerToken],
      [theirs.id, otherLabToken],
      ['00000000-0000-4000-8000-000000000000', partnerToken],
      ['not-a-uuid', partnerToken],
      ["1' or '1'='1", partnerToken],
    ] as const) {
      const url = `/api/account/addresses/${encodeURIComponent(id)}`;
      for (const [method, body] of [
        ['PUT', { ...ADDRESS, label: 'Taken over' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(shop, method, url, { token, ...(body ? { body } : {}) });
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(await errorOf(response)).toBe(ADDRESS_BOOK_MESSAGES.notFound);
      }
    }
    expect((await book(namedToken)).addresses).toEqual([theirs]);
    // Nor does it show in anyone else's book.
    expect((await book(partnerToken)).addresses).toEqual([]);
    expect((await book(otherLabToken)).addresses).toEqual([]);
  });
});

describe('the address book without a user', () => {
  it('answers 401 and changes nothing', async () => {
    await clear();
    const { id } = await create(partnerToken);
    for (const [method, url, body] of [
      ['GET', '/api/account/addresses', undefined],
      ['POST', '/api/account/addresses', ADDRESS],
      ['PUT', `/api/account/addresses/${id}`, { ...ADDRESS, label: 'Anonymous' }],
      ['DELETE', `/api/account/addresses/${id}`, undefined],
    ] as const) {
      const response = await call(shop, method, url, body ? { body } : {});
      expect(response.status, `${method} ${url}`).toBe(401);
    }
    expect((await book(partnerToken)).addresses).toEqual([{ id, ...ADDRESS }]);
  });
});
