import type { SyncedPriceField } from '@labshop/shared/schemas/erp';

/** The shop's price columns, as Products Management names them. */
export const PRICE_FIELD_LABELS: Record<SyncedPriceField, string> = {
  newPrice: 'New Price',
  wholesalePrice: 'Wholesale Price',
  partnerPricex3: 'Partner Price QTY x3',
};

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatPrice = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : usd.format(value);

/** A price before and after a sync: 'old → new' when it changed, else the one value, greyed. */
export function PriceChange({
  before,
  after,
}: {
  before: number | null | undefined;
  after: number | null | undefined;
}) {
  if (before === after || after === undefined) {
    return <span className="text-slate-500">{formatPrice(before)}</span>;
  }
  return (
    <span className="whitespace-nowrap">
      <span className="text-slate-500">{formatPrice(before)}</span>
      <span aria-hidden="true" className="px-1 text-slate-400">
        →
      </span>
      <span className="sr-only"> to </span>
      <strong className="font-semibold text-slate-900">{formatPrice(after)}</strong>
    </span>
  );
}
