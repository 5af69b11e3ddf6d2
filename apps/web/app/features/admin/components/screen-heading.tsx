import type { ReactNode } from 'react';

/** A content screen's title and one line about it, with room for actions on the right. */
export function ScreenHeading({
  id,
  title,
  description,
  actions,
}: {
  id: string;
  title: string;
  description: string;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 id={id} className="text-2xl font-bold text-brand-900">
          {title}
        </h1>
        <p className="mt-1 text-slate-600">{description}</p>
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
