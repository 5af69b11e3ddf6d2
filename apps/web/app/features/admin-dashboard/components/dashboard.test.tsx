import { DASHBOARD_DAYS, ORDERS_MESSAGES, type Dashboard } from '@labshop/shared/schemas/orders';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdminRoutes } from '../../admin/components/screen-test-support.tsx';
import { AdminDashboard } from './dashboard.tsx';
import { niceCeiling } from './daily-chart.tsx';

/** 90 days ending 2026-03-31; orders on the 1st of March and on the last day. */
function days(): Dashboard['days'] {
  const end = Date.UTC(2026, 2, 31);
  return Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
    const date = new Date(end - (DASHBOARD_DAYS - 1 - index) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    if (date === '2026-03-01') return { date, orders: 2, revenue: 310.5 };
    if (date === '2026-03-31') return { date, orders: 1, revenue: 1295 };
    return { date, orders: 0, revenue: 0 };
  });
}

const dashboard: Dashboard = {
  timeZone: 'America/New_York',
  days: days(),
  totals: { orders: 3, revenue: 1605.5 },
  topProducts: [
    { number: 'AG-210', title: 'Grinder', quantity: 1, revenue: 1295 },
    { number: 'AC-AP', title: 'Lab Apron, Heavy Canvas', quantity: 4, revenue: 96 },
  ],
  subscribers: 41,
  pendingErpSyncs: 1,
  failedErpSyncs: 2,
  products: 76,
  categories: 9,
  paidOrders: 12,
  cardDeclines: { count: 2, threshold: 10, windowMinutes: 60 },
};

let answer: () => Response;

beforeEach(() => {
  answer = () => Response.json(dashboard);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      path === '/api/admin/dashboard' ? answer() : new Response(null, { status: 404 }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDashboard() {
  renderAdminRoutes([{ path: '/admin', element: <AdminDashboard /> }], '/admin');
}

describe('AdminDashboard', () => {
  it('shows the counts, each linking to its screen', async () => {
    renderDashboard();
    const counts = await screen.findByRole('list', { name: 'Counts' });
    // jsdom joins the card's lines without spaces; a browser reads 'Paid orders 12 ...'.
    const link = (name: RegExp) => within(counts).getByRole('link', { name });
    expect(link(/^Paid orders\s*12/).getAttribute('href')).toBe('/admin/orders-history');
    expect(link(/^ERP syncs pending\s*1/).getAttribute('href')).toBe('/admin/orders-history');
    expect(link(/^ERP syncs failed\s*2/).getAttribute('href')).toBe('/admin/orders-history');
    expect(link(/^Newsletter: subscribed\s*41/).getAttribute('href')).toBe('/admin/newsletter');
    expect(link(/^Products\s*76/).getAttribute('href')).toBe('/admin/products');
    expect(link(/^Categories\s*9/).getAttribute('href')).toBe('/admin/categories');
    expect(screen.getByTestId('total-orders').textContent).toBe('3');
    expect(screen.getByTestId('total-revenue').textContent).toBe('$1,605.50');
  });

  it('draws 90 days: a bar per day with revenue, a line through every day, the numbers table', async () => {
    renderDashboard();
    const chart = await screen.findByTestId('daily-chart');
    const bars = chart.querySelectorAll('rect[data-day]');
    expect([...bars].map((bar) => bar.getAttribute('data-day'))).toEqual([
      '2026-03-01',
      '2026-03-31',
    ]);
    // The biggest day's bar reaches the top of the scale ($1,295 -> $2,000 at the top).
    expect(Number(bars[1]!.getAttribute('height'))).toBeCloseTo((1295 / 2000) * 100);
    const points = screen.getByTestId('orders-line').getAttribute('points')!.split(' ');
    expect(points).toHaveLength(DASHBOARD_DAYS);
    // Month starts label the time axis.
    expect(chart.textContent).toContain('Feb 1');
    expect(chart.textContent).toContain('Mar 1');

    const table = screen.getByRole('table', { name: 'Orders and revenue per day' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(DASHBOARD_DAYS);
    expect(rows.at(-1)!.textContent).toBe('Tue, Mar 31, 20261$1,295.00');
  });

  it("tells a day's numbers on focus and with the arrow keys", async () => {
    renderDashboard();
    const chart = await screen.findByTestId('daily-chart');
    fireEvent.focus(chart);
    expect(screen.getByTestId('chart-tooltip').textContent).toContain('Tue, Mar 31, 2026');
    expect(screen.getByTestId('chart-tooltip').textContent).toContain('$1,295.00');
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(screen.getByTestId('chart-tooltip').textContent).toContain('Thu, Jan 1, 2026');
    expect(chart.textContent).toContain('Thu, Jan 1, 2026: 0 orders, $0.00 revenue');
    fireEvent.blur(chart);
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
  });

  it('warns of card testing when the declines of the alert window reach the threshold', async () => {
    renderDashboard();
    await screen.findByRole('list', { name: 'Counts' });
    expect(screen.queryByText(/declines in the last/)).toBeNull();
    cleanup();

    answer = () =>
      Response.json({
        ...dashboard,
        cardDeclines: { count: 10, threshold: 10, windowMinutes: 60 },
      });
    renderDashboard();
    await screen.findByRole('list', { name: 'Counts' });
    const alert = screen.getAllByRole('alert').find((region) => region.textContent !== '');
    expect(alert?.textContent).toContain('Card payments: 10 declines in the last 60 minutes.');
    expect(alert?.textContent).toContain('testing stolen card numbers');
  });

  it('lists the top products and the screens', async () => {
    renderDashboard();
    const top = await screen.findByRole('table', { name: 'Top products by revenue' });
    const rows = within(top).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'GrinderAG-2101$1,295.00',
      'Lab Apron, Heavy CanvasAC-AP4$96.00',
    ]);
    const screens = screen.getByRole('navigation', { name: 'Screens' });
    expect(
      within(screens)
        .getByRole('link', { name: /Orders History/ })
        .getAttribute('href'),
    ).toBe('/admin/orders-history');
  });

  it('says when the dashboard cannot be loaded, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = () => Response.json({ error: 'Server error' }, { status: 500 });
    renderDashboard();
    expect(await screen.findByText(ORDERS_MESSAGES.dashboardLoadFailed)).toBeTruthy();
    answer = () => Response.json(dashboard);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('total-orders').textContent).toBe('3'));
  });
});

describe('niceCeiling', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 12, 1295, 2500, 0.3].map(niceCeiling)).toEqual([
      0, 1, 5, 10, 20, 2000, 2500, 0.5,
    ]);
  });
});
