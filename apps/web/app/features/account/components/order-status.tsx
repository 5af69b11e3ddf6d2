import type { AccountOrderSummary } from '@labshop/shared/schemas/account';

const STATUS_TEXT: Record<AccountOrderSummary['status'], string> = {
  pending: 'Not paid',
  paid: 'Paid',
  failed: 'Not paid',
  voided: 'Cancelled',
  needs_attention: 'Being checked',
};

/** An order's status as the lab reads it. */
export function OrderStatusBadge({ status }: { status: AccountOrderSummary['status'] }) {
  const tone =
    status === 'paid'
      ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
      : 'bg-slate-100 text-slate-700 ring-slate-200';
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tone}`}
    >
      {STATUS_TEXT[status]}
    </span>
  );
}
