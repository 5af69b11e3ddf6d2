import { PAYMENT } from '@labshop/shared/constants';
import { formatCents } from '@labshop/shared/money';
import type { PricedCart } from '@labshop/shared/pricing';
import { FREIGHT_NOTE } from '@labshop/shared/schemas/freight';
import { FREIGHT_LINE_TITLE } from '@labshop/shared/schemas/quotes';

export interface OrderDetailsProps {
  order: PricedCart;
  /** Product numbers whose line is at the partner x3 price. */
  partnerPriced: ReadonlySet<string>;
  /**
   * The freight (issue 37), within `order.totalCents`: a quote's, or the freight table's rate to
   * the billing state. Absent: freight is not included, and the SPEC's note says so.
   */
  freightCents?: number;
  /** The cart's weight the freight table's rate is for. */
  freightWeightLb?: number;
}

/**
 * The order details table (SPEC.md "Checkout page"): Item, Qty, Unit Price and Line Price, then
 * the subtotal, the coupon's discount and the total charged.
 */
export function OrderDetails({
  order,
  partnerPriced,
  freightCents,
  freightWeightLb,
}: OrderDetailsProps) {
  const cell = 'px-1 py-2.5 align-top first:pl-0 last:pr-0 sm:px-2';
  const amount = `${cell} text-right whitespace-nowrap tabular-nums`;
  return (
    <div>
      {/* At 320 px four-figure prices just fit; larger ones scroll here, not the page. */}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm" data-testid="order-details">
          <caption className="sr-only">Order details</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-600 uppercase">
              <th scope="col" className={`${cell} font-semibold`}>
                Item
              </th>
              <th scope="col" className={`${cell} text-right font-semibold sm:whitespace-nowrap`}>
                Qty
              </th>
              <th scope="col" className={`${cell} text-right font-semibold sm:whitespace-nowrap`}>
                Unit Price
              </th>
              <th scope="col" className={`${cell} text-right font-semibold sm:whitespace-nowrap`}>
                Line Price
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.number} className="border-b border-slate-100">
                <th scope="row" className={`${cell} text-left font-medium text-slate-900`}>
                  <span className="block">{line.title}</span>
                  <span className="block text-xs font-normal text-slate-500">{line.number}</span>
                  {partnerPriced.has(line.number) && (
                    <span className="mt-1 inline-block rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">
                      Partner price ({PAYMENT.partnerPriceMinQuantity}+)
                    </span>
                  )}
                </th>
                <td className={amount}>{line.quantity}</td>
                <td className={amount}>{formatCents(line.unitPriceCents)}</td>
                <td className={`${amount} font-semibold text-slate-900`}>
                  {formatCents(line.lineTotalCents)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className={`${cell} pt-3 text-left font-medium`}>
                Subtotal
              </th>
              <td className={`${amount} pt-3`} data-testid="order-subtotal">
                {formatCents(order.subtotalCents)}
              </td>
            </tr>
            {order.discountCents > 0 && (
              <tr className="text-emerald-800">
                <th scope="row" colSpan={3} className={`${cell} text-left font-medium`}>
                  Discount ({order.discountPercent}%)
                </th>
                <td className={amount} data-testid="order-discount">
                  −{formatCents(order.discountCents)}
                </td>
              </tr>
            )}
            {freightCents !== undefined && (
              <tr>
                <th scope="row" colSpan={3} className={`${cell} text-left font-medium`}>
                  {FREIGHT_LINE_TITLE}
                  {freightWeightLb !== undefined && ` (${freightWeightLb} lb)`}
                </th>
                <td className={amount} data-testid="order-freight">
                  {formatCents(freightCents)}
                </td>
              </tr>
            )}
            <tr className="border-t border-slate-300 text-base">
              <th scope="row" colSpan={3} className={`${cell} text-left font-bold text-slate-900`}>
                Total
              </th>
              <td className={`${amount} font-bold text-brand-900`} data-testid="order-total">
                {formatCents(order.totalCents)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {freightCents === undefined && <p className="mt-3 text-sm text-slate-600">{FREIGHT_NOTE}</p>}
    </div>
  );
}
