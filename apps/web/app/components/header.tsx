import { Menu, Phone, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Form, NavLink, useLocation } from 'react-router';
import type { ShopContact } from '../lib/shop-contact.ts';
import { telHref } from '../lib/phone.ts';
import { SITE } from '../lib/site.ts';
import { Logo } from './logo.tsx';
import { SocialIcon } from './social-icon.tsx';
import { pressOnSpace } from '../lib/link-button.ts';

const NAV_LINKS = [
  { to: '/shop', label: 'Products' },
  { to: '/about-us', label: 'About' },
  { to: '/contact-us', label: 'Contacts' },
] as const;

export interface HeaderProps {
  /** Login or logout, the user's name, the Admin link. */
  accountSlot?: ReactNode;
  /** The cart link with its count. */
  cartSlot?: ReactNode;
  /** The notifications bell. */
  notificationsSlot?: ReactNode;
  /** The Contacts Data; its phone is the top bar's call link (none when null or empty). */
  contact?: ShopContact | null;
}

/**
 * The search box, and the target of the icon's link that CSS shows it for: the header is on
 * every page once, so fixed ids.
 */
const SEARCH_PANEL_ID = 'site-search';
const SEARCH_OPENER_ID = 'site-search-open';

export function Header({ accountSlot, cartSlot, notificationsSlot, contact }: HeaderProps) {
  const phone = contact?.phone.trim() ?? '';
  const phoneHref = telHref(phone);
  // Each panel remembers the location it was opened at, so any navigation closes it.
  const { key: locationKey } = useLocation();
  const [searchOpenAt, setSearchOpenAt] = useState<string | null>(null);
  // The box opened by its link (CSS's :target) before the code ran, then closed by the code.
  const [searchTargetClosed, setSearchTargetClosed] = useState(false);
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const searchOpen = searchOpenAt === locationKey;
  const menuOpen = menuOpenAt === locationKey;
  const searchInput = useRef<HTMLInputElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (searchOpen) searchInput.current?.focus();
  }, [searchOpen]);

  return (
    <header className="sticky top-0 z-40 shadow-sm">
      <div className="bg-brand-900 text-brand-50">
        <div className="mx-auto flex h-9 max-w-7xl items-center justify-between px-4 text-sm">
          {phone && phoneHref ? (
            <a
              href={phoneHref}
              className="flex items-center gap-2 font-medium hover:text-white"
              aria-label={`Call us at ${phone}`}
            >
              <Phone className="h-4 w-4" aria-hidden="true" />
              {phone}
            </a>
          ) : (
            // Keeps the social links on the right.
            <span />
          )}
          <ul className="flex items-center gap-1" aria-label="Social media">
            {SITE.social.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex h-8 w-8 items-center justify-center rounded-full hover:bg-white/10 hover:text-white"
                  aria-label={`${SITE.name} on ${link.name}`}
                >
                  <SocialIcon name={link.icon} className="h-4 w-4" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4">
          <Logo />
          <nav aria-label="Main" className="ml-6 hidden md:block">
            <ul className="flex items-center gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    className={({ isActive }) =>
                      `rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
                        isActive
                          ? 'bg-brand-50 text-brand-700'
                          : 'text-slate-700 hover:bg-slate-100 hover:text-brand-700'
                      }`
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="ml-auto flex items-center gap-1">
            {/* A link to the box's opener, which CSS shows the box for while it is the page's
                target: the icon opens the search before and without the page's code. The code
                toggles the box in place. */}
            <a
              href={`#${SEARCH_OPENER_ID}`}
              role="button"
              onKeyDown={pressOnSpace}
              className="flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
              aria-label={searchOpen ? 'Close product search' : 'Search products'}
              aria-expanded={searchOpen}
              aria-controls={SEARCH_PANEL_ID}
              onClick={(event) => {
                event.preventDefault();
                const shown =
                  searchOpen ||
                  (!searchTargetClosed && window.location.hash === `#${SEARCH_OPENER_ID}`);
                setSearchTargetClosed(true);
                setSearchOpenAt(shown ? null : locationKey);
              }}
            >
              {searchOpen ? <X className="h-5 w-5" /> : <Search className="h-5 w-5" />}
            </a>
            {notificationsSlot}
            {cartSlot}
            <div className="hidden items-center sm:flex">{accountSlot}</div>
            <button
              type="button"
              className="flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 md:hidden"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpenAt(menuOpen ? null : locationKey)}
            >
              {menuOpen ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
            </button>
          </div>
        </div>

        {/* The icon's link target. Fixed, so following the link does not scroll the page. */}
        <span id={SEARCH_OPENER_ID} className="peer fixed top-0" />
        <div
          id={SEARCH_PANEL_ID}
          className={`${searchOpen ? 'block' : searchTargetClosed ? 'hidden' : 'hidden peer-target:block'} border-t border-slate-100 bg-slate-50`}
        >
          <Form
            method="get"
            action="/shop"
            role="search"
            className="mx-auto flex max-w-7xl gap-2 px-4 py-3"
          >
            <label htmlFor={`${SEARCH_PANEL_ID}-q`} className="sr-only">
              Search products by name or number
            </label>
            <input
              ref={searchInput}
              id={`${SEARCH_PANEL_ID}-q`}
              name="q"
              type="search"
              required
              maxLength={100}
              placeholder="Search products by name or number"
              className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus:border-brand-500 focus:outline-none"
            />
            <button
              type="submit"
              className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              Search
            </button>
          </Form>
        </div>

        <nav
          id={menuId}
          hidden={!menuOpen}
          aria-label="Main"
          className="border-t border-slate-100 md:hidden"
        >
          <ul className="mx-auto flex max-w-7xl flex-col px-4 py-2">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className="block rounded-md px-3 py-3 font-semibold text-slate-700 hover:bg-slate-100"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="border-t border-slate-100 px-3 py-3 sm:hidden">{accountSlot}</li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
