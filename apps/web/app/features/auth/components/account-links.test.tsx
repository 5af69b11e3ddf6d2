import { ANONYMOUS, type Me } from '@labshop/shared/auth';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountLinks } from './account-links.tsx';

afterEach(cleanup);

function renderAt(path: string, me: Me) {
  const router = createMemoryRouter([{ path: '*', element: <AccountLinks me={me} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

const partner: Me = {
  user: { name: 'Bright Smile Dental Lab', email: 'orders@brightsmile-lab.example' },
  tier: 'wholesale',
  isAdmin: false,
};

describe('the header account links', () => {
  it('offer anonymous visitors a Login that returns to the page they are on', () => {
    renderAt('/shop?q=lathe', ANONYMOUS);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/auth/login?returnTo=%2Fshop%3Fq%3Dlathe',
    );
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it("show a signed-in partner's name and Logout, and no Admin link", () => {
    renderAt('/home', partner);
    expect(screen.getByText('Bright Smile Dental Lab')).toBeTruthy();
    expect(screen.getByText('Wholesale prices')).toBeTruthy();
    const logout = screen.getByRole('button', { name: 'Logout' });
    expect(logout.closest('form')?.getAttribute('action')).toBe('/auth/logout');
    expect(logout.closest('form')?.getAttribute('method')).toBe('post');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('show the Admin link to administrators only', () => {
    renderAt('/home', { ...partner, isAdmin: true });
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });
});
