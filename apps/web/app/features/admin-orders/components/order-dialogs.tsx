import { FREIGHT_LINE_TITLE } from '@labshop/shared/schemas/quotes';
import { dollarsToCents, formatCents, formatDollars } from '@labshop/shared/money';
import type { OrderHistoryEntry } from '@labshop/shared/schemas/orders';
import { useId, type ReactNode } from 'react';
import { formatTime } from '../../admin/components/format-time.ts';
import { DetailList, type Detail } from '../../admin/components/detail-list.tsx';
import { PrintableDialog } from './printable-dialog.tsx';

export type OrderDialogKind = 'cart' | 'address';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** 'US' -> 'United States'; a code the runtime does not know is shown as it is. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    // Not a region code at all (empty, 'USA'): Intl.DisplayNames throws a RangeError.
    return code;
  }
}

/** View Cart or View Address of one order, printable. */
export function OrderDialog({
  kind,
  order,
  open,
  onClose,
}: {
  kind: OrderDialogKind;
  order: OrderHistoryEntry;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <PrintableDialog
      open={open}
      title={
        kind === 'cart'
          ? `Cart of order ${order.orderNumber}`
          : `Address of order ${order.orderNumber}`
      }
      onClose={onClose}
    >
      <OrderSummaryLine order={order} />
      {kind === 'cart' ? <OrderCart order={order} /> : <OrderAddress order={order} />}
    </PrintableDialog>
  );
}

/** When and by whom: printed at the top, so the paper says which order it is. */
function OrderSummaryLine({ order }: { order: OrderHistoryEntry }) {
  return (
    <p className="text-sm text-slate-600">
      <time dateTime={order.createdAt}>{formatTime(order.createdAt)}</time>
      {' · '}
      {order.customerName || order.email}
      {' · '}
      {order.customerType}
      {order.customerNumber ? ` ${order.customerNumber}` : ''}
    </p>
  );
}

const th = 'px-2 py-2 font-semibold first:pl-0 last:pr-0';
const td = 'px-2 py-2 align-top first:pl-0 last:pr-0';
const num = 'text-right whitespace-nowrap';

/** The cart as bought: each item with its unit price (newPrice) and line total, then the sums. */
export function OrderCart({ order }: { order: OrderHistoryEntry }) {
  // Sums in cents: dollars do not add up exactly in floating point.
  const lineCents = (item: OrderHistoryEntry['cart'][number]) =>
    dollarsToCents(item.newPrice) * item.quantity;
  const subtotal = order.cart.reduce((sum, item) => sum + lineCents(item), 0);
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="sr-only">Items of order {order.orderNumber}</caption>
      <thead className="border-b border-slate-300 text-xs tracking-wide text-slate-600 uppercase">
        <tr>
          <th scope="col" className={th}>
            Item
          </th>
          <th scope="col" className={`${th} ${num}`}>
            Qty
          </th>
          <th scope="col" className={`${th} ${num}`}>
            Unit price
          </th>
          <th scope="col" className={`${th} ${num}`}>
            Line total
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {order.cart.length === 0 ? (
          <tr>
            <td colSpan={4} className={`${td} text-slate-600`}>
              No items.
            </td>
          </tr>
        ) : (
          order.cart.map((item, index) => (
            <tr key={`${index}:${item.number}`}>
              <th scope="row" className={`${td} font-normal`}>
                <span className="block font-medium break-words text-slate-900">{item.title}</span>
                <span className="block text-xs text-slate-500">{item.number}</span>
              </th>
              <td className={`${td} ${num}`}>{item.quantity}</td>
              <td className={`${td} ${num}`}>{formatDollars(item.newPrice)}</td>
              <td className={`${td} ${num} font-semibold text-slate-900`}>
                {formatCents(lineCents(item))}
              </td>
            </tr>
          ))
        )}
      </tbody>
      <tfoot className="border-t border-slate-300">
        <SumRow label="Subtotal">{formatCents(subtotal)}</SumRow>
        {order.discount > 0 && (
          <SumRow label={order.couponCode ? `Discount (coupon ${order.couponCode})` : 'Discount'}>
            −{formatDollars(order.discount)}
          </SumRow>
        )}
        {order.freight > 0 && (
          <SumRow label={FREIGHT_LINE_TITLE}>{formatDollars(order.freight)}</SumRow>
        )}
        <SumRow label="Order total" strong>
          {formatDollars(order.amount)}
        </SumRow>
      </tfoot>
    </table>
  );
}

function SumRow({
  label,
  strong = false,
  children,
}: {
  label: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <tr className={strong ? 'text-base font-bold text-brand-900' : 'text-slate-700'}>
      <th scope="row" colSpan={3} className={`${td} text-right font-semibold`}>
        {label}
      </th>
      <td className={`${td} ${num}`}>{children}</td>
    </tr>
  );
}

/** Where the order goes (the shipping address) and how to reach whoever ordered it. */
export function OrderAddress({ order }: { order: OrderHistoryEntry }) {
  const { shipping } = order;
  const id = useId();
  return (
    <div className="mt-4 grid gap-6 sm:grid-cols-2">
      <section aria-labelledby={`${id}-ship-to`}>
        <h3
          id={`${id}-ship-to`}
          className="text-sm font-bold tracking-wide text-slate-600 uppercase"
        >
          Shipping address
        </h3>
        <Fields
          rows={[
            ['Name', shipping.name],
            ['Address', shipping.address1],
            ['City', shipping.city],
            ['State', shipping.state],
            ['Post code', shipping.postCode],
            ['Country', countryName(shipping.country)],
            ['Phone', <PhoneLink key="phone" phone={shipping.phone} />],
          ]}
        />
      </section>
      <section aria-labelledby={`${id}-contact`}>
        <h3
          id={`${id}-contact`}
          className="text-sm font-bold tracking-wide text-slate-600 uppercase"
        >
          Order contact
        </h3>
        <Fields
          rows={[
            ['Customer', order.customerName || '—'],
            [
              'E-mail',
              order.email ? (
                <a
                  key="email"
                  href={`mailto:${order.email}`}
                  className="text-brand-700 [overflow-wrap:anywhere] underline-offset-2 hover:underline"
                >
                  {order.email}
                </a>
              ) : (
                '—'
              ),
            ],
            ['Phone', <PhoneLink key="phone" phone={order.phone} />],
          ]}
        />
      </section>
    </div>
  );
}

function PhoneLink({ phone }: { phone: string }) {
  if (!phone.trim()) return <>—</>;
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, '')}`}
      className="text-brand-700 underline-offset-2 hover:underline"
    >
      {phone}
    </a>
  );
}

/** The fields of a part of the order; an empty one shows a dash. */
function Fields({ rows }: { rows: Detail[] }) {
  return (
    <DetailList
      rows={rows.map(([label, value]) => [label, value || '—'])}
      className="mt-2 gap-x-4 gap-y-1.5"
    />
  );
}
