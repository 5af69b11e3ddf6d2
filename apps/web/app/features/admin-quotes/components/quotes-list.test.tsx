import type { AdminQuotesAnswer, QuoteSummary } from '@labshop/shared/schemas/quotes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdminRoutes } from '../../admin/components/screen-test-support.tsx';
import { QuotesList } from './quotes-list.tsx';

const requested: QuoteSummary = {
  number: 'Q-100002',
  status: 'requested',
  requestedAt: '2026-11-20T15:00:00.000Z',
  validUntil: null,
  email: 'buyer1@lab1.example',
  customerName: 'Lab One Dental',
  customerNumber: 'C10001',
  poNumber: 'PO-77',
  itemCount: 3,
  total: 2614.5,
  orderNumber: null,
};
const accepted: QuoteSummary = {
  ...requested,
  number: 'Q-100001',
  status: 'accepted',
  validUntil: '2026-12-31',
  email: 'ann@example.com',
  customerName: 'Ann Baker',
  customerNumber: null,
  poNumber: null,
  itemCount: 1,
  total: 1295,
  orderNumber: 'WEB-100009',
};

const counts = { requested: 1, sent: 0, accepted: 1, expired: 0, declined: 0 };

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (path: string) => {
    const url = new URL(path, 'http://shop.test');
    if (url.pathname !== '/api/admin/quotes') return new Response(null, { status: 404 });
    const status = url.searchParams.get('status');
    const quotes = [requested, accepted].filter((quote) => !status || quote.status === status);
    const answer: AdminQuotesAnswer = {
      quotes,
      total: quotes.length,
      page: 1,
      pageSize: 20,
      counts,
    };
    return Response.json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const listCalls = () =>
  fetchMock.mock.calls
    .map(([path]) => new URL(path as string, 'http://shop.test'))
    .filter((url) => url.pathname === '/api/admin/quotes');

describe('QuotesList', () => {
  it('lists quotes with customer, PO number, items, total, validity, status and order', async () => {
    renderAdminRoutes([{ path: '/admin/quotes', element: <QuotesList /> }], '/admin/quotes');
    const table = await screen.findByRole('table', { name: 'Quotes' });
    const first = within(table).getByRole('row', { name: /Q-100002/ });
    expect(first.textContent).toContain('Lab One Dental');
    expect(first.textContent).toContain('buyer1@lab1.example');
    expect(first.textContent).toContain('C10001');
    expect(first.textContent).toContain('PO-77');
    expect(first.textContent).toContain('$2,614.50');
    expect(first.textContent).toContain('Requested');
    const link = within(first).getByRole('link', { name: 'Q-100002' });
    expect(link.getAttribute('href')).toBe('/admin/quotes/Q-100002');

    const second = within(table).getByRole('row', { name: /Q-100001/ });
    expect(second.textContent).toContain('Accepted');
    expect(second.textContent).toContain('Dec 31, 2026');
    expect(second.textContent).toContain('Order WEB-100009');
    expect(screen.getByText(/^2 quotes/)).toBeTruthy();
  });

  it('filters by status, showing each status with its count, and keeps it in the address', async () => {
    const router = renderAdminRoutes(
      [{ path: '/admin/quotes', element: <QuotesList /> }],
      '/admin/quotes',
    );
    await screen.findByRole('table', { name: 'Quotes' });
    const filter = screen.getByRole('group', { name: 'Show quotes of status' });
    expect(within(filter).getByRole('button', { name: 'All 2' })).toBeTruthy();
    const acceptedButton = within(filter).getByRole('button', { name: 'Accepted 1' });
    expect(acceptedButton.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(acceptedButton);
    await waitFor(() => expect(router.state.location.search).toBe('?status=accepted'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Q-100002/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Q-100001/ })).toBeTruthy();
    expect(listCalls().at(-1)?.searchParams.get('status')).toBe('accepted');
    expect(
      within(filter).getByRole('button', { name: 'Accepted 1' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('sends the search and the page of the address, and says when nothing matches', async () => {
    renderAdminRoutes(
      [{ path: '/admin/quotes', element: <QuotesList /> }],
      '/admin/quotes?search=nobody&status=declined',
    );
    expect(await screen.findByText('No quotes match.')).toBeTruthy();
    const call = listCalls().at(-1);
    expect(call?.searchParams.get('search')).toBe('nobody');
    expect(call?.searchParams.get('status')).toBe('declined');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('nobody');
  });
});
