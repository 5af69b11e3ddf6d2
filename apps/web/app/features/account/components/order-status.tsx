import type { AccountOrderSummary } from '@labshop/shared/schemas/account';

const STATUS_TEXT: Record<AccountOrderSummary['status'], string> = {
  pending: 'Not paid',
  paid: 'Paid',
  failed: 'Not paid',
  voided: 'Cancelled',
  needs_attention: 'Being checked',
};

/** An order's status as the lab reads it: once paid, how far the ERP has taken it. */
export function OrderStatusBadge({
  status,
  progress,
}: Pick<AccountOrderSummary, 'status' | 'progress'>) {
  const tone =
    status === 'paid'
      ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
      : 'bg-slate-100 text-slate-700 ring-slate-200';
  const text =
    status === 'paid' && progress ? (progress === 'invoiced' ? 'Invoiced' : 'Shipped') : null;
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tone}`}
    >
      {text ?? STATUS_TEXT[status]}
    </span>
  );
}
