import type { ErpSyncDetail, ErpSyncSummary } from '@labshop/shared/schemas/erp';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdminRoutes } from '../../admin/components/screen-test-support.tsx';
import { ErpSyncDetailScreen } from './erp-sync-detail.tsx';
import { ErpSyncsList } from './erp-syncs-list.tsx';

const prices: ErpSyncSummary = {
  id: '0b5c2f9e-1111-4a4a-8a8a-000000000001',
  kind: 'prices',
  status: 'succeeded',
  startedBy: 'admin@labshop.example',
  startedAt: '2026-01-02T10:00:00.000Z',
  finishedAt: '2026-01-02T10:00:04.000Z',
  total: 76,
  processed: 76,
  updated: 8,
  unchanged: 67,
  failed: 1,
  error: null,
};
const failedRefresh: ErpSyncSummary = {
  ...prices,
  id: '0b5c2f9e-1111-4a4a-8a8a-000000000002',
  kind: 'customers',
  status: 'failed',
  total: 0,
  processed: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  error: 'Business Central could not be reached: the request timed out after 10 s',
};
const detail: ErpSyncDetail = {
  ...prices,
  items: [
    {
      number: 'VB-16',
      title: 'Vibrator',
      outcome: 'updated',
      before: { newPrice: 100, wholesalePrice: 80, partnerPricex3: null },
      after: { newPrice: 104, wholesalePrice: 80, partnerPricex3: null },
      error: null,
    },
    {
      number: 'AG-210-LH',
      title: 'Grinder, left hand',
      outcome: 'failed',
      before: { newPrice: 1295, wholesalePrice: 1100, partnerPricex3: null },
      after: null,
      error: 'not in Business Central',
    },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (path: string) => {
    const url = new URL(path, 'http://shop.test');
    if (url.pathname === '/api/erp-syncs') {
      const kind = url.searchParams.get('kind');
      const syncs = [prices, failedRefresh].filter((sync) => !kind || sync.kind === kind);
      return Response.json({ syncs, total: syncs.length });
    }
    if (url.pathname === `/api/erp-syncs/${prices.id}`) return Response.json(detail);
    if (url.pathname.startsWith('/api/erp-syncs/')) {
      return Response.json({ error: 'Sync not found.' }, { status: 404 });
    }
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(entry: string) {
  return renderAdminRoutes(
    [
      { path: '/admin/erp-syncs', element: <ErpSyncsList /> },
      {
        path: '/admin/erp-syncs/:id',
        Component: function Detail() {
          return <ErpSyncDetailScreen id={useParams().id ?? ''} />;
        },
      },
    ],
    entry,
  );
}

describe('Sync History', () => {
  it('lists the syncs with who, status, counts and the error, and filters by kind', async () => {
    const router = renderAt('/admin/erp-syncs');
    const table = await screen.findByRole('table', { name: 'Syncs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Prices');
    expect(rows[0]?.textContent).toContain('Succeeded');
    expect(rows[0]?.textContent).toContain('8 updated · 67 unchanged · 1 failed, of 76 products');
    expect(rows[1]?.textContent).toContain('Failed');
    expect(rows[1]?.textContent).toContain('the request timed out after 10 s');

    fireEvent.click(screen.getByRole('button', { name: 'Customers' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(router.state.location.search).toBe('?kind=customers');
    expect(screen.getByRole('button', { name: 'Customers' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it("opens a sync: each product's prices before and after, failures first", async () => {
    renderAt(`/admin/erp-syncs/${prices.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: /Prices sync/ })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Products of this sync' });
    // Failures are what the admin comes for: shown first.
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    const failed = within(table).getByRole('row', { name: /AG-210-LH/ });
    expect(failed.textContent).toContain('not in Business Central');

    fireEvent.click(screen.getByRole('button', { name: 'All (2)' }));
    const updated = within(table).getByRole('row', { name: /VB-16/ });
    expect(updated.textContent).toContain('$100.00');
    expect(updated.textContent).toContain('to $104.00');
  });

  it('says when a sync does not exist', async () => {
    renderAt('/admin/erp-syncs/nope');
    expect(await screen.findByText('Sync not found.')).toBeTruthy();
  });
});
