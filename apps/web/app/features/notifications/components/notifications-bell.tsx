import type { NotificationDto } from '@labshop/shared/schemas/content';
import { Bell, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { markNotificationsRead, useReadNotificationIds } from '../read-cookie.ts';
import { pressOnSpace } from '../../../lib/link-button.ts';

export interface NotificationsBellProps {
  /** The newest notifications, newest first (the storefront layout loads them). */
  notifications: NotificationDto[];
  /**
   * Ids the server saw as read in the request's cookie (none in the render shared by visitors
   * without a session); the browser's cookie takes over once hydrated.
   */
  readIds: string[];
}

/** The list, and the target of the bell's link; the header is on every page once. */
const PANEL_ID = 'site-notifications';
const OPENER_ID = 'site-notifications-open';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/**
 * The header's notifications bell (SPEC.md "Header behaviour" and section 4): a badge counts
 * the notifications whose id is not in the read cookie; opening the list marks them all read.
 * The list closes on Escape, on a click elsewhere and on any navigation.
 */
export function NotificationsBell({ notifications, readIds }: NotificationsBellProps) {
  const { key: locationKey } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === locationKey;
  const readInCookie = useReadNotificationIds(readIds);
  // Read in this page's life, on top of what the cookie held.
  const [readHere, setReadHere] = useState<ReadonlySet<string>>(() => new Set());
  // What was new when the list was opened: marked so in the list, though now read.
  const [newWhenOpened, setNewWhenOpened] = useState<ReadonlySet<string>>(() => new Set());
  // Opened by the bell's link (CSS's :target) before the code ran, then closed by the code.
  const [targetClosed, setTargetClosed] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLAnchorElement>(null);

  const read = useMemo(() => new Set([...readInCookie, ...readHere]), [readInCookie, readHere]);
  const unread = notifications.filter((notification) => !read.has(notification._id));

  const toggle = () => {
    const shown = open || (!targetClosed && window.location.hash === `#${OPENER_ID}`);
    setTargetClosed(true);
    if (shown) {
      setOpenAt(null);
      return;
    }
    setNewWhenOpened(new Set(unread.map((notification) => notification._id)));
    if (notifications.length > 0) setReadHere(markNotificationsRead(notifications, read));
    setOpenAt(locationKey);
  };

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpenAt(null);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const label = unread.length > 0 ? `Notifications, ${unread.length} unread` : 'Notifications';

  return (
    <div ref={wrapper} className="sm:relative">
      {/* A link to the list's opener, which CSS shows the list for while it is the page's
          target: the bell opens the list before and without the page's code. */}
      <a
        ref={button}
        href={`#${OPENER_ID}`}
        role="button"
        onKeyDown={pressOnSpace}
        className="relative flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
        aria-label={label}
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={(event) => {
          event.preventDefault();
          toggle();
        }}
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread.length > 0 && (
          <span
            data-testid="notifications-unread"
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          >
            {unread.length > 9 ? '9+' : unread.length}
          </span>
        )}
      </a>
      {/* The bell's link target. Fixed, so following the link does not scroll the page. */}
      <span id={OPENER_ID} className="peer fixed top-0" />
      <section
        id={PANEL_ID}
        aria-label="Notifications"
        className={`${open ? 'block' : targetClosed ? 'hidden' : 'hidden peer-target:block'} fixed inset-x-3 top-[6.5rem] z-50 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96`}
      >
        <div className="sticky top-0 flex items-center justify-between border-b border-slate-100 bg-white px-4 py-3">
          <h2 className="font-semibold text-brand-900">Notifications</h2>
          {/* Without the code, a link to no element: the list is no longer the target. */}
          <a
            href="#notifications-closed"
            role="button"
            onKeyDown={pressOnSpace}
            className="flex h-8 w-8 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
            aria-label="Close notifications"
            onClick={(event) => {
              event.preventDefault();
              setTargetClosed(true);
              setOpenAt(null);
              button.current?.focus();
            }}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </a>
        </div>
        {/* In the first HTML too, for a list opened before the code runs. */}
        {notifications.length === 0 ? (
          <p className="px-4 py-8 text-center text-slate-600">No notifications</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {notifications.map((notification) => (
              <li key={notification._id} className="px-4 py-3">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="min-w-0 font-semibold break-words text-slate-900">
                    {notification.title}
                  </h3>
                  {newWhenOpened.has(notification._id) && (
                    <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                      New
                    </span>
                  )}
                </div>
                <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
                  {notification.body}
                </p>
                <time
                  dateTime={notification.dateTime}
                  className="mt-1.5 block text-xs font-medium text-slate-500"
                >
                  {dateFormat.format(new Date(notification.dateTime))}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
