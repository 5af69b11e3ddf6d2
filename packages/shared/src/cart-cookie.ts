/**
 * The `_cart__rf` cookie: a JSON list whose entries are product numbers, or objects carrying at
 * least a title (SPEC.md section 3). A cookie that is malformed or holds anything else is read
 * as an empty cart (or without the bad entries), never as an error: it is visitor-controlled.
 */

export type CartCookieEntry = string | { title: string; [key: string]: unknown };

/** Upper bound on entries read, so a crafted cookie cannot make the server do large work. */
export const CART_COOKIE_MAX_ENTRIES = 200;

export function parseCartCookie(raw: string | undefined | null): CartCookieEntry[] {
  if (!raw) return [];
  let decoded: unknown;
  try {
    decoded = JSON.parse(safeDecode(raw));
  } catch {
    return [];
  }
  if (!Array.isArray(decoded)) return [];
  return decoded.slice(0, CART_COOKIE_MAX_ENTRIES).filter(isCartCookieEntry);
}

function isCartCookieEntry(value: unknown): value is CartCookieEntry {
  if (typeof value === 'string') return value.length > 0 && value.length <= 100;
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { title?: unknown }).title === 'string'
  );
}

function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether the cart holds this product: by number, or by title for object entries. */
export function cartHas(
  entries: readonly CartCookieEntry[],
  product: { number: string; title: string },
): boolean {
  return entries.some((entry) =>
    typeof entry === 'string' ? entry === product.number : entry.title === product.title,
  );
}

/** The cookie's value: URI-encoded JSON, so it survives any cookie parser. */
export function serializeCartCookie(entries: readonly CartCookieEntry[]): string {
  return encodeURIComponent(JSON.stringify(entries));
}
