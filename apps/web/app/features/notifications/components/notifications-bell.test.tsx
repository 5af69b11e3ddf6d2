import { COOKIES } from '@labshop/shared/constants';
import type { NotificationDto } from '@labshop/shared/schemas/content';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { serializeReadNotificationIds } from '@labshop/shared/schemas/notification-read-cookie';
import { renderToString } from 'react-dom/server';
import { readCookie } from '../../../lib/cookies.ts';
import { NotificationsBell } from './notifications-bell.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const notification = (n: number, title: string): NotificationDto => ({
  _id: id(n),
  title,
  body: `Body of ${title}`,
  dateTime: new Date(Date.UTC(2026, 0, 20 - n)).toISOString(),
  read: false,
});

// Newest first, as the API answers.
const NOTIFICATIONS = [
  notification(1, 'New lathe'),
  notification(2, 'Holiday hours'),
  notification(3, 'Coupon'),
];

/** The bell with `readIds` in this browser's cookie, as the server saw them too. */
function renderBell(notifications: NotificationDto[], readIds: string[] = []) {
  if (readIds.length > 0) writeReadCookie(readIds);
  return render(
    <MemoryRouter>
      <NotificationsBell notifications={notifications} readIds={readIds} />
    </MemoryRouter>,
  );
}

function writeReadCookie(ids: string[]): void {
  document.cookie = `${COOKIES.notificationsRead}=${serializeReadNotificationIds(new Set(ids))}; Path=/`;
}

afterEach(() => {
  cleanup();
  document.cookie = `${COOKIES.notificationsRead}=; Max-Age=0; Path=/`;
});

describe('the notifications bell', () => {
  it('counts the notifications whose id is not in the read cookie', () => {
    renderBell(NOTIFICATIONS, [id(2)]);
    const bell = screen.getByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('notifications-unread').textContent).toBe('2');
  });

  it('counts what this browser read once the page everyone shares has hydrated', async () => {
    // Visitors without a session get one render made without cookies: nothing read.
    const bell = (
      <MemoryRouter>
        <NotificationsBell notifications={NOTIFICATIONS} readIds={[]} />
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(bell);
    document.body.append(container);
    expect(container.querySelector('[data-testid="notifications-unread"]')?.textContent).toBe('3');

    writeReadCookie([id(1), id(3)]);
    render(bell, { container, hydrate: true });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(screen.getByTestId('notifications-unread').textContent).toBe('1');
  });

  it('opening lists them newest first and marks them all read in the cookie', () => {
    renderBell(NOTIFICATIONS, [id(2)]);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));

    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByTestId('notifications-unread')).toBeNull();
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'New lathe',
      'Holiday hours',
      'Coupon',
    ]);
    // What was unread when opened says so; the one read before does not.
    expect(within(items[0]!).queryByText('New')).not.toBeNull();
    expect(within(items[1]!).queryByText('New')).toBeNull();
    expect(within(items[0]!).getByText('Body of New lathe')).toBeTruthy();
    expect(readCookie(COOKIES.notificationsRead)?.split('.')).toEqual([id(1), id(2), id(3)]);
  });

  it('keeps ids read earlier after the ones shown', () => {
    renderBell(NOTIFICATIONS.slice(0, 1), [id(9)]);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    expect(readCookie(COOKIES.notificationsRead)?.split('.')).toEqual([id(1), id(9)]);
  });

  it("says 'No notifications' when there are none", () => {
    renderBell([]);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No notifications')).toBeTruthy();
  });

  it('closes on Escape and gives focus back to the bell', () => {
    renderBell(NOTIFICATIONS);
    const bell = screen.getByRole('button', { name: 'Notifications, 3 unread' });
    fireEvent.click(bell);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(
      screen.getByRole('button', { name: 'Notifications' }).getAttribute('aria-expanded'),
    ).toBe('false');
    expect(document.activeElement).toBe(bell);
  });
});
