import type { CustomerDto } from '@labshop/shared/schemas/erp';
import type { CustomerTermsEntry } from '@labshop/shared/schemas/payment-terms';
import { Globe, Mail, Phone, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { useId } from 'react';
import { telHref } from '../../../lib/phone.ts';
import { formatDay } from '../../admin/components/format-time.ts';
import { PayOnAccount } from './pay-on-account.tsx';

/**
 * A website as a link target: http(s) addresses as they are, a bare host ('example.com/x') with
 * https://, anything else (another scheme, spaces) not linked at all.
 */
export function websiteHref(website: string): string | null {
  const value = website.trim();
  if (!value || /\s/.test(value)) return null;
  const candidate = /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** What the website link shows: the address without its scheme and trailing slash. */
function websiteText(website: string): string {
  return website
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/$/, '');
}

const contactLink =
  'font-medium [overflow-wrap:anywhere] text-brand-700 underline-offset-2 hover:underline';

/**
 * One customer of the ERP: name, type, address, the ways to reach them and, when known, their
 * paid orders in the shop and whether they may pay on account.
 */
export function CustomerCard({
  customer,
  shopOrders,
  terms,
}: {
  customer: CustomerDto;
  shopOrders?: { orders: number; lastOrderAt: string | null };
  /** Pay on account (issue 37); none while loading or when the call failed. */
  terms?: CustomerTermsEntry;
}) {
  const headingId = useId();
  const place = [customer.city, customer.state].filter(Boolean).join(', ');
  const addressLines = [
    customer.addressLine1,
    customer.addressLine2,
    [place, customer.country].filter(Boolean).join(' · '),
  ].filter(Boolean);
  const tel = customer.phoneNumber ? telHref(customer.phoneNumber) : null;
  const web = customer.website ? websiteHref(customer.website) : null;
  const email = customer.email.includes('@') ? customer.email : null;

  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 font-semibold break-words text-brand-900">
          {customer.displayName || '(no name)'}
        </h2>
        {customer.type && (
          <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset">
            {customer.type}
          </span>
        )}
      </div>
      {addressLines.length > 0 && (
        <address className="mt-2 text-sm break-words text-slate-700 not-italic">
          {addressLines.map((line, index) => (
            <span key={index} className="block">
              {line}
            </span>
          ))}
        </address>
      )}
      {(customer.phoneNumber || customer.email || customer.website) && (
        <ul className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-sm">
          {customer.phoneNumber && (
            <li className="flex items-start gap-2">
              <Phone className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="sr-only">Phone: </span>
              {tel ? (
                <a href={tel} className={contactLink}>
                  {customer.phoneNumber}
                </a>
              ) : (
                <span>{customer.phoneNumber}</span>
              )}
            </li>
          )}
          {customer.email && (
            <li className="flex items-start gap-2">
              <Mail className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="sr-only">E-mail: </span>
              {email ? (
                <a href={`mailto:${email}`} className={contactLink}>
                  {email}
                </a>
              ) : (
                <span className="[overflow-wrap:anywhere]">{customer.email}</span>
              )}
            </li>
          )}
          {customer.website && (
            <li className="flex items-start gap-2">
              <Globe className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="sr-only">Website: </span>
              {web ? (
                <a href={web} target="_blank" rel="noopener noreferrer" className={contactLink}>
                  {websiteText(customer.website)}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <span className="[overflow-wrap:anywhere]">{customer.website}</span>
              )}
            </li>
          )}
        </ul>
      )}
      {email && (
        // Ours (issue 36): the customer's orders from the shop, the ones placed with its e-mail
        // (the e-mail is what links a lab's users and checkouts to it).
        <Link
          to={`/admin/orders-history?${new URLSearchParams({ search: email })}`}
          className={`mt-3 flex items-center gap-2 border-t border-slate-100 pt-3 text-sm ${contactLink}`}
        >
          <ShoppingBag className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            Orders in the shop
            <span className="sr-only"> of {customer.displayName || email}</span>
            {shopOrders && (
              <span className="block text-xs font-normal text-slate-600">
                {shopOrders.orders === 0
                  ? 'None paid yet'
                  : `${shopOrders.orders} paid${
                      shopOrders.lastOrderAt
                        ? `, the latest ${formatDay(shopOrders.lastOrderAt)}`
                        : ''
                    }`}
              </span>
            )}
          </span>
        </Link>
      )}
      {terms && <PayOnAccount name={customer.displayName || customer.email} entry={terms} />}
    </article>
  );
}
