import type { ReactNode } from 'react';

/** One field of a record: its name and its value. */
export type Detail = [term: string, value: ReactNode];

/**
 * A record's fields (a mail, a sync, an order) as two columns, names then values; `className`
 * sets the gaps and any box around them.
 */
export function DetailList({ rows, className }: { rows: Detail[]; className: string }) {
  return (
    <dl className={`grid grid-cols-[max-content_minmax(0,1fr)] text-sm ${className}`}>
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-600">{term}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
