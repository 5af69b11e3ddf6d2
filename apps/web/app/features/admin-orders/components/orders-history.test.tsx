import type { AdminOrderDto } from '@labshop/shared/schemas/checkout';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrdersHistory, ORDERS_MESSAGES } from './orders-history.tsx';

const paid: AdminOrderDto = {
  orderNumber: 'WEB-100002',
  status: 'paid',
  customerNumber: 'WEBABC',
  customerName: 'Ann Baker',
  customerType: 'Retail',
  email: 'ann@example.com',
  amount: 129_500,
  discount: 0,
  couponCode: null,
  paymentRetref: '123456789012',
  erpSyncStatus: 'synced',
  erpSyncError: null,
  jobs: [{ kind: 'erp-order-sync', status: 'done', attempts: 1, lastError: null }],
  lines: [{ number: 'AG-210', title: 'Grinder', quantity: 1, unitPrice: 1295 }],
  createdAt: '2026-01-02T10:00:00.000Z',
  paidAt: '2026-01-02T10:00:05.000Z',
};
const failedSync: AdminOrderDto = {
  ...paid,
  orderNumber: 'WEB-100001',
  erpSyncStatus: 'failed',
  erpSyncError: 'ERP answered 503',
  jobs: [{ kind: 'erp-order-sync', status: 'dead', attempts: 8, lastError: 'ERP answered 503' }],
};

let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Response;

beforeEach(() => {
  answer = () => Response.json({ orders: [paid, failedSync], total: 2 });
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (init?.method === 'POST' && path === '/api/admin/orders/WEB-100001/retry-sync') {
      return Response.json({ ...failedSync, erpSyncStatus: 'pending', erpSyncError: null });
    }
    if (path.startsWith('/api/admin/orders?page=')) return answer();
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <OrdersHistory /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('OrdersHistory', () => {
  it('lists orders with amount, status, retref and sync state', async () => {
    renderScreen();
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /WEB-100002/ });
    expect(row.textContent).toContain('$1,295.00');
    expect(row.textContent).toContain('Paid');
    expect(row.textContent).toContain('123456789012');
    expect(row.textContent).toContain('Synced');
    expect(within(row).queryByRole('button', { name: /Retry sync/ })).toBeNull();
  });

  it('shows a failed sync with its error and queues it again', async () => {
    renderScreen();
    const row = await screen.findByRole('row', { name: /WEB-100001/ });
    expect(row.textContent).toContain('ERP answered 503');
    fireEvent.click(within(row).getByRole('button', { name: 'Retry sync of order WEB-100001' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('queued again'));
    expect(
      fetchMock.mock.calls.some(
        ([path, init]) =>
          path === '/api/admin/orders/WEB-100001/retry-sync' &&
          (init as RequestInit | undefined)?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('says when there are no orders', async () => {
    answer = () => Response.json({ orders: [], total: 0 });
    renderScreen();
    expect(await screen.findByText(ORDERS_MESSAGES.empty)).toBeTruthy();
  });

  it('says when the orders cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = () => Response.json({ error: 'Server error' }, { status: 500 });
    renderScreen();
    expect(await screen.findByText(ORDERS_MESSAGES.loadFailed)).toBeTruthy();
  });
});
