/**
 * The fields of a cart line's form on the cart page: its stepper and Remove post them when the
 * page's code has not started (cartLineAction in cart-actions.server.ts). A module of its own,
 * so the selling pages' code does not carry it.
 */
export const CART_LINE_FORM = {
  number: 'number',
  title: 'title',
  /** The stepper's minus or plus: the quantity it sets. */
  set: 'set',
  /** The quantity field, sent by Enter. */
  quantity: 'quantity',
  /** Present for Remove. */
  remove: 'remove',
} as const;
