import { ERP_MESSAGES, type CustomerDto, type CustomersAnswer } from '@labshop/shared/schemas/erp';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdminRoutes } from '../../admin/components/screen-test-support.tsx';
import { telHref } from '../../../lib/phone.ts';
import { websiteHref } from './customer-card.tsx';
import { CUSTOMERS_MESSAGES, CustomersList, formatAge } from './customers-list.tsx';

const CITIES = ['Tampa', 'Chicago', 'Denver'];

function customer(n: number): CustomerDto {
  return {
    displayName: `Customer ${String(n).padStart(2, '0')}`,
    type: n % 2 ? 'Company' : 'Person',
    addressLine1: `${n} Main Street`,
    addressLine2: '',
    city: CITIES[n % 3] ?? '',
    state: 'FL',
    country: 'US',
    phoneNumber: `+1 813 555 01${String(n).padStart(2, '0')}`,
    email: `buyer${n}@lab${n}.example`,
    website: n === 1 ? 'lab1.example' : '',
  };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function answerOf(count: number, overrides: Partial<CustomersAnswer> = {}): CustomersAnswer {
  return {
    value: Array.from({ length: count }, (_, i) => customer(i + 1)),
    source: 'business-central',
    refreshedAt: minutesAgo(3),
    refreshError: null,
    ...overrides,
  };
}

let listAnswer: () => Response | Promise<Response>;
let currentAnswer: () => Response = () => Response.json({ sync: null });
let refreshAnswer: () => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  currentAnswer = () => Response.json({ sync: null });
  listAnswer = () => Response.json(answerOf(23));
  refreshAnswer = () => Response.json(answerOf(23, { refreshedAt: new Date().toISOString() }));
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/customers' && !init?.method) return listAnswer();
    if (path === '/api/customers/refresh' && init?.method === 'POST') return refreshAnswer();
    if (path === '/api/erp-syncs/current?kind=customers') return currentAnswer();
    if (path.startsWith('/api/admin/customer-orders?')) {
      // Customer 01 (buyer1@lab1.example) has two paid orders in the shop; the others none.
      const emails = new URL(path, 'http://shop.test').searchParams.getAll('email');
      return Response.json({
        customers: emails.map((email) =>
          email === 'buyer1@lab1.example'
            ? { email, orders: 2, lastOrderAt: '2026-11-20T15:00:00.000Z' }
            : { email, orders: 0, lastOrderAt: null },
        ),
      });
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

function renderScreen(entry = '/admin/customers') {
  return renderAdminRoutes([{ path: '/admin/customers', element: <CustomersList /> }], entry);
}

const cards = () =>
  within(screen.getByRole('list', { name: 'Customers' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

const refreshCalls = () =>
  fetchMock.mock.calls.filter(([path]) => path === '/api/customers/refresh').length;

describe('CustomersList', () => {
  it("says the spec's loading text until the list arrives", async () => {
    let release: (response: Response) => void = () => {};
    listAnswer = () => new Promise<Response>((resolve) => (release = resolve));
    renderScreen();
    expect(await screen.findByText(ERP_MESSAGES.customersLoading)).toBeTruthy();
    release(Response.json(answerOf(3)));
    expect(await screen.findByText('3 customers.')).toBeTruthy();
    expect(screen.queryByText(ERP_MESSAGES.customersLoading)).toBeNull();
  });

  it('shows 10 cards per page with the copy’s age, and pages with links', async () => {
    const router = renderScreen();
    expect(await screen.findByText('23 customers, page 1 of 3.')).toBeTruthy();
    expect(cards()).toHaveLength(10);
    expect(cards()[0]).toBe('Customer 01');
    expect(screen.getByText(/Copy from Business Central, refreshed/).textContent).toContain(
      '3 minutes ago',
    );
    // A fresh copy is not refreshed on opening.
    expect(refreshCalls()).toBe(0);

    const nav = screen.getByRole('navigation', { name: 'Customer pages' });
    const pageLinks = within(nav).getAllByRole('link', { name: /^Page \d+$/ });
    expect(pageLinks.map((link) => link.textContent)).toEqual(['1', '2', '3']);
    expect(within(nav).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe(
      'page',
    );

    fireEvent.click(within(nav).getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByText('23 customers, page 3 of 3.')).toBeTruthy();
    expect(cards()).toEqual(['Customer 21', 'Customer 22', 'Customer 23']);
    expect(router.state.location.search).toBe('?page=3');
    expect(within(nav).queryByRole('link', { name: /Next/ })).toBeNull();
    fireEvent.click(within(nav).getByRole('link', { name: /Previous/ }));
    expect(await screen.findByText('23 customers, page 2 of 3.')).toBeTruthy();
  });

  it('shows at most 5 page links with an ellipsis', async () => {
    listAnswer = () => Response.json(answerOf(95));
    renderScreen('/admin/customers?page=5');
    const nav = await screen.findByRole('navigation', { name: 'Customer pages' });
    const numbers = within(nav)
      .getAllByRole('link', { name: /^Page \d+$/ })
      .map((link) => link.textContent);
    expect(numbers).toEqual(['3', '4', '5', '6', '7']);
    expect(nav.textContent?.match(/…/g)).toHaveLength(2);
  });

  it('searches any field case-insensitively, from page 1, and keeps it in the address', async () => {
    const router = renderScreen('/admin/customers?page=2');
    await screen.findByText('23 customers, page 2 of 3.');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search customers' }), {
      target: { value: 'TAMPA' },
    });
    // Customers 3, 6, ..., 21 are in Tampa.
    expect(await screen.findByText('7 of 23 customers match.')).toBeTruthy();
    expect(cards()).toEqual(
      [3, 6, 9, 12, 15, 18, 21].map((n) => `Customer ${String(n).padStart(2, '0')}`),
    );
    expect(router.state.location.search).toBe('?search=TAMPA');
    expect(screen.queryByRole('navigation', { name: 'Customer pages' })).toBeNull();

    // The export asks for the same search: all matches, not this page.
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink.getAttribute('href')).toBe('/api/customers/export?search=TAMPA');
    expect(exportLink.getAttribute('download')).toBe('customers.csv');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search customers' }), {
      target: { value: 'buyer17@' },
    });
    expect(await screen.findByText('1 of 23 customers match.')).toBeTruthy();
  });

  it('says when no customer matches', async () => {
    renderScreen('/admin/customers?search=Nowhere');
    expect(await screen.findByText(CUSTOMERS_MESSAGES.noMatch('Nowhere'))).toBeTruthy();
    expect(screen.getByText('No customers match “Nowhere”.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Customers' })).toBeNull();
  });

  it('says when there are no customers', async () => {
    listAnswer = () => Response.json(answerOf(0));
    renderScreen();
    expect(await screen.findByText(CUSTOMERS_MESSAGES.empty)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });

  it("links phone, e-mail, website and the customer's shop orders on the cards", async () => {
    renderScreen();
    const card = (await screen.findByRole('heading', { name: 'Customer 01' })).closest('article');
    if (!card) throw new Error('no card');
    const links = within(card).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'tel:+18135550101',
      'mailto:buyer1@lab1.example',
      'https://lab1.example/',
      '/admin/orders-history?search=buyer1%40lab1.example',
    ]);
    await waitFor(() =>
      expect(links[3]?.textContent).toBe(
        'Orders in the shop of Customer 012 paid, the latest Nov 20, 2026',
      ),
    );
    // One call for the page's cards.
    const asked = fetchMock.mock.calls
      .map(([path]) => String(path))
      .filter((path) => path.startsWith('/api/admin/customer-orders?'));
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!, 'http://shop.test').searchParams.getAll('email')).toHaveLength(10);
    const second = (await screen.findByRole('heading', { name: 'Customer 02' })).closest('article');
    expect(second?.textContent).toContain('None paid yet');
    expect(links[2]?.getAttribute('rel')).toContain('noopener');
    expect(links[2]?.getAttribute('target')).toBe('_blank');
    expect(card.textContent).toContain('Company');
    expect(card.textContent).toContain('1 Main Street');
  });

  it('refreshes an old copy on opening', async () => {
    listAnswer = () => Response.json(answerOf(2, { refreshedAt: minutesAgo(60) }));
    refreshAnswer = () => Response.json(answerOf(4, { refreshedAt: new Date().toISOString() }));
    renderScreen();
    expect(await screen.findByText('4 customers.')).toBeTruthy();
    expect(refreshCalls()).toBe(1);
    expect(screen.getByText(/Copy from Business Central, refreshed/).textContent).toContain(
      'just now',
    );
  });

  it('refreshes an empty copy with the loading text, and on demand', async () => {
    listAnswer = () => Response.json(answerOf(0, { refreshedAt: null }));
    let release: (response: Response) => void = () => {};
    refreshAnswer = () => new Promise<Response>((resolve) => (release = resolve));
    renderScreen();
    expect(await screen.findByText(ERP_MESSAGES.customersLoading)).toBeTruthy();
    await waitFor(() => expect(refreshCalls()).toBe(1));
    release(Response.json(answerOf(12, { refreshedAt: new Date().toISOString() })));
    expect(await screen.findByText('12 customers, page 1 of 2.')).toBeTruthy();

    refreshAnswer = () => Response.json(answerOf(13, { refreshedAt: new Date().toISOString() }));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('13 customers, page 1 of 2.')).toBeTruthy();
  });

  it('keeps showing the old copy, with a warning, when the refresh fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    listAnswer = () => Response.json(answerOf(5, { refreshedAt: minutesAgo(120) }));
    refreshAnswer = () =>
      Response.json(
        { error: ERP_MESSAGES.erpUnavailable('the request timed out after 10 s') },
        { status: 503 },
      );
    renderScreen();
    const warning = await screen.findByText(
      ERP_MESSAGES.erpUnavailable('the request timed out after 10 s'),
    );
    expect(warning.closest('[role="status"]')?.textContent).toContain(
      'Showing the copy from 2 hours ago.',
    );
    expect(screen.getByText('5 customers.')).toBeTruthy();
  });

  it('waits for a refresh another admin started instead of warning', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let lists = 0;
    listAnswer = () =>
      Response.json(
        (lists += 1) === 1
          ? answerOf(2, { refreshedAt: null })
          : answerOf(6, { refreshedAt: new Date().toISOString() }),
      );
    refreshAnswer = () =>
      Response.json({ error: ERP_MESSAGES.customersRefreshRunning }, { status: 409 });
    let polls = 0;
    currentAnswer = () =>
      Response.json({ sync: (polls += 1) === 1 ? { id: 'other', status: 'running' } : null });
    renderScreen();
    expect(await screen.findByRole('button', { name: 'Refreshing...' })).toBeTruthy();
    // The other refresh ends: its copy shows, and Refresh is back.
    expect(await screen.findByRole('button', { name: 'Refresh' }, { timeout: 3000 })).toBeTruthy();
    expect(polls).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('6 customers.')).toBeTruthy();
    expect(screen.queryByText(ERP_MESSAGES.customersRefreshRunning)).toBeNull();
  });
});

describe('the cards’ links and the age', () => {
  it('makes tel: and website addresses safely', () => {
    expect(telHref('(813) 555-0142')).toBe('tel:8135550142');
    expect(telHref('+1 813 555 0142 ext. 7')).toBe('tel:+181355501427');
    expect(telHref('n/a')).toBeNull();
    expect(websiteHref('https://a.example/x')).toBe('https://a.example/x');
    expect(websiteHref('a.example')).toBe('https://a.example/');
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref('not a site')).toBeNull();
  });

  it('tells ages in words', () => {
    const now = Date.parse('2026-01-02T12:00:00.000Z');
    expect(formatAge('2026-01-02T11:59:40.000Z', now)).toBe('just now');
    expect(formatAge('2026-01-02T11:57:00.000Z', now)).toBe('3 minutes ago');
    expect(formatAge('2026-01-02T11:59:00.000Z', now)).toBe('1 minute ago');
    expect(formatAge('2026-01-02T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(formatAge('2025-12-30T12:00:00.000Z', now)).toBe('3 days ago');
  });
});
