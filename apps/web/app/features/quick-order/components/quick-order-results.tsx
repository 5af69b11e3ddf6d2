import { formatCents } from '@labshop/shared/money';
import type { QuickOrderLine } from '@labshop/shared/quick-order';

const cell = 'px-2 py-2.5 align-top sm:px-3';
const head = 'px-2 py-2 font-semibold sm:px-3';
/** Columns a phone leaves out: their text is shown in the next column's cell there. */
const wideOnly = 'hidden sm:table-cell';
const phoneOnly = 'block sm:hidden';

/**
 * The checked lines: each with its product and price, or what is wrong with it. On a phone the
 * title goes under the number and the price under the status, so the status stays in view.
 */
export function QuickOrderResults({ lines }: { lines: readonly QuickOrderLine[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Your lines, checked</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className={head}>
              Line
            </th>
            <th scope="col" className={head}>
              Product number
            </th>
            <th scope="col" className={`${head} ${wideOnly}`}>
              Title
            </th>
            <th scope="col" className={`${head} text-right`}>
              <span className="sm:hidden">Qty</span>
              <span className="hidden sm:inline">Quantity</span>
            </th>
            <th scope="col" className={`${head} ${wideOnly} text-right`}>
              Price
            </th>
            <th scope="col" className={head}>
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {lines.map((line) => {
            const price =
              line.lineTotalCents !== null && line.unitPriceCents !== null ? (
                <LinePrice
                  totalCents={line.lineTotalCents}
                  unitCents={line.unitPriceCents}
                  quantity={line.quantity ?? 1}
                />
              ) : null;
            return (
              <tr key={line.lines[0]} data-testid="quick-order-line">
                <th scope="row" className={`${cell} text-left font-normal text-slate-600`}>
                  {line.lines.join(', ')}
                </th>
                <td className={`${cell} font-semibold text-slate-900 sm:whitespace-nowrap`}>
                  {line.number}
                  {line.title !== null && (
                    <span className={`${phoneOnly} mt-0.5 font-normal text-slate-700`}>
                      {line.title}
                    </span>
                  )}
                </td>
                <td className={`${cell} ${wideOnly} min-w-40 text-slate-800`}>
                  {line.title ?? '—'}
                </td>
                <td className={`${cell} text-right tabular-nums`}>{line.quantity ?? '—'}</td>
                <td className={`${cell} ${wideOnly} text-right whitespace-nowrap tabular-nums`}>
                  {price ?? '—'}
                </td>
                <td className={`${cell} sm:min-w-44`}>
                  {line.error === null ? (
                    <span className="font-semibold text-emerald-800">Ready</span>
                  ) : (
                    <span className="font-semibold text-red-700">{line.error}</span>
                  )}
                  {price && <span className={`${phoneOnly} mt-0.5 tabular-nums`}>{price}</span>}
                  {line.note && <span className="block text-xs text-slate-600">{line.note}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A line's total, and its unit price when there are several. */
function LinePrice({
  totalCents,
  unitCents,
  quantity,
}: {
  totalCents: number;
  unitCents: number;
  quantity: number;
}) {
  return (
    <>
      <span className="font-semibold text-slate-900">{formatCents(totalCents)}</span>
      {quantity > 1 && (
        <span className="block text-xs text-slate-600">
          {quantity} × {formatCents(unitCents)}
        </span>
      )}
    </>
  );
}
