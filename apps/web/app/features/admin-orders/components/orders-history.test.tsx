import { ORDERS_MESSAGES, type OrderHistoryEntry } from '@labshop/shared/schemas/orders';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdminRoutes } from '../../admin/components/screen-test-support.tsx';
import { OrdersHistory } from './orders-history.tsx';

const paid: OrderHistoryEntry = {
  orderNumber: 'WEB-100002',
  customerNumber: 'WEBABC',
  customerName: 'Ann Baker',
  customerType: 'Retail',
  email: 'ann@example.com',
  phone: '+1 419 555 0100',
  amount: 1254.6,
  cart: [
    { number: 'AG-210', title: 'Grinder', quantity: 1, newPrice: 1295 },
    { number: 'AC-AP', title: 'Lab Apron, Heavy Canvas', quantity: 2, newPrice: 24.5 },
  ],
  shipping: {
    name: 'Ann Baker',
    address1: '1 Main St',
    city: 'Toledo',
    state: 'OH',
    postCode: '43612',
    country: 'US',
    phone: '+1 419 555 0199',
  },
  createdAt: '2026-01-02T10:00:00.000Z',
  status: 'paid',
  paidAt: '2026-01-02T10:00:05.000Z',
  discount: 89.4,
  freight: 0,
  paymentMethod: 'card',
  paymentTerms: null,
  paymentDueOn: null,
  couponCode: 'BLACK10',
  poNumber: 'PO 7781/B',
  paymentRetref: '123456789012',
  erpSyncStatus: 'synced',
  erpSalesOrderId: 'SO-1042',
  erpSyncedAt: '2026-03-02T15:04:00.000Z',
  erpSyncError: null,
  erpSyncAttempts: 1,
  canRetrySync: false,
  shippedAt: null,
  erpShipmentNumber: null,
  invoicedAt: null,
  erpInvoiceNumber: null,
  erpStatusCheckedAt: null,
  canMarkShipped: true,
  canMarkInvoiced: false,
};
const failedSync: OrderHistoryEntry = {
  ...paid,
  orderNumber: 'WEB-100001',
  customerName: 'Bo Chen',
  email: 'bo@example.com',
  discount: 0,
  couponCode: null,
  poNumber: null,
  shipping: { ...paid.shipping, name: 'Bo Chen', country: 'CA', city: 'Windsor', state: 'ON' },
  erpSyncStatus: 'failed',
  erpSalesOrderId: null,
  erpSyncedAt: null,
  erpSyncError: 'ERP answered 503',
  erpSyncAttempts: 8,
  canRetrySync: true,
  canMarkShipped: false,
};

const paidShipped: OrderHistoryEntry = {
  ...paid,
  shippedAt: '2026-03-03T16:00:00.000Z',
  erpShipmentNumber: 'SH-001042',
  erpStatusCheckedAt: '2026-03-03T16:00:00.000Z',
  canMarkShipped: false,
  canMarkInvoiced: true,
};

let fetchMock: ReturnType<typeof vi.fn>;
let answer: (url: URL) => Response | Promise<Response>;
let retryAnswer: () => Promise<Response>;

beforeEach(() => {
  answer = () => Response.json({ orders: [paid, failedSync], total: 2 });
  retryAnswer = async () =>
    Response.json({
      ...failedSync,
      erpSyncStatus: 'pending',
      erpSyncError: null,
      canRetrySync: false,
    });
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (init?.method === 'POST' && path === '/api/admin/orders/WEB-100001/retry-sync') {
      return retryAnswer();
    }
    if (init?.method === 'POST' && path === '/api/admin/orders/WEB-100002/mark-shipped') {
      answer = () => Response.json({ orders: [paidShipped, failedSync], total: 2 });
      return Response.json(paidShipped);
    }
    const url = new URL(path, 'http://shop.test');
    if (url.pathname === '/api/order-history') return answer(url);
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderScreen(path = '/') {
  return renderAdminRoutes([{ path: '/', element: <OrdersHistory /> }], path);
}

const historyCalls = () =>
  fetchMock.mock.calls
    .map(([path]) => new URL(path as string, 'http://shop.test'))
    .filter((url) => url.pathname === '/api/order-history');

/** The open dialog (jsdom does not hide closed ones from role queries, so look for [open]). */
function openDialog(): HTMLDialogElement | null {
  return document.querySelector('[data-print-dialog] > dialog[open]');
}

describe('OrdersHistory', () => {
  it('lists orders with customer, PO number, amount, status, retref and sync state', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const row = within(table).getByRole('row', { name: /WEB-100002/ });
    expect(row.textContent).toContain('Ann Baker');
    expect(row.textContent).toContain('ann@example.com');
    expect(row.textContent).toContain('Retail · WEBABC');
    expect(row.textContent).toContain('PO number: PO 7781/B');
    expect(row.textContent).toContain('$1,254.60');
    expect(row.textContent).toContain('BLACK10 −$89.40');
    expect(row.textContent).toContain('Paid');
    expect(row.textContent).toContain('123456789012');
    expect(row.textContent).toContain('Synced');
    // When it synced, in words; not the ERP's internal id.
    expect(row.textContent).not.toContain('SO-1042');
    expect(row.textContent).toMatch(/Syncedon Mar \d, 2026/);
    expect(row.querySelector('time[datetime="2026-03-02T15:04:00.000Z"]')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Retry sync/ })).toBeNull();
    expect(screen.getByText('2 orders.')).toBeTruthy();
    expect(historyCalls()[0]?.searchParams.get('page')).toBe('1');
  });

  it('shows a failed sync with its error, queues it again and updates the row', async () => {
    let release: (response: Response) => void = () => {};
    retryAnswer = () => new Promise<Response>((resolve) => (release = resolve));
    renderScreen();
    const row = await screen.findByRole('row', { name: /WEB-100001/ });
    expect(row.textContent).toContain('ERP answered 503');
    expect(row.textContent).toContain('8 attempts');
    // The list read after the retry is held back: the row must change before it arrives.
    let releaseList: (response: Response) => void = () => {};
    answer = () => new Promise<Response>((resolve) => (releaseList = resolve));
    const callsBefore = historyCalls().length;
    fireEvent.click(within(row).getByRole('button', { name: 'Retry sync of order WEB-100001' }));
    expect(
      (await within(row).findByRole('button', { name: /Retrying/ })).hasAttribute('disabled'),
    ).toBe(true);
    release(
      Response.json({
        ...failedSync,
        erpSyncStatus: 'pending',
        erpSyncError: null,
        canRetrySync: false,
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(
        ORDERS_MESSAGES.retried('WEB-100001'),
      ),
    );
    const updated = screen.getByRole('row', { name: /WEB-100001/ });
    expect(updated.textContent).toContain('Pending');
    expect(updated.textContent).not.toContain('ERP answered 503');
    expect(within(updated).queryByRole('button', { name: /Retry sync/ })).toBeNull();
    // ...then the list is read again.
    await waitFor(() => expect(historyCalls().length).toBeGreaterThan(callsBefore));
    releaseList(
      Response.json({
        orders: [paid, { ...failedSync, erpSyncStatus: 'synced', erpSyncError: null }],
        total: 2,
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /WEB-100001/ }).textContent).toContain('Synced'),
    );
  });

  it('marks a synced order shipped in the built-in ERP, then offers to mark it invoiced', async () => {
    renderScreen();
    const row = await screen.findByRole('row', { name: /WEB-100002/ });
    expect(within(row).queryByRole('button', { name: /Mark invoiced/ })).toBeNull();
    // The order with the failed sync cannot be marked.
    const failed = screen.getByRole('row', { name: /WEB-100001/ });
    expect(within(failed).queryByRole('button', { name: /Mark/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Mark shipped order WEB-100002' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(
        ORDERS_MESSAGES.markedShipped('WEB-100002'),
      ),
    );
    const updated = screen.getByRole('row', { name: /WEB-100002/ });
    expect(updated.textContent).toMatch(/Shipped SH-001042 Mar \d, 2026/);
    expect(within(updated).queryByRole('button', { name: /Mark shipped/ })).toBeNull();
    expect(
      within(updated).getByRole('button', { name: 'Mark invoiced order WEB-100002' }),
    ).toBeTruthy();
  });

  it('says why a retry failed', async () => {
    retryAnswer = async () => Response.json({ error: 'Order not found.' }, { status: 404 });
    renderScreen();
    const row = await screen.findByRole('row', { name: /WEB-100001/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Retry sync of order WEB-100001' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Order not found.',
      ),
    );
  });

  it('opens the cart of an order in a modal with items, sums and coupon, and closes it', async () => {
    renderScreen();
    const row = await screen.findByRole('row', { name: /WEB-100002/ });
    fireEvent.click(within(row).getByRole('button', { name: 'View Cart of order WEB-100002' }));

    const dialog = openDialog();
    expect(dialog).not.toBeNull();
    const modal = within(dialog!);
    expect(modal.getByRole('heading', { name: 'Cart of order WEB-100002' })).toBeTruthy();
    const items = modal.getByRole('table', { name: 'Items of order WEB-100002' });
    const apron = within(items).getByRole('row', { name: /Lab Apron/ });
    expect(
      within(apron)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '$24.50', '$49.00']);
    expect(within(items).getByRole('row', { name: /Grinder/ }).textContent).toContain('$1,295.00');
    expect(within(items).getByRole('row', { name: /Subtotal/ }).textContent).toContain('$1,344.00');
    expect(
      within(items).getByRole('row', { name: /Discount \(coupon BLACK10\)/ }).textContent,
    ).toContain('−$89.40');
    expect(within(items).getByRole('row', { name: /Order total/ }).textContent).toContain(
      '$1,254.60',
    );
    // The dialog sits in <body> in the box the print rules look for.
    expect(dialog!.parentElement?.parentElement).toBe(document.body);

    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(modal.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(openDialog()).not.toBeNull();

    // Close submits the dialog's own form (method="dialog"), which the browser turns into close().
    const close = modal.getByRole('button', { name: 'Close' });
    expect(close.closest('form')?.getAttribute('method')).toBe('dialog');
    dialog!.close();
    await waitFor(() => expect(openDialog()).toBeNull());
  });

  it("opens an order's shipping address and contact in a modal", async () => {
    renderScreen();
    const row = await screen.findByRole('row', { name: /WEB-100001/ });
    fireEvent.click(within(row).getByRole('button', { name: 'View Address of order WEB-100001' }));

    const modal = within(openDialog()!);
    expect(modal.getByRole('heading', { name: 'Address of order WEB-100001' })).toBeTruthy();
    const shipping = modal.getByRole('region', { name: 'Shipping address' });
    const text = shipping.textContent ?? '';
    for (const value of ['Bo Chen', '1 Main St', 'Windsor', 'ON', '43612', 'Canada']) {
      expect(text).toContain(value);
    }
    expect(within(shipping).getByRole('link', { name: '+1 419 555 0199' })).toBeTruthy();
    const contact = modal.getByRole('region', { name: 'Order contact' });
    expect(within(contact).getByRole('link', { name: 'bo@example.com' }).getAttribute('href')).toBe(
      'mailto:bo@example.com',
    );
    expect(
      within(contact).getByRole('link', { name: '+1 419 555 0100' }).getAttribute('href'),
    ).toBe('tel:+14195550100');

    // Escape (the dialog's cancel) closes it too; another order's cart opens in its place.
    openDialog()!.close();
    await waitFor(() => expect(openDialog()).toBeNull());
    const other = screen.getByRole('row', { name: /WEB-100002/ });
    fireEvent.click(within(other).getByRole('button', { name: 'View Cart of order WEB-100002' }));
    expect(
      within(openDialog()!).getByRole('heading', { name: 'Cart of order WEB-100002' }),
    ).toBeTruthy();
  });

  it('searches, keeps the search in the address and exports the matches', async () => {
    answer = (url) =>
      Response.json({ orders: url.searchParams.get('search') ? [paid] : [], total: 26 });
    const router = renderScreen('/?search=ann&page=2');
    await screen.findByRole('row', { name: /WEB-100002/ });
    const first = historyCalls()[0]!;
    expect(first.searchParams.get('search')).toBe('ann');
    expect(first.searchParams.get('page')).toBe('2');
    expect(screen.getByText('26 orders match “ann”, page 2 of 2.')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download CSV' });
    expect(download.getAttribute('href')).toBe('/api/order-history/export?search=ann');
    expect(download.getAttribute('download')).toBe('orders_history.csv');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), {
      target: { value: 'WEB-1000' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?search=WEB-1000'));
  });

  it('says when there are no orders', async () => {
    answer = () => Response.json({ orders: [], total: 0 });
    renderScreen();
    expect(await screen.findByText(ORDERS_MESSAGES.empty)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the orders cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = () => Response.json({ error: 'Server error' }, { status: 500 });
    renderScreen();
    const message = await screen.findByText(ORDERS_MESSAGES.loadFailed);
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
