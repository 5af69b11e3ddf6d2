import type { ContactDataDto } from '@labshop/shared/schemas/content';
import { Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { SITE } from '../../../lib/site.ts';

/** A phone number as a tel: link: digits, with the leading + kept. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/**
 * The shop's address, phone and e-mail from the contact data. When they could not be loaded
 * (only logged, SPEC.md section 8), the shell's fixed phone number still gives a way to reach us.
 */
export function ContactDetails({ contactData }: { contactData: ContactDataDto | null }) {
  if (!contactData) {
    return (
      <ul className="space-y-4">
        <Item icon={<Phone className="h-5 w-5" />} label="Phone">
          <a href={SITE.phone.href} className="font-semibold text-brand-700 hover:underline">
            {SITE.phone.display}
          </a>
        </Item>
      </ul>
    );
  }
  return (
    <ul className="space-y-4">
      <Item icon={<MapPin className="h-5 w-5" />} label="Address">
        <address className="not-italic">{contactData.address}</address>
      </Item>
      <Item icon={<Phone className="h-5 w-5" />} label="Phone">
        <a
          href={telHref(contactData.phone)}
          className="font-semibold break-words text-brand-700 hover:underline"
        >
          {contactData.phone}
        </a>
      </Item>
      <Item icon={<Mail className="h-5 w-5" />} label="Email">
        <a
          href={`mailto:${contactData.email}`}
          className="font-semibold break-all text-brand-700 hover:underline"
        >
          {contactData.email}
        </a>
      </Item>
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
