/** Business constants from SPEC.md section 9 and the cookie names the browser keeps. */

const DAY_SECONDS = 24 * 60 * 60;

export const COOKIES = {
  /** The cart: a list of product numbers (or objects with a title). */
  cart: '_cart__rf',
  /** Ids of notifications the visitor has seen. */
  notificationsRead: '_notifications_read',
  /** Suppresses the 'Item added successfully to cart' alert. */
  addToCartNotice: '_cart_notice',
  /** The signed-in session (httpOnly, set by the server; __Host- prefixed on https). */
  session: 'labshop_session',
  /** The login transaction (state, nonce, PKCE verifier) while the provider is visited. */
  loginTransaction: 'labshop_login',
  /**
   * The browser's checkout id (two tabs, one cart): set by the captcha check when missing,
   * shared by every tab, read by process-payment. Random, httpOnly, no personal data;
   * __Host- prefixed on https.
   */
  checkout: 'labshop_checkout',
} as const;

/**
 * A server-set cookie's name on a site served over https: the __Host- prefix makes the browser
 * keep it only when it was set Secure, for path /, by this very host (no sibling subdomain can
 * plant or overwrite it).
 */
export function hostCookieName(name: string, https: boolean): string {
  return https ? `__Host-${name}` : name;
}

/**
 * Whether a request may carry a session: either name of the session cookie is present. For
 * cache decisions only; the server authenticates by the one name its scheme uses.
 */
export function mayHaveSession(cookieValue: (name: string) => string | undefined): boolean {
  return Boolean(
    cookieValue(COOKIES.session) ?? cookieValue(hostCookieName(COOKIES.session, true)),
  );
}

export const COOKIE_MAX_AGE_SECONDS = {
  cart: 30 * DAY_SECONDS,
  notificationsRead: 30 * DAY_SECONDS,
  addToCartNotice: 30 * DAY_SECONDS,
  loginTransaction: 1 * DAY_SECONDS,
} as const;

/** Local storage key set when the visitor accepts the cookie banner. */
export const COOKIES_ACCEPTED_STORAGE_KEY = 'cookiesAccepted';

/** The editable static text pages: the page name the API uses and the public route. */
export const TEXT_PAGES = [
  { name: 'About', path: '/about-us' },
  { name: 'Privacy Policy', path: '/privacy-policy' },
  { name: 'Cookies Policy', path: '/cookies-policy' },
  { name: 'Terms of Use', path: '/terms-of-use' },
  { name: 'Terms of Purchase', path: '/terms-of-purchase' },
  { name: 'faq', path: '/faq' },
  { name: 'Partners', path: '/partners' },
  { name: 'Support', path: '/support' },
] as const;

export type TextPageName = (typeof TEXT_PAGES)[number]['name'];

export const TEXT_PAGE_NAMES = TEXT_PAGES.map((page) => page.name) as TextPageName[];

export const HOME = {
  categoriesShown: 11,
  testimonialsPerSlide: 3,
  testimonialsAdvanceMs: 5000,
  featuredAutoScrollMs: 3000,
} as const;

export const TEXT_LIMITS = {
  homeProductTitle: 39,
  shopCardTitle: 33,
  galleryCaptionDescription: 120,
  adminGalleryPreview: 100,
  brochure: 400,
} as const;

export const SCROLL_STEP_PX = { categories: 220, thumbnails: 100 } as const;

export const PAYMENT = {
  minimumCents: 300,
  partnerPriceMinQuantity: 3,
  behaviouralScoreStart: 0.8,
  behaviouralScoreMinimum: 0.5,
  mouseHistoryPoints: 100,
} as const;

export const CART_COUNT_REFRESH_MS = 500;

/** The product number whose page hides the made-in-USA badge. */
export const NOT_MADE_IN_USA_PRODUCT_NUMBER = 'DV34';
