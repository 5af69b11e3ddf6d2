import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { pageWindow, ShopPagination } from './shop-pagination.tsx';

afterEach(cleanup);

describe('the shop pagination', () => {
  it('links the first, the last and the pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    // A gap of one page shows that page instead of an ellipsis.
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('is hidden when everything fits on one page, and keeps the search in its links', () => {
    const hrefFor = (n: number) => `/shop?q=lathe&page=${n}`;
    const router = createMemoryRouter([
      {
        path: '*',
        element: (
          <>
            <ShopPagination page={1} pageCount={1} hrefFor={hrefFor} />
            <ShopPagination page={2} pageCount={3} hrefFor={hrefFor} />
          </>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getAllByRole('navigation', { name: 'Pages' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/shop?q=lathe&page=3',
    );
    expect(screen.getByRole('link', { name: 'Previous' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next' })).toBeTruthy();
  });
});
