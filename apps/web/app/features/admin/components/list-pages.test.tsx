import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { listAddress, pageInAddress, useListPages } from './list-pages.ts';

afterEach(cleanup);

describe('listAddress', () => {
  it('keeps the parameters that have a value, and the page past the first', () => {
    expect(listAddress({ search: 'lathe', kind: '', number: null }, 3).toString()).toBe(
      'search=lathe&page=3',
    );
    expect(listAddress({ search: 'lathe' }, 1).toString()).toBe('search=lathe');
    expect(listAddress({}, 1).toString()).toBe('');
  });
});

describe('pageInAddress', () => {
  it('reads ?page=N, and 1 for a missing, odd or too small page', () => {
    const page = (query: string) => pageInAddress(new URLSearchParams(query));
    expect(page('page=4')).toBe(4);
    expect(page('')).toBe(1);
    expect(page('page=abc')).toBe(1);
    expect(page('page=-2')).toBe(1);
    expect(page('page=0')).toBe(1);
  });
});

/** A list of `total` rows, 10 a page, whose page and search are in the address. */
function List({ total, placeholder }: { total: number; placeholder: boolean }) {
  const [params] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = pageInAddress(params);
  const { pages } = useListPages({
    list: { isSuccess: true, isPlaceholderData: placeholder },
    total,
    pageSize: 10,
    page,
    addressOfPage: (next) => listAddress({ search }, next),
  });
  return (
    <p>
      page {page} of {pages}
    </p>
  );
}

function renderAt(address: string, props: { total: number; placeholder: boolean }) {
  const router = createMemoryRouter([{ path: '/admin/list', element: <List {...props} /> }], {
    initialEntries: [address],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useListPages', () => {
  it('counts the pages, at least one', () => {
    renderAt('/admin/list', { total: 0, placeholder: false });
    expect(screen.getByText('page 1 of 1')).toBeTruthy();
    cleanup();
    renderAt('/admin/list?page=2', { total: 21, placeholder: false });
    expect(screen.getByText('page 2 of 3')).toBeTruthy();
  });

  it('moves an address past the last page to the last page, keeping the search, in place', async () => {
    const router = renderAt('/admin/list?search=lathe&page=9', { total: 25, placeholder: false });
    await waitFor(() => expect(screen.getByText('page 3 of 3')).toBeTruthy());
    expect(router.state.location.search).toBe('?search=lathe&page=3');
    // Replaced, not pushed: Back does not return to the page that does not exist.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('waits for the list itself: a placeholder from another page moves nothing', async () => {
    const router = renderAt('/admin/list?page=9', { total: 25, placeholder: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.search).toBe('?page=9');
    expect(screen.getByText('page 9 of 3')).toBeTruthy();
  });
});
