import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_FIELDS,
  CUSTOMERS_MAX_PAGE_LINKS,
  CUSTOMERS_PAGE_SIZE,
  customerMatches,
  failureLine,
  pageLinks,
  type CustomerDto,
} from './erp.ts';

const numbers = (links: (number | 'ellipsis')[]) =>
  links.filter((link): link is number => link !== 'ellipsis');

describe('pageLinks (SPEC.md section 9: up to 5 page links and an ellipsis)', () => {
  it('uses the spec limits', () => {
    expect(CUSTOMERS_PAGE_SIZE).toBe(10);
    expect(CUSTOMERS_MAX_PAGE_LINKS).toBe(5);
  });

  it('lists every page, without an ellipsis, for 1 to 5 pages', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(2, 2)).toEqual([1, 2]);
    expect(pageLinks(2, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(4, 4)).toEqual([1, 2, 3, 4]);
    expect(pageLinks(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows no links for an empty list', () => {
    expect(pageLinks(1, 0)).toEqual([]);
  });

  it('starts at page 1 on the first pages of 20, with an ellipsis after', () => {
    expect(pageLinks(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis']);
    expect(pageLinks(3, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis']);
  });

  it('centres the current page in the middle, with an ellipsis on each side', () => {
    expect(pageLinks(7, 20)).toEqual(['ellipsis', 5, 6, 7, 8, 9, 'ellipsis']);
    expect(pageLinks(4, 20)).toEqual(['ellipsis', 2, 3, 4, 5, 6, 'ellipsis']);
  });

  it('ends at the last page on the last pages of 20, with an ellipsis before', () => {
    expect(pageLinks(20, 20)).toEqual(['ellipsis', 16, 17, 18, 19, 20]);
    expect(pageLinks(18, 20)).toEqual(['ellipsis', 16, 17, 18, 19, 20]);
  });

  it('always shows at most 5 numbers, consecutive and including the current page', () => {
    for (const pages of [1, 2, 5, 6, 7, 20, 101]) {
      for (let page = 1; page <= pages; page += 1) {
        const shown = numbers(pageLinks(page, pages));
        expect(shown.length).toBeLessThanOrEqual(5);
        expect(shown.length).toBe(Math.min(5, pages));
        expect(shown).toContain(page);
        shown.forEach((n, i) => i > 0 && expect(n).toBe((shown[i - 1] ?? 0) + 1));
        expect(shown[0]).toBeGreaterThanOrEqual(1);
        expect(shown.at(-1)).toBeLessThanOrEqual(pages);
      }
    }
  });

  it('honours another limit', () => {
    expect(pageLinks(5, 10, 3)).toEqual(['ellipsis', 4, 5, 6, 'ellipsis']);
  });
});

const customer: CustomerDto = {
  displayName: 'Bright Smile Dental Lab',
  type: 'Company',
  addressLine1: '1200 Harbor Drive',
  addressLine2: 'Suite 4B',
  city: 'Tampa',
  state: 'FL',
  country: 'US',
  phoneNumber: '+1 813 555 0142',
  email: 'orders@brightsmile-lab.example',
  website: 'https://brightsmile-lab.example',
};

describe('customerMatches (SPEC.md section 9: any of the ten fields, case-insensitive)', () => {
  it('has the ten spec fields in order', () => {
    expect([...CUSTOMER_FIELDS]).toEqual([
      'displayName',
      'type',
      'addressLine1',
      'addressLine2',
      'city',
      'state',
      'country',
      'phoneNumber',
      'email',
      'website',
    ]);
  });

  it.each([
    ['displayName', 'Smile Dental'],
    ['type', 'company'],
    ['addressLine1', 'HARBOR'],
    ['addressLine2', 'suite 4b'],
    ['city', 'tAmPa'],
    ['state', 'fl'],
    ['country', 'us'],
    ['phoneNumber', '555 0142'],
    ['email', 'ORDERS@'],
    ['website', 'HTTPS://BRIGHT'],
  ] as const)('finds a customer by %s (%s)', (field, search) => {
    // Only this field holds the text: the others are blank.
    const only = Object.fromEntries(
      CUSTOMER_FIELDS.map((name) => [name, name === field ? customer[field] : '']),
    ) as CustomerDto;
    expect(customerMatches(only, search)).toBe(true);
    const none = Object.fromEntries(CUSTOMER_FIELDS.map((name) => [name, ''])) as CustomerDto;
    expect(customerMatches(none, search)).toBe(false);
  });

  it('matches everything for a blank search, and trims the search', () => {
    expect(customerMatches(customer, '')).toBe(true);
    expect(customerMatches(customer, '   ')).toBe(true);
    expect(customerMatches(customer, '  tampa  ')).toBe(true);
  });

  it('does not match text in none of the fields', () => {
    expect(customerMatches(customer, 'Chicago')).toBe(false);
    // Not across two fields either.
    expect(customerMatches(customer, 'Tampa FL')).toBe(false);
  });
});

describe('failureLine', () => {
  it('names the product and the reason', () => {
    expect(failureLine('AG-210', 'not in Business Central')).toBe(
      'AG-210 (not in Business Central)',
    );
  });
});
