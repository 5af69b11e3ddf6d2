import { COOKIE_MAX_AGE_SECONDS, COOKIES } from '@labshop/shared/constants';
import type { NotificationDto } from '@labshop/shared/schemas/content';
import {
  parseReadNotificationIds,
  serializeReadNotificationIds,
} from '@labshop/shared/schemas/notification-read-cookie';
import { useMemo, useSyncExternalStore } from 'react';
import { readCookie } from '../../lib/cookies.ts';
import { writeCookie } from '../../lib/write-cookie.ts';

/**
 * The notifications-read cookie (SPEC.md section 4): a notification is unread while its id is
 * missing from it. It lives 30 days and is written again each time the bell is opened.
 */

/** Ids already read; on the server pass the request's Cookie header. */
export function readNotificationIds(cookieHeader?: string | null): Set<string> {
  return parseReadNotificationIds(readCookie(COOKIES.notificationsRead, cookieHeader));
}

const noSubscription = () => () => {};

/**
 * The ids read, as the bell shows them: `serverIds` (what the server saw) while the page
 * hydrates, then the browser's cookie. Pages without a session are one render shared by all
 * visitors, made without cookies, so only the browser knows what this visitor has read.
 */
export function useReadNotificationIds(serverIds: readonly string[]): ReadonlySet<string> {
  const raw = useSyncExternalStore(
    noSubscription,
    () => readCookie(COOKIES.notificationsRead) ?? '',
    () => null,
  );
  return useMemo(
    () => (raw === null ? new Set(serverIds) : parseReadNotificationIds(raw)),
    [raw, serverIds],
  );
}

/**
 * Marks `shown` as read in the browser: their ids first (newest first, so the newest survive
 * the cookie's size limit), then ids read earlier that are still remembered.
 */
export function markNotificationsRead(
  shown: readonly NotificationDto[],
  alreadyRead: ReadonlySet<string>,
): Set<string> {
  const ids = new Set([...shown.map((notification) => notification._id), ...alreadyRead]);
  writeCookie(
    COOKIES.notificationsRead,
    serializeReadNotificationIds(ids),
    COOKIE_MAX_AGE_SECONDS.notificationsRead,
  );
  return ids;
}
