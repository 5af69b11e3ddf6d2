import type { ReactNode } from 'react';

/** Header and body cells of the admin tables. */
export const tableHeadCellClass = 'px-3 py-2.5 font-semibold whitespace-nowrap';
export const tableCellClass = 'px-3 py-2.5 align-top';
/** A column shown from tablet width up only: on phones the row's first cell carries it. */
export const wideCellClass = 'hidden md:table-cell';

/** A column's heading; a `wide` column shows from tablet width up only (see wideCellClass). */
export function ColumnHeading({
  wide = false,
  className,
  children,
}: {
  wide?: boolean;
  /** More classes, e.g. 'text-right' over a column of numbers. */
  className?: string;
  children: ReactNode;
}) {
  const classes = [tableHeadCellClass, wide && wideCellClass, className].filter(Boolean);
  return (
    <th scope="col" className={classes.join(' ')}>
      {children}
    </th>
  );
}

/**
 * An admin list as a table: it keeps its columns and scrolls sideways inside its own box on
 * narrow screens (`relative` keeps absolutely placed bits, such as screen-reader texts, inside
 * that box), and dims while the next page loads.
 */
export function AdminTable({
  caption,
  busy,
  head,
  children,
}: {
  /** Names the table for screen readers ('Products'); the scrolling region is '<caption> table'. */
  caption: string;
  busy: boolean;
  /** The header row's cells. */
  head: ReactNode;
  /** The body rows. */
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={`${caption} table`}
      tabIndex={0}
      className={`relative mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm transition-opacity ${
        busy ? 'opacity-70' : ''
      }`}
    >
      {/* aria-busy: the rows are the previous answer's until the new one arrives. */}
      <table className="w-full text-left text-sm" aria-busy={busy || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
