import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@labshop/shared/schemas/quotes';

const TONES: Record<QuoteStatus, string> = {
  requested: 'bg-slate-100 text-slate-700 ring-slate-200',
  sent: 'bg-sky-50 text-sky-800 ring-sky-200',
  accepted: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  expired: 'bg-amber-50 text-amber-800 ring-amber-200',
  declined: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/** A quote's status as the lab reads it. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${TONES[status]}`}
    >
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}
