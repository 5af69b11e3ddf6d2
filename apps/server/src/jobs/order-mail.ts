import { FREIGHT_INCLUDED, FREIGHT_NOTE } from '@labshop/shared/schemas/freight';
import { FREIGHT_LINE_TITLE } from '@labshop/shared/schemas/quotes';
import { formatCents } from '@labshop/shared/money';
import { PO_NUMBER_LABEL } from '@labshop/shared/schemas/checkout';
import type { MailMessage } from '../integrations/mail/port.ts';
import type { OrderLineRow, OrderRow } from '../db/orders-repo.ts';
import { escapeHtml } from '../core/html-text.ts';

/** The subject every order confirmation starts with (also how a sent one is recognised). */
export const CONFIRMATION_SUBJECT_PREFIX = 'Your labshop order';

/** The mail log's `related_to` of an order's mails. */
export const orderMailTopic = (orderNumber: string) => `order:${orderNumber}`;

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    // Not a region code Intl knows; show what was stored.
    return code;
  }
}

function billingAddress(order: OrderRow): string[] {
  return [
    order.shipName,
    order.shipAddress1,
    [order.shipCity, [order.shipState, order.shipPostCode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    countryName(order.shipCountry),
  ].filter((line) => line.trim() !== '');
}

const dueDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Paid by card, or placed on the lab's account (issue 37) with the day payment is due. */
function thanksOf(order: OrderRow): string {
  if (order.paymentMethod === 'on_account' && order.paymentDueOn) {
    const due = dueDay.format(new Date(`${order.paymentDueOn}T00:00:00Z`));
    return `Thank you for your order. It is on your account (${order.paymentTerms ?? 'terms'}): payment is due on ${due}.`;
  }
  return 'Thank you for your order. Your payment was received.';
}

/** The order confirmation mail: the lines, discount and total as charged, and the address. */
export function orderConfirmationMail(order: OrderRow, lines: OrderLineRow[]): MailMessage {
  const discountLabel = order.couponCode ? `Discount (${order.couponCode})` : 'Discount';
  const address = billingAddress(order);
  const thanks = thanksOf(order);

  const text = [
    `Dear ${order.customerName},`,
    '',
    thanks,
    '',
    `Order number: ${order.number}`,
    ...(order.poNumber ? [`${PO_NUMBER_LABEL}: ${order.poNumber}`] : []),
    '',
    ...lines.map(
      (line) =>
        `- ${line.title} x ${line.quantity}: ${formatCents(line.unitPriceCents)} each, ` +
        formatCents(line.lineTotalCents),
    ),
    '',
    `Subtotal: ${formatCents(order.subtotalCents)}`,
    ...(order.discountCents > 0 ? [`${discountLabel}: -${formatCents(order.discountCents)}`] : []),
    ...(order.freightCents > 0
      ? [`${FREIGHT_LINE_TITLE}: ${formatCents(order.freightCents)}`]
      : []),
    `Total: ${formatCents(order.amountCents)}`,
    '',
    // A quote's order includes its freight; any other order does not.
    order.freightCents > 0 ? FREIGHT_INCLUDED : `${FREIGHT_NOTE}.`,
    '',
    'Billing address:',
    ...address,
    '',
    'labshop',
  ].join('\n');

  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const right = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right"';
  const html = [
    `<p>Dear ${escapeHtml(order.customerName)},</p>`,
    `<p>${escapeHtml(thanks)}</p>`,
    `<p>Order number: <strong>${escapeHtml(order.number)}</strong>${
      order.poNumber ? `<br>${PO_NUMBER_LABEL}: ${escapeHtml(order.poNumber)}` : ''
    }</p>`,
    '<table style="border-collapse:collapse">',
    `<thead><tr><th ${cell}>Item</th><th ${right}>Quantity</th><th ${right}>Unit price</th><th ${right}>Total</th></tr></thead>`,
    '<tbody>',
    ...lines.map(
      (line) =>
        `<tr><td ${cell}>${escapeHtml(line.title)}</td><td ${right}>${line.quantity}</td>` +
        `<td ${right}>${formatCents(line.unitPriceCents)}</td><td ${right}>${formatCents(line.lineTotalCents)}</td></tr>`,
    ),
    '</tbody>',
    '</table>',
    `<p>Subtotal: ${formatCents(order.subtotalCents)}<br>`,
    ...(order.discountCents > 0
      ? [`${escapeHtml(discountLabel)}: -${formatCents(order.discountCents)}<br>`]
      : []),
    ...(order.freightCents > 0
      ? [`${FREIGHT_LINE_TITLE}: ${formatCents(order.freightCents)}<br>`]
      : []),
    `<strong>Total: ${formatCents(order.amountCents)}</strong></p>`,
    `<p>${order.freightCents > 0 ? FREIGHT_INCLUDED : `${FREIGHT_NOTE}.`}</p>`,
    `<p>Billing address:<br>${address.map(escapeHtml).join('<br>')}</p>`,
    '<p>labshop</p>',
  ].join('\n');

  return {
    to: order.email,
    subject: `${CONFIRMATION_SUBJECT_PREFIX} ${order.number}`,
    text,
    html,
    relatedTo: orderMailTopic(order.number),
  };
}
