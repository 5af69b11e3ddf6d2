/**
 * The notifications' read cookie, apart from the other content rules: the bell on every
 * storefront page needs only this.
 */

/** The read cookie: ids of notifications seen, joined by '.', newest kept when it gets long. */
export const NOTIFICATIONS_READ_COOKIE_MAX_IDS = 50;

export function parseReadNotificationIds(cookieValue: string | undefined | null): Set<string> {
  if (!cookieValue) return new Set();
  return new Set(
    cookieValue
      .split('.')
      .map((id) => id.trim())
      .filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
  );
}

export function serializeReadNotificationIds(ids: Iterable<string>): string {
  return [...ids].slice(0, NOTIFICATIONS_READ_COOKIE_MAX_IDS).join('.');
}
