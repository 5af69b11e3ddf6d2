import {
  cartCookieLines,
  cartHas,
  parseCartCookie,
  removeFromCart,
  serializeCartCookie,
  setCartQuantity,
  type CartCookieEntry,
  type CartCookieLine,
} from '@labshop/shared/cart-cookie';
import { CART_COUNT_REFRESH_MS, COOKIE_MAX_AGE_SECONDS, COOKIES } from '@labshop/shared/constants';
import { useMemo, useSyncExternalStore } from 'react';
import { readCookie } from '../../lib/cookies.ts';
import { writeCookie } from '../../lib/write-cookie.ts';

/**
 * The cart's store: the `_cart__rf` cookie itself (SPEC.md sections 4 and 9). Every change is
 * written to the cookie at once, so it survives reloads, reaches the server's GET /api/cart and
 * the checkout, and the header count follows. Hooks re-read the cookie when this tab changes
 * it, and every 500 ms like the header count, so a change in another tab shows up too.
 */

/** What the cart needs to know of a product: its number, and its title for object entries. */
export interface CartProduct {
  number: string;
  title: string;
}

export type { CartCookieLine };

const listeners = new Set<() => void>();

/** For useSyncExternalStore: calls `listener` on this tab's changes and every 500 ms. */
export function subscribeToCart(listener: () => void): () => void {
  listeners.add(listener);
  const timer = window.setInterval(listener, CART_COUNT_REFRESH_MS);
  return () => {
    listeners.delete(listener);
    window.clearInterval(timer);
  };
}

function notifyCartChanged(): void {
  for (const listener of listeners) listener();
}

/** The browser's raw `_cart__rf` value ('' when there is none). */
export function readRawCartCookie(): string {
  return readCookie(COOKIES.cart) ?? '';
}

/** The raw `_cart__rf` value of a request, for loaders: pages render the cart on the server. */
export function readRequestCartCookie(request: Request): string {
  return readCookie(COOKIES.cart, request.headers.get('cookie')) ?? '';
}

function readEntries(): CartCookieEntry[] {
  return parseCartCookie(readRawCartCookie());
}

function writeEntries(entries: readonly CartCookieEntry[]): void {
  if (entries.length === 0) {
    deleteCartCookie();
  } else {
    writeCookie(COOKIES.cart, serializeCartCookie(entries), COOKIE_MAX_AGE_SECONDS.cart);
  }
  notifyCartChanged();
}

function deleteCartCookie(): void {
  // Max-Age=0 with the same name and path removes it (SPEC.md 4: clearing deletes the cookie).
  writeCookie(COOKIES.cart, '', 0);
}

/** The cart's lines as the cookie holds them now: one per product, quantity 1..999. */
export function readCartLines(): CartCookieLine[] {
  return cartCookieLines(readEntries());
}

/** Appends the product's number to the cart cookie unless the cart already holds it. */
export function addToCartCookie(product: CartProduct): void {
  const entries = readEntries();
  if (cartHas(entries, product)) return;
  writeEntries([...entries, product.number]);
}

/**
 * Sets a product's quantity (normalised to 1..999: never below 1); a product not in the cart
 * is added with that quantity.
 */
export function setCartItemQuantity(product: CartProduct, quantity: number): void {
  writeEntries(setCartQuantity(readEntries(), product, quantity));
}

/** Removes the product's entry (the first one matching its title or number). */
export function removeCartItem(product: CartProduct): void {
  writeEntries(removeFromCart(readEntries(), product));
}

/** Empties the cart: deletes the cookie. */
export function clearCart(): void {
  deleteCartCookie();
  notifyCartChanged();
}

/** A cookie entry named by the server's GET /api/cart as naming no live product. */
export interface StaleCartEntry {
  number: string | null;
  title: string | null;
}

/**
 * Cleans the cookie after the server read it: drops the entries naming no live product
 * (`stale`, from CartAnswer.removed) and whatever the cookie held that is not a cart entry. A
 * cookie left with nothing is deleted. Nothing is written when nothing changes.
 */
export function cleanCartCookie(stale: readonly StaleCartEntry[]): void {
  const raw = readRawCartCookie();
  if (raw === '') return;
  const entries = parseCartCookie(raw).filter((entry) => {
    const [line] = cartCookieLines([entry]);
    return line !== undefined && !stale.some((gone) => sameLine(line, gone));
  });
  if (entries.length === 0) {
    clearCart();
  } else if (serializeCartCookie(entries) !== raw) {
    writeEntries(entries);
  }
}

function sameLine(line: CartCookieLine, gone: StaleCartEntry): boolean {
  if (gone.number !== null) return line.number === gone.number;
  return line.number === null && line.title === gone.title;
}

/** The cart line of a product: by number, else by title (object entries carry one). */
export function cartLineOf(
  lines: readonly CartCookieLine[],
  product: CartProduct,
): CartCookieLine | undefined {
  return (
    lines.find((line) => line.number === product.number) ??
    lines.find((line) => line.title === product.title)
  );
}

/**
 * The raw cart cookie, kept current. `serverCartCookie` is the request's value
 * (readRequestCartCookie in the loader), so the first HTML and hydration agree.
 */
export function useRawCartCookie(serverCartCookie: string): string {
  return useSyncExternalStore(subscribeToCart, readRawCartCookie, () => serverCartCookie);
}

/** The cart's lines, kept current (see useRawCartCookie for `serverCartCookie`). */
export function useCartLines(serverCartCookie: string): CartCookieLine[] {
  const raw = useRawCartCookie(serverCartCookie);
  return useMemo(() => cartCookieLines(parseCartCookie(raw)), [raw]);
}
