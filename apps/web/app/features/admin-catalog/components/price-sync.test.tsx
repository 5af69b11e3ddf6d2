import type {
  ErpSyncDetail,
  ErpSyncSummary,
  PricePreview,
  PriceSyncResult,
} from '@labshop/shared/schemas/erp';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdminRoutes } from '../../admin/components/screen-test-support.tsx';
import { ApiError } from '../../admin/api/http.ts';
import { ConfirmProvider } from '../../admin/components/confirm-dialog.tsx';
import { installDialogStubs } from '../../admin/components/dialog-test-support.ts';
import {
  finishedSyncFeedback,
  mappingText,
  priceSyncErrorFeedback,
  priceSyncFeedback,
  PriceSyncPanel,
} from './price-sync.tsx';

const result: PriceSyncResult = {
  updated: 3,
  failed: 2,
  failures: ['AG-150 (not in Business Central)', 'PL-20 (blocked in Business Central)'],
  unchanged: 71,
  syncId: 'sync-1',
};

const running: ErpSyncSummary = {
  id: 'sync-other',
  kind: 'prices',
  status: 'running',
  startedBy: 'other-admin@labshop.example',
  startedAt: '2026-01-02T10:00:00.000Z',
  finishedAt: null,
  total: 76,
  processed: 19,
  updated: 2,
  unchanged: 17,
  failed: 0,
  error: null,
};

describe('price sync messages (SPEC.md section 8, "Products")', () => {
  it("says 'Updated N products' and, when some failed, 'N failures: list'", () => {
    expect(priceSyncFeedback(result)).toEqual({
      kind: 'warning',
      lines: [
        'Updated 3 products',
        '2 failures: AG-150 (not in Business Central), PL-20 (blocked in Business Central)',
        '71 already up to date',
      ],
    });
    expect(priceSyncFeedback({ updated: 74, failed: 0, failures: [], unchanged: 0 })).toEqual({
      kind: 'success',
      lines: ['Updated 74 products'],
    });
    // The spec's answer without our fields still reads right.
    expect(priceSyncFeedback({ updated: 0, failed: 1, failures: ['X'] }).lines).toEqual([
      'Updated 0 products',
      '1 failures: X',
    ]);
  });

  it("says 'Error:' plus the server's message or the status text", () => {
    expect(priceSyncErrorFeedback(new ApiError('A price sync is already running.', 409))).toEqual({
      kind: 'error',
      lines: ['Error: A price sync is already running.'],
    });
    expect(priceSyncErrorFeedback(new ApiError('Service Unavailable', 503)).lines).toEqual([
      'Error: Service Unavailable',
    ]);
    expect(priceSyncErrorFeedback('?').lines).toEqual(['Error: Unknown error']);
  });

  it("tells another admin's finished sync from its ledger entry", () => {
    const detail: ErpSyncDetail = {
      ...running,
      status: 'succeeded',
      finishedAt: '2026-01-02T10:00:09.000Z',
      processed: 76,
      updated: 5,
      unchanged: 70,
      failed: 1,
      items: [
        {
          number: 'AG-150',
          title: 'Grinder',
          outcome: 'failed',
          before: null,
          after: null,
          error: 'not in Business Central',
        },
      ],
    };
    expect(finishedSyncFeedback(detail).lines).toEqual([
      'The price sync other-admin@labshop.example started has finished.',
      'Updated 5 products',
      '1 failures: AG-150 (not in Business Central)',
      '70 already up to date',
    ]);
    expect(
      finishedSyncFeedback({ ...detail, status: 'failed', error: 'token refused', items: [] }),
    ).toEqual({
      kind: 'error',
      lines: [
        'The price sync other-admin@labshop.example started has finished.',
        'Error: token refused',
      ],
    });
  });

  it('names the ERP price behind each shop price', () => {
    expect(mappingText('unitPrice')).toBe('unit price');
    expect(mappingText('keep')).toBe('not synced');
    expect(mappingText('priceList:DEALER')).toBe('price list DEALER');
    expect(mappingText('priceList:DEALER:3')).toBe('price list DEALER from 3 units');
  });
});

const preview: PricePreview = {
  changes: [
    {
      number: 'AG-210',
      title: 'Alloy Grinder',
      before: { newPrice: 1295, wholesalePrice: 1100, partnerPricex3: null },
      after: { newPrice: 1349.5, wholesalePrice: 1100, partnerPricex3: null },
    },
  ],
  unchanged: 74,
  failures: [{ number: 'PL-20', title: 'Plaster Trap', reason: 'blocked in Business Central' }],
  missingInShop: [{ number: 'ZZ-1', displayName: 'Service hour' }],
  mapping: { newPrice: 'unitPrice', wholesalePrice: 'keep', partnerPricex3: 'keep' },
  confirmation: 'preview-1',
};

let current: () => Response;
let sync: () => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  current = () => Response.json({ sync: null });
  sync = () => Response.json(result);
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/erp-syncs/current?kind=prices') return current();
    if (path === '/api/products/update-prices' && init?.method === 'POST') return sync();
    if (path === '/api/products/update-prices/preview' && init?.method === 'POST') {
      return Response.json(preview);
    }
    if (path === '/api/erp-syncs/sync-other') {
      return Response.json({
        ...running,
        status: 'succeeded',
        processed: 76,
        updated: 4,
        unchanged: 72,
        items: [],
      });
    }
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  restoreDialogs = installDialogStubs();
});

let restoreDialogs: () => void;

afterEach(() => {
  cleanup();
  restoreDialogs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPanel() {
  renderAdminRoutes(
    [
      {
        path: '/',
        element: (
          <ConfirmProvider>
            <PriceSyncPanel />
          </ConfirmProvider>
        ),
      },
    ],
    '/',
  );
}

const syncRequests = () =>
  fetchMock.mock.calls.filter(([path]) => path === '/api/products/update-prices');
const syncCalls = () => syncRequests().length;

/** Clicks 'Sync All Prices from BC' and answers its confirm with `answer`. */
async function startSync(answer: RegExp | string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Sync All Prices from BC' }));
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: answer }));
  return dialog;
}

describe('PriceSyncPanel', () => {
  it("reads 'Updating...' while it runs, then tells the outcome", async () => {
    let release: (response: Response) => void = () => {};
    sync = () => new Promise<Response>((resolve) => (release = resolve));
    renderPanel();
    await startSync('Update 1 product');
    const busy = await screen.findByRole('button', { name: 'Updating...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Price sync progress' })).toBeTruthy();

    release(Response.json(result));
    const status = await screen.findByText('Updated 3 products');
    expect(status.closest('[role="status"]')?.textContent).toContain(
      '2 failures: AG-150 (not in Business Central), PL-20 (blocked in Business Central)',
    );
    expect(
      screen
        .getByRole('link', { name: 'Product by product results of this sync' })
        .getAttribute('href'),
    ).toBe('/admin/erp-syncs/sync-1');
    expect(
      (screen.getByRole('button', { name: 'Sync All Prices from BC' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it("says 'Error:' with the server's message when the sync fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sync = () =>
      Response.json(
        { error: 'Business Central could not be reached: the token was refused' },
        { status: 503 },
      );
    renderPanel();
    await startSync('Update 1 product');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Error: Business Central could not be reached: the token was refused',
    );
  });

  it("shows another admin's running sync and keeps the button disabled until it ends", async () => {
    current = () => Response.json({ sync: running });
    renderPanel();
    const bar = await screen.findByRole('progressbar', { name: 'Price sync progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('19');
    expect(bar.getAttribute('aria-valuemax')).toBe('76');
    expect(screen.getByText(/19 of 76 products/)).toBeTruthy();
    expect(screen.getByText('Started by other-admin@labshop.example')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Updating...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    // It finishes: the bar goes, the button comes back, and its outcome is told.
    current = () => Response.json({ sync: null });
    expect(
      await screen.findByText(
        'The price sync other-admin@labshop.example started has finished.',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Updated 4 products')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Sync All Prices from BC' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
    expect(syncCalls()).toBe(0);
  });

  it('asks first, saying how many products would change; Cancel changes nothing', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Sync All Prices from BC' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Change the prices of 1 product now?',
    });
    expect(dialog.textContent).toContain('74 already up to date; 1 product cannot be updated');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    expect(syncCalls()).toBe(0);
    expect(screen.queryByText(/Updated/)).toBeNull();

    // Confirmed: the sync carries the confirmation of the preview it asked about.
    await startSync('Update 1 product');
    expect(await screen.findByText('Updated 3 products')).toBeTruthy();
    expect(syncRequests()).toHaveLength(1);
    expect(JSON.parse(String(syncRequests()[0]![1]?.body))).toEqual({
      confirmation: 'preview-1',
    });
  });

  it("says 'Error:' and does not ask when the preview cannot be read", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockImplementation(async (path: string, init?: RequestInit) => {
      if (path === '/api/products/update-prices/preview' && init?.method === 'POST') {
        return Response.json({ error: 'Business Central did not answer' }, { status: 503 });
      }
      return path === '/api/erp-syncs/current?kind=prices'
        ? Response.json({ sync: null })
        : new Response(null, { status: 404 });
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Sync All Prices from BC' }));
    // (The closed preview dialog holds the same text.)
    const shown = await screen.findAllByText('Error: Business Central did not answer');
    expect(shown.some((element) => !element.closest('dialog'))).toBe(true);
    expect(document.querySelector('dialog[role="alertdialog"][open]')).toBeNull();
    expect(syncCalls()).toBe(0);
  });

  it('previews the changes in a dialog and applies them', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Preview changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview of the price sync' });
    const table = await within(dialog).findByRole('table', { name: 'Price changes' });
    const row = within(table).getByRole('row', { name: /AG-210/ });
    expect(row.textContent).toContain('$1,295.00');
    expect(row.textContent).toContain('$1,349.50');
    // Prices the sync keeps are not columns of the preview.
    expect(within(table).queryByRole('columnheader', { name: 'Wholesale Price' })).toBeNull();
    expect(dialog.textContent).toContain('PL-20 Plaster Trap: blocked in Business Central');
    expect(dialog.textContent).toContain('ZZ-1 Service hour');
    expect(dialog.textContent).toContain('74 already up to date');
    expect(syncCalls()).toBe(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Updated 3 products')).toBeTruthy();
    expect(syncCalls()).toBe(1);
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
  });
});
