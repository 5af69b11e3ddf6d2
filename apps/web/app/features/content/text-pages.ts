import { TEXT_PAGES, type TextPageName } from '@labshop/shared/constants';

/** The static text pages as the storefront shows them (SPEC.md "Static text pages"). */

export interface StorefrontTextPage {
  name: TextPageName;
  path: string;
  /** The page's heading and <title>. */
  title: string;
  /** Shows 'Loading...' with a spinner while its text loads on a client-side navigation. */
  spinner: boolean;
}

const TITLES: Record<TextPageName, string> = {
  About: 'About Us',
  'Privacy Policy': 'Privacy Policy',
  'Cookies Policy': 'Cookies Policy',
  'Terms of Use': 'Terms of Use',
  'Terms of Purchase': 'Terms of Purchase',
  faq: 'FAQ',
  Partners: 'Partners',
  Support: 'Support',
};

/** The spec names these four as showing a spinner while loading. */
const SPINNER_PAGES = new Set<TextPageName>([
  'About',
  'Privacy Policy',
  'Terms of Use',
  'Cookies Policy',
]);

export const STOREFRONT_TEXT_PAGES: StorefrontTextPage[] = TEXT_PAGES.map((page) => ({
  name: page.name,
  path: page.path,
  title: TITLES[page.name],
  spinner: SPINNER_PAGES.has(page.name),
}));

/**
 * The text page a path shows: routes match without regard to case or a trailing slash
 * (/About-Us/ is the About page), so the lookup does the same.
 */
export function textPageForPath(pathname: string): StorefrontTextPage | null {
  const normalized = pathname.replace(/\/+$/, '').toLowerCase();
  return STOREFRONT_TEXT_PAGES.find((page) => page.path === normalized) ?? null;
}
