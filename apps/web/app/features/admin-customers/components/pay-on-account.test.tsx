import type { CustomerDto, CustomersAnswer } from '@labshop/shared/schemas/erp';
import {
  PAYMENT_TERMS_MESSAGES,
  type CustomerTermsEntry,
} from '@labshop/shared/schemas/payment-terms';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDialogStubs } from '../../admin/components/dialog-test-support.ts';
import { renderAdminRoutes } from '../../admin/components/screen-test-support.tsx';
import { CustomersList } from './customers-list.tsx';
import { PAY_ON_ACCOUNT_MESSAGES } from './pay-on-account.tsx';

const NAMES = ['Bright Smile Dental Lab', 'Crown Works', 'Molar Lab', 'Cash Dental', 'Walk-in Lab'];

function customer(n: number): CustomerDto {
  return {
    displayName: NAMES[n - 1] ?? `Customer ${n}`,
    type: 'Company',
    addressLine1: `${n} Main Street`,
    addressLine2: '',
    city: 'Tampa',
    state: 'FL',
    country: 'US',
    phoneNumber: '',
    email: `buyer${n}@lab${n}.example`,
    website: '',
  };
}

const LIST: CustomersAnswer = {
  value: NAMES.map((_, i) => customer(i + 1)),
  source: 'business-central',
  refreshedAt: new Date().toISOString(),
  refreshError: null,
};

const noErp = { terms: null, dueDays: null, creditLimit: null };

/** What the server says of each card, by e-mail (a PUT changes it). */
let stored: Record<string, CustomerTermsEntry>;

function entry(email: string, fields: Partial<CustomerTermsEntry>): CustomerTermsEntry {
  return {
    email,
    customerNumber: `C${email.slice(5, 6)}`,
    erp: noErp,
    mode: 'erp',
    dueDays: null,
    creditLimit: null,
    onAccount: false,
    terms: null,
    effectiveDueDays: null,
    effectiveCreditLimit: null,
    ...fields,
  };
}

let putAnswer: (body: unknown) => Response;
let fetchMock: ReturnType<typeof vi.fn>;
let restoreDialogs: () => void;

beforeEach(() => {
  restoreDialogs = installDialogStubs();
  const erp30 = { terms: 'NET30', dueDays: 30, creditLimit: 25_000 };
  stored = {
    'buyer1@lab1.example': entry('buyer1@lab1.example', {
      erp: erp30,
      onAccount: true,
      terms: 'NET30',
      effectiveDueDays: 30,
      effectiveCreditLimit: 25_000,
    }),
    'buyer2@lab2.example': entry('buyer2@lab2.example', {
      mode: 'allowed',
      dueDays: 45,
      onAccount: true,
      terms: 'Net 45',
      effectiveDueDays: 45,
    }),
    'buyer3@lab3.example': entry('buyer3@lab3.example', { erp: erp30, mode: 'off' }),
    'buyer4@lab4.example': entry('buyer4@lab4.example', {}),
    'buyer5@lab5.example': entry('buyer5@lab5.example', { customerNumber: null }),
  };
  putAnswer = (body) => {
    const { email, mode, dueDays, creditLimit } = body as CustomerTermsEntry;
    stored[email] = entry(email, {
      mode,
      dueDays,
      creditLimit,
      onAccount: mode === 'allowed',
      terms: mode === 'allowed' ? `Net ${dueDays}` : null,
      effectiveDueDays: mode === 'allowed' ? dueDays : null,
      effectiveCreditLimit: mode === 'allowed' ? creditLimit : null,
    });
    return Response.json(stored[email]);
  };
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/customers' && !init?.method) return Response.json(LIST);
    if (path.startsWith('/api/erp-syncs/current')) return Response.json({ sync: null });
    if (path.startsWith('/api/admin/customer-orders?')) return Response.json({ customers: [] });
    if (path.startsWith('/api/admin/customer-terms?')) {
      const asked = new URL(path, 'http://shop.test').searchParams.getAll('email');
      return Response.json({ customers: asked.map((email) => stored[email]) });
    }
    if (path === '/api/admin/customer-terms' && init?.method === 'PUT') {
      return putAnswer(JSON.parse(String(init.body)));
    }
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  restoreDialogs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const card = (name: string) => screen.getByRole('article', { name });

async function renderScreen() {
  renderAdminRoutes([{ path: '/admin/customers', element: <CustomersList /> }], '/admin/customers');
  await screen.findByText('Pay on account: off (set by the shop)');
}

const termsCalls = () =>
  fetchMock.mock.calls.filter(([path]) => String(path).startsWith('/api/admin/customer-terms'));

async function openChange(name: string) {
  fireEvent.click(
    within(card(name)).getByRole('button', { name: `Change pay on account for ${name}` }),
  );
  return screen.findByRole('dialog', { name: `Pay on account: ${name}` });
}

describe('Pay on account on the customer cards', () => {
  it('tells each card’s terms, read once for the page', async () => {
    await renderScreen();
    expect(
      within(card('Bright Smile Dental Lab')).getByText(
        'Pay on account: Net 30, credit limit $25,000.00 (from the ERP)',
      ),
    ).toBeTruthy();
    expect(
      within(card('Crown Works')).getByText(
        'Pay on account: Net 45, no credit limit (allowed by the shop)',
      ),
    ).toBeTruthy();
    expect(
      within(card('Molar Lab')).getByText('Pay on account: off (set by the shop)'),
    ).toBeTruthy();
    expect(within(card('Cash Dental')).getByText('Card only')).toBeTruthy();

    // One call for the page's cards, an email= for each.
    expect(termsCalls()).toHaveLength(1);
    const asked = new URL(String(termsCalls()[0]?.[0]), 'http://shop.test').searchParams;
    expect(asked.getAll('email')).toHaveLength(5);

    // Every card with a customer number can be changed; the one without cannot.
    for (const name of NAMES.slice(0, 4)) {
      expect(
        within(card(name)).getByRole('button', { name: `Change pay on account for ${name}` }),
      ).toBeTruthy();
    }
    const walkIn = card('Walk-in Lab');
    expect(within(walkIn).queryByRole('button', { name: /Change pay on account/ })).toBeNull();
    expect(within(walkIn).getByText(PAY_ON_ACCOUNT_MESSAGES.noCustomer)).toBeTruthy();
  });

  it('allows a lab 45 days and $10,000, PUTs it and shows the new line', async () => {
    await renderScreen();
    const dialog = await openChange('Cash Dental');
    expect(within(dialog).getByRole('radio', { name: 'As the ERP says (no terms)' })).toBeTruthy();
    expect(
      (within(dialog).getByRole('radio', { name: /As the ERP says/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(within(dialog).queryByLabelText('Days to pay')).toBeNull();

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Allowed by the shop' }));
    const days = within(dialog).getByLabelText('Days to pay') as HTMLInputElement;
    expect(days.value).toBe('30');
    fireEvent.change(days, { target: { value: '45' } });
    fireEvent.change(within(dialog).getByLabelText(/Credit limit/), {
      target: { value: '$10,000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(
        within(card('Cash Dental')).getByText(
          'Pay on account: Net 45, credit limit $10,000.00 (allowed by the shop)',
        ),
      ).toBeTruthy(),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      email: 'buyer4@lab4.example',
      mode: 'allowed',
      dueDays: 45,
      creditLimit: 10_000,
    });
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(within(card('Cash Dental')).getByRole('status').textContent).toBe(
      PAY_ON_ACCOUNT_MESSAGES.saved('Cash Dental'),
    );
    // The page's terms are read again after the save.
    await waitFor(() => expect(termsCalls().filter(([, i]) => !i?.method)).toHaveLength(2));
  });

  it('turns it off, sending no days and no limit', async () => {
    await renderScreen();
    const dialog = await openChange('Bright Smile Dental Lab');
    expect(
      within(dialog).getByRole('radio', {
        name: 'As the ERP says (Net 30, credit limit $25,000.00)',
      }),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Off' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      email: 'buyer1@lab1.example',
      mode: 'off',
      dueDays: null,
      creditLimit: null,
    });
  });

  it('shows the server’s 400 message in the form and keeps it open', async () => {
    putAnswer = () =>
      Response.json({ error: PAYMENT_TERMS_MESSAGES.creditLimitValue }, { status: 400 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderScreen();
    const dialog = await openChange('Crown Works');
    expect((within(dialog).getByLabelText('Days to pay') as HTMLInputElement).value).toBe('45');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByText(PAYMENT_TERMS_MESSAGES.creditLimitValue);
    expect(within(dialog).getByRole('alert').contains(alert)).toBe(true);
    expect(within(dialog).getByRole('alert').textContent).toContain(
      PAY_ON_ACCOUNT_MESSAGES.notSaved,
    );
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(
      within(card('Crown Works')).getByText(
        'Pay on account: Net 45, no credit limit (allowed by the shop)',
      ),
    ).toBeTruthy();
  });

  it('refuses days out of range before sending', async () => {
    await renderScreen();
    const dialog = await openChange('Crown Works');
    const days = within(dialog).getByLabelText('Days to pay');
    fireEvent.change(days, { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(PAYMENT_TERMS_MESSAGES.dueDays)).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
