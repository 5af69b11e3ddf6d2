import { QUOTE_MESSAGES, type Quote } from '@labshop/shared/schemas/quotes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../admin/components/confirm-dialog.tsx';
import { installDialogStubs } from '../../admin/components/dialog-test-support.ts';
import { renderAdminRoutes } from '../../admin/components/screen-test-support.tsx';
import { QuoteEditorScreen } from './quote-editor.tsx';

const quote: Quote = {
  number: 'Q-100001',
  status: 'requested',
  requestedAt: '2026-11-20T15:00:00.000Z',
  validUntil: '2099-12-31',
  email: 'buyer1@lab1.example',
  customerName: 'Lab One Dental',
  customerNumber: 'C10001',
  poNumber: 'PO-77',
  itemCount: 3,
  total: 1344,
  orderNumber: null,
  message: 'Can you do better on the grinder?',
  note: '',
  sentAt: null,
  acceptedAt: null,
  declinedAt: null,
  shipTo: {
    firstName: 'Ann',
    lastName: 'Baker',
    phone: '+1 419 555 0100',
    address: '1 Main St',
    city: 'Toledo',
    state: 'OH',
    zip: '43612',
    country: 'US',
  },
  lines: [
    {
      number: 'AG-210',
      title: 'Alloy Grinder',
      quantity: 1,
      unitPrice: 1295,
      lineTotal: 1295,
      listPrice: 1295,
    },
    {
      number: 'AC-AP',
      title: 'Lab Apron',
      quantity: 2,
      unitPrice: 24.5,
      lineTotal: 49,
      listPrice: 24.5,
    },
  ],
  subtotal: 1344,
  freight: null,
  canAccept: false,
  canPay: false,
};

let fetchMock: ReturnType<typeof vi.fn>;
const OHIO_LINES = 'country=US&state=OH&item=AG-210%3A1&item=AC-AP%3A2';
let current: Quote;
let restoreDialogs: () => void;

beforeEach(() => {
  current = quote;
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    // The freight table's rate for the lines to Ohio: one grinder and the aprons, 40 lb.
    if (path.startsWith('/api/freight-estimate?')) {
      const weighsTheLines = path === `/api/freight-estimate?${OHIO_LINES}`;
      return Response.json(
        weighsTheLines
          ? { freight: 45, zone: 'Midwest', weightLb: 40, reason: null }
          : { freight: null, zone: 'Midwest', weightLb: 172, reason: 'too-heavy' },
      );
    }
    if (path !== '/api/admin/quotes/Q-100001' && path !== '/api/admin/quotes/Q-100001/send') {
      return Response.json({ error: QUOTE_MESSAGES.adminNotFound }, { status: 404 });
    }
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as {
        lines: { number: string; quantity: number; unitPrice: number }[];
        freight: number | null;
        validUntil: string | null;
        note: string;
      };
      const lines = body.lines.map((line) => ({
        ...line,
        title: quote.lines.find((known) => known.number === line.number)?.title ?? line.number,
        listPrice: null,
        lineTotal: line.quantity * line.unitPrice,
      }));
      const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
      current = {
        ...current,
        lines,
        subtotal,
        freight: body.freight,
        total: subtotal + (body.freight ?? 0),
        validUntil: body.validUntil,
        note: body.note,
      };
      return Response.json(current);
    }
    if (init?.method === 'POST') {
      current = { ...current, status: 'sent', sentAt: '2026-11-21T10:00:00.000Z' };
      return Response.json(current);
    }
    return Response.json(current);
  });
  vi.stubGlobal('fetch', fetchMock);
  restoreDialogs = installDialogStubs();
});

afterEach(() => {
  cleanup();
  restoreDialogs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderEditor(number = 'Q-100001') {
  return renderAdminRoutes(
    [
      {
        path: '/admin/quotes/:number',
        element: (
          <ConfirmProvider>
            <QuoteEditorScreen number={number} />
          </ConfirmProvider>
        ),
      },
    ],
    `/admin/quotes/${number}`,
  );
}

const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === method);

/** The totals' text as the editor shows them: 'Subtotal$1.00FreightNoneTotal$1.00'. */
function totalsText(): string {
  const total = screen.getByText('Total', { selector: 'dt' });
  return total.closest('dl')?.textContent ?? '';
}

describe('QuoteEditorScreen', () => {
  it("shows the customer, ship-to, PO number and the customer's message", async () => {
    renderEditor();
    await screen.findByRole('table', { name: 'Quote lines' });
    expect(screen.getByText('Lab One Dental')).toBeTruthy();
    expect(screen.getByText('buyer1@lab1.example')).toBeTruthy();
    expect(screen.getByText('Customer number C10001')).toBeTruthy();
    expect(screen.getByText('1 Main St')).toBeTruthy();
    expect(screen.getByText('PO-77')).toBeTruthy();
    expect(screen.getByText('Can you do better on the grinder?')).toBeTruthy();
  });

  it('computes the total with freight as it is typed', async () => {
    renderEditor();
    await screen.findByRole('table', { name: 'Quote lines' });
    expect(totalsText()).toBe('Subtotal$1,344.00FreightNoneTotal$1,344.00');

    fireEvent.change(screen.getByLabelText('Quantity of Lab Apron'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Unit price of Alloy Grinder'), {
      target: { value: '1200' },
    });
    fireEvent.change(screen.getByLabelText(/^Freight/), { target: { value: '35.5' } });
    expect(totalsText()).toContain('Subtotal$1,298.00');
    expect(totalsText()).toContain('Freight$35.50');
    expect(totalsText()).toContain('Total$1,333.50');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it("offers the freight table's rate for the lines and ship-to, and takes it on Use", async () => {
    renderEditor();
    const line = await screen.findByTestId('table-freight');
    expect(line.textContent).toContain('Freight table: $45.00 for 40 lb to OH (Midwest).');
    fireEvent.click(within(line).getByRole('button', { name: 'Use $45.00' }));
    expect((screen.getByLabelText(/^Freight/) as HTMLInputElement).value).toBe('45.00');
    expect(totalsText()).toContain('Freight$45.00');

    // More aprons: the table has no rate above its last band, and says why.
    fireEvent.change(screen.getByLabelText('Quantity of Lab Apron'), { target: { value: '90' } });
    await waitFor(() =>
      expect(screen.getByTestId('table-freight').textContent).toBe(
        'Freight table: no rate, 172 lb is above the last band.',
      ),
    );
  });

  it('removes a line and PUTs the lines, freight, validity and note as dollars', async () => {
    renderEditor();
    await screen.findByRole('table', { name: 'Quote lines' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove Lab Apron' })[0]!);
    expect(screen.queryByLabelText('Quantity of Lab Apron')).toBeNull();
    expect(totalsText()).toContain('Total$1,295.00');

    fireEvent.change(screen.getByLabelText('Unit price of Alloy Grinder'), {
      target: { value: '1150.5' },
    });
    fireEvent.change(screen.getByLabelText('Product number'), { target: { value: 'PL-20' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Unit price'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    expect(screen.getByLabelText('Quantity of PL-20')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Freight/), { target: { value: '40' } });
    fireEvent.change(screen.getByLabelText('Valid until'), { target: { value: '2099-06-30' } });
    fireEvent.change(screen.getByLabelText(/^Note to the customer/), {
      target: { value: 'Price held until June.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Quote Q-100001 was saved.')).toBeTruthy();
    const [put] = calls('PUT');
    expect(put?.[0]).toBe('/api/admin/quotes/Q-100001');
    expect(JSON.parse((put?.[1] as RequestInit).body as string)).toEqual({
      lines: [
        { number: 'AG-210', quantity: 1, unitPrice: 1150.5 },
        { number: 'PL-20', quantity: 3, unitPrice: 10 },
      ],
      freight: 40,
      validUntil: '2099-06-30',
      note: 'Price held until June.',
    });
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it("shows the schema's message on a bad price and sends nothing", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderEditor();
    await screen.findByRole('table', { name: 'Quote lines' });
    const price = screen.getByLabelText('Unit price of Lab Apron');
    fireEvent.change(price, { target: { value: '12.505' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(QUOTE_MESSAGES.price)).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(calls('PUT')).toHaveLength(0);
  });

  it('saves the changes first, then sends, after a confirm', async () => {
    renderEditor();
    await screen.findByRole('table', { name: 'Quote lines' });
    fireEvent.change(screen.getByLabelText('Quantity of Lab Apron'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to customer' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('buyer1@lab1.example');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Quote Q-100001 was sent to buyer1@lab1.example.')).toBeTruthy();
    const methods = fetchMock.mock.calls
      .map(([, init]) => (init as RequestInit | undefined)?.method)
      .filter(Boolean);
    expect(methods).toEqual(['PUT', 'POST']);
    expect(calls('POST')[0]?.[0]).toBe('/api/admin/quotes/Q-100001/send');
  });

  it("tells the server's refusal of a send", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = fetchMock.getMockImplementation() as (
      path: string,
      init?: RequestInit,
    ) => Promise<Response>;
    fetchMock.mockImplementation(async (path: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? Response.json({ error: QUOTE_MESSAGES.closed }, { status: 409 })
        : answer(path, init),
    );
    renderEditor();
    await screen.findByRole('table', { name: 'Quote lines' });
    fireEvent.click(screen.getByRole('button', { name: 'Send to customer' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(QUOTE_MESSAGES.closed),
    );
    expect(screen.getByRole('alert').textContent).toContain('The quote could not be sent.');
  });

  it('shows an accepted quote read-only, with its order', async () => {
    current = { ...quote, status: 'accepted', orderNumber: 'WEB-100009', freight: 40, total: 1384 };
    renderEditor();
    await screen.findByRole('table', { name: 'Quote lines' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText(QUOTE_MESSAGES.closed)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'WEB-100009' }).getAttribute('href')).toBe(
      '/admin/orders-history?search=WEB-100009',
    );
    expect(totalsText()).toContain('Total$1,384.00');
  });

  it('says when there is no such quote', async () => {
    renderEditor('Q-999999');
    expect(await screen.findByText('There is no quote with the number Q-999999.')).toBeTruthy();
  });
});
