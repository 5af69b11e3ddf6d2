import type { ReactNode } from 'react';

/** A home page section's eyebrow, heading and optional line under it. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'left',
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'left' | 'center';
}) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      <p className="text-xs font-semibold tracking-[0.2em] text-accent-700 uppercase sm:text-sm">
        {eyebrow}
      </p>
      <h2 id={id} className="mt-2 text-2xl font-bold text-brand-900 sm:text-3xl">
        {title}
      </h2>
      {children && <p className="mt-3 text-slate-600">{children}</p>}
    </div>
  );
}
