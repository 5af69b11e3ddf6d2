import { formatDollars } from '@labshop/shared/money';

/** The old price struck through; screen readers hear 'Was' before it (they skip <s>). */
export function OldPrice({ dollars, className }: { dollars: number; className?: string }) {
  return (
    <s className={className}>
      <span className="sr-only">Was </span>
      {formatDollars(dollars)}
    </s>
  );
}

/** The 'Save $X.XX' badge: old price minus new price. */
export function SaveBadge({ dollars, className = '' }: { dollars: number; className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full bg-accent-700 px-2.5 py-0.5 text-xs font-bold text-white shadow-sm ${className}`}
    >
      Save {formatDollars(dollars)}
    </span>
  );
}
