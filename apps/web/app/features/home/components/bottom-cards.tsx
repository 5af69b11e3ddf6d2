import { ArrowRight, Info, Mail, ShoppingBag, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

const CARDS: readonly { icon: LucideIcon; title: string; text: string; to: string }[] = [
  {
    icon: Mail,
    title: 'Contact Us',
    text: 'Questions about a machine, a part or an order? Our team answers within one business day.',
    to: '/contact-us',
  },
  {
    icon: ShoppingBag,
    title: 'Go to Shop',
    text: 'Browse grinders, lathes, vibrators and every replacement part, with prices online.',
    to: '/shop',
  },
  {
    icon: Info,
    title: 'Learn More',
    text: 'Our story, our workshop and the people behind more than 80 years of lab equipment.',
    to: '/about-us',
  },
];

/** The three cards at the foot of the home page (SPEC.md "Home page"). */
export function BottomCards() {
  return (
    <section aria-label="Where to next" className="below-fold [--below-fold-height:600px] bg-white">
      <ul className="mx-auto grid max-w-7xl gap-4 px-4 py-14 sm:px-6 sm:py-16 md:grid-cols-3 lg:gap-6 lg:px-8">
        {CARDS.map(({ icon: Icon, title, text, to }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-xl border border-slate-200 bg-gradient-to-br from-white to-brand-50 p-6 shadow-sm transition-all hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg"
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-accent-700 text-white">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <span className="mt-4 text-xl font-bold text-brand-900">{title}</span>
              <span className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{text}</span>
              <span
                aria-hidden="true"
                className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 group-hover:text-brand-600"
              >
                {title}
                <ArrowRight
                  className="h-4 w-4 transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
