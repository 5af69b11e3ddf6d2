/**
 * The checkout's address parameter that the coupon form's Apply sends before the page's code
 * runs (a GET form); the loader applies it (linked-coupon.ts). A module of its own, so the
 * checkout route does not load the coupon field's code with the page.
 */
export const COUPON_PARAM = 'coupon';
