import { Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { telHref } from '../../../lib/phone.ts';
import type { ShopContact } from '../../../lib/shop-contact.ts';

/**
 * The shop's address, phone and e-mail from the contact data; an empty one is left out. When
 * they could not be loaded (only logged, SPEC.md section 8) the list is empty and the contact
 * form is the way to reach us.
 */
export function ContactDetails({ contactData }: { contactData: ShopContact | null }) {
  const address = contactData?.address.trim() ?? '';
  const phone = contactData?.phone.trim() ?? '';
  const email = contactData?.email.trim() ?? '';
  const phoneHref = telHref(phone);
  return (
    <ul className="space-y-4">
      {address && (
        <Item icon={<MapPin className="h-5 w-5" />} label="Address">
          <address className="whitespace-pre-line not-italic">{address}</address>
        </Item>
      )}
      {phone && (
        <Item icon={<Phone className="h-5 w-5" />} label="Phone">
          {phoneHref ? (
            <a
              href={phoneHref}
              className="font-semibold break-words text-brand-700 hover:underline"
            >
              {phone}
            </a>
          ) : (
            <span className="font-semibold break-words">{phone}</span>
          )}
        </Item>
      )}
      {email && (
        <Item icon={<Mail className="h-5 w-5" />} label="Email">
          <a
            href={`mailto:${email}`}
            className="font-semibold break-all text-brand-700 hover:underline"
          >
            {email}
          </a>
        </Item>
      )}
    </ul>
  );
}

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
        aria-hidden="true"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
        <div className="mt-0.5 text-slate-800">{children}</div>
      </div>
    </li>
  );
}
