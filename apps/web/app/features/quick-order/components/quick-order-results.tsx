import { formatCents } from '@labshop/shared/money';
import type { QuickOrderLine } from '@labshop/shared/quick-order';

const cell = 'px-3 py-2.5 align-top';
const head = 'px-3 py-2 font-semibold';

/** The checked lines: each with its product and price, or what is wrong with it. */
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
            <th scope="col" className={head}>
              Title
            </th>
            <th scope="col" className={`${head} text-right`}>
              Quantity
            </th>
            <th scope="col" className={`${head} text-right`}>
              Price
            </th>
            <th scope="col" className={head}>
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {lines.map((line) => (
            <tr key={line.lines[0]} data-testid="quick-order-line">
              <th scope="row" className={`${cell} text-left font-normal text-slate-600`}>
                {line.lines.join(', ')}
              </th>
              <td className={`${cell} font-semibold whitespace-nowrap text-slate-900`}>
                {line.number}
              </td>
              <td className={`${cell} min-w-40 text-slate-800`}>{line.title ?? '—'}</td>
              <td className={`${cell} text-right tabular-nums`}>{line.quantity ?? '—'}</td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
                {line.lineTotalCents !== null && line.unitPriceCents !== null ? (
                  <>
                    <span className="font-semibold text-slate-900">
                      {formatCents(line.lineTotalCents)}
                    </span>
                    {line.quantity !== null && line.quantity > 1 && (
                      <span className="block text-xs text-slate-600">
                        {line.quantity} × {formatCents(line.unitPriceCents)}
                      </span>
                    )}
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td className={`${cell} min-w-44`}>
                {line.error === null ? (
                  <span className="font-semibold text-emerald-800">Ready</span>
                ) : (
                  <span className="font-semibold text-red-700">{line.error}</span>
                )}
                {line.note && <span className="block text-xs text-slate-600">{line.note}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
