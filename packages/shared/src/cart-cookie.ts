/**
 * The `_cart__rf` cookie: a JSON list whose entries are product numbers, or objects carrying at
 * least a title (SPEC.md section 3). A cookie that is malformed or holds anything else is read
 * as an empty cart (or without the bad entries), never as an error: it is visitor-controlled.
 *
 * Quantities: a plain number entry is one of that product. When a quantity other than 1 is
 * chosen the entry becomes `{ number, title, quantity }` (an object with a title, so still the
 * spec's format), which keeps the quantity across pages, reloads and the checkout.
 */

import { normalizeQuantity } from './pricing.ts';

export type CartCookieEntry =
  string | { title: string; number?: unknown; quantity?: unknown; [key: string]: unknown };

/** Upper bound on entries read, so a crafted cookie cannot make the server do large work. */
export const CART_COOKIE_MAX_ENTRIES = 200;

/**
 * The longest cookie value a cart may be written as: browsers drop a cookie whose name and
 * value pass 4,096 bytes, and with it the whole cart. About 35 products with quantities, or
 * 250 single ones.
 */
export const CART_COOKIE_MAX_VALUE_LENGTH = 4000;

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

// Control characters (a NUL byte above all) name no product and cannot even be looked up.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const isCleanText = (value: unknown, max: number): value is string =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= max &&
  !CONTROL_CHARACTERS.test(value);

function isCartCookieEntry(value: unknown): value is CartCookieEntry {
  if (typeof value === 'string') return isCleanText(value, 100);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { title, number } = value as { title?: unknown; number?: unknown };
  return isCleanText(title, 300) && (number === undefined || isCleanText(number, 100));
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
  return entries.some((entry) => matches(entry, product));
}

/** The cookie's value: URI-encoded JSON, so it survives any cookie parser. */
export function serializeCartCookie(entries: readonly CartCookieEntry[]): string {
  return encodeURIComponent(JSON.stringify(entries));
}

/** One line of the cart as the cookie says: a product number and/or title, and a quantity. */
export interface CartCookieLine {
  /** The product number, when the entry names one. */
  number: string | null;
  /** The title, for object entries (which may lack a number). */
  title: string | null;
  quantity: number;
}

/** The cookie's entries as lines; a repeated product is one line (the first entry counts). */
export function cartCookieLines(entries: readonly CartCookieEntry[]): CartCookieLine[] {
  const seen = new Set<string>();
  const lines: CartCookieLine[] = [];
  for (const entry of entries) {
    const line: CartCookieLine =
      typeof entry === 'string'
        ? { number: entry, title: null, quantity: 1 }
        : {
            number: typeof entry.number === 'string' && entry.number ? entry.number : null,
            title: entry.title,
            quantity: normalizeQuantity(entry.quantity),
          };
    const key = line.number !== null ? `n:${line.number}` : `t:${line.title ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(line);
  }
  return lines;
}

function matches(entry: CartCookieEntry, product: { number: string; title: string }): boolean {
  return typeof entry === 'string'
    ? entry === product.number
    : entry.title === product.title || entry.number === product.number;
}

/** Sets a product's quantity (normalised to 1..999); a product not in the cart is added. */
export function setCartQuantity(
  entries: readonly CartCookieEntry[],
  product: { number: string; title: string },
  quantity: number,
): CartCookieEntry[] {
  const next = normalizeQuantity(quantity);
  const entry: CartCookieEntry =
    next === 1 ? product.number : { number: product.number, title: product.title, quantity: next };
  const index = entries.findIndex((candidate) => matches(candidate, product));
  if (index === -1) return [...entries, entry];
  return entries.map((candidate, position) => (position === index ? entry : candidate));
}

/** Removes the first entry matching the product by title or value (SPEC.md section 4). */
export function removeFromCart(
  entries: readonly CartCookieEntry[],
  product: { number: string; title: string },
): CartCookieEntry[] {
  const index = entries.findIndex((candidate) => matches(candidate, product));
  return index === -1 ? [...entries] : entries.filter((_, position) => position !== index);
}

/**
 * Puts several products in the cart at once (a reorder, a quick order): a product the cart holds
 * already gets the quantities added, up to 999; the others are appended in the given order.
 */
export function addToCart(
  entries: readonly CartCookieEntry[],
  products: readonly { number: string; title: string; quantity: number }[],
): CartCookieEntry[] {
  let next = [...entries];
  for (const product of products) {
    const held = cartCookieLines(next).find(
      (line) => line.number === product.number || line.title === product.title,
    );
    next = setCartQuantity(
      next,
      product,
      (held?.quantity ?? 0) + normalizeQuantity(product.quantity),
    );
  }
  return next;
}
