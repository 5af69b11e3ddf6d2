import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ShopContact } from '../lib/shop-contact.ts';
import { telHref } from '../lib/phone.ts';
import { SITE } from '../lib/site.ts';

const COLUMNS = [
  {
    title: 'Shop',
    links: [
      { to: '/shop', label: 'All products' },
      { to: '/quick-order', label: 'Quick order' },
      { to: '/gallery', label: 'Gallery' },
      { to: '/cart', label: 'Cart' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about-us', label: 'About us' },
      { to: '/partners', label: 'Partners' },
      { to: '/contact-us', label: 'Contact us' },
    ],
  },
  {
    title: 'Help',
    links: [
      { to: '/faq', label: 'FAQ' },
      { to: '/support', label: 'Support' },
      { to: '/terms-of-purchase', label: 'Terms of purchase' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy policy' },
      { to: '/cookies-policy', label: 'Cookies policy' },
      { to: '/terms-of-use', label: 'Terms of use' },
    ],
  },
] as const;

/**
 * The storefront footer; `newsletterSlot` (the sign-up form) opens it, full width. The address,
 * phone and e-mail are the Contacts Data's (`contact`); an empty one is left out.
 */
export function Footer({
  newsletterSlot,
  contact,
}: {
  newsletterSlot?: ReactNode;
  contact?: ShopContact | null;
}) {
  const address = contact?.address.trim() ?? '';
  const phone = contact?.phone.trim() ?? '';
  const email = contact?.email.trim() ?? '';
  const phoneHref = telHref(phone);
  return (
    <footer className="mt-16 bg-brand-900 text-brand-100">
      {newsletterSlot}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-6">
        <div className="lg:col-span-2">
          <p className="text-xl font-extrabold text-white">{SITE.name}</p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-brand-200">
            Alloy grinders, vibrators, polishing lathes and the parts that keep them running.
            Designed and built in the USA for dental laboratories for over 80 years.
          </p>
          {(address || phone || email) && (
            <address className="mt-4 space-y-1 text-sm not-italic">
              {phone && (
                <p>
                  {phoneHref ? (
                    <a href={phoneHref} className="font-semibold text-white hover:text-accent-400">
                      {phone}
                    </a>
                  ) : (
                    <span className="font-semibold text-white">{phone}</span>
                  )}
                </p>
              )}
              {email && (
                <p>
                  <a href={`mailto:${email}`} className="break-all text-brand-100 hover:text-white">
                    {email}
                  </a>
                </p>
              )}
              {address && <p className="whitespace-pre-line text-brand-200">{address}</p>}
            </address>
          )}
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wider text-white">
              {column.title}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-brand-200 hover:text-white">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-brand-200">
          © {new Date().getFullYear()} {SITE.name}. {SITE.tagline}.
        </p>
      </div>
    </footer>
  );
}
