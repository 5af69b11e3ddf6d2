import { Award, Crosshair, Flag, Globe, type LucideIcon } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

const REASONS: readonly { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Award,
    title: '80+ Years of Expertise',
    text: 'Building equipment for dental laboratories since 1944, refined by generations of technicians who use it every day.',
  },
  {
    icon: Crosshair,
    title: 'Precision Engineering',
    text: 'Balanced motors, true-running spindles and tight tolerances for clean, repeatable results.',
  },
  {
    icon: Flag,
    title: 'Proudly Made in USA',
    text: 'Designed, machined and assembled in our own American workshop, with parts stocked for years to come.',
  },
  {
    icon: Globe,
    title: 'Worldwide Support',
    text: 'Labs on every continent run our machines; our team helps with setup, service and spare parts.',
  },
];

/** The 'Why choose' block: four reasons (SPEC.md "Home page"). */
export function WhyChoose() {
  return (
    <section aria-labelledby="why-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <SectionHeading
          id="why-heading"
          eyebrow="Why choose labshop"
          title="Equipment labs rely on"
          align="center"
        >
          For more than eight decades, dental laboratories have trusted our machines to do the same
          careful work, day after day.
        </SectionHeading>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-xl border border-slate-200 bg-slate-50/60 p-6 transition-shadow hover:shadow-md"
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-brand-700 text-white shadow-sm">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-brand-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
