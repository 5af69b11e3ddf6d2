import { FREIGHT_INCLUDED, FREIGHT_NOTE } from '@labshop/shared/schemas/freight';
import { FREIGHT_LINE_TITLE } from '@labshop/shared/schemas/quotes';
import { formatCents } from '@labshop/shared/money';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { OrderLineRow, OrderRow } from '../../db/orders-repo.ts';

/**
 * The PDF the shop makes of an order (issue 36): a receipt of the payment before the ERP has
 * invoiced it, and, with the built-in ERP (which keeps no documents), the invoice itself.
 * Business Central's own invoice is served as it comes (the ERP port's invoicePdf).
 */
export interface OrderPdfInput {
  order: OrderRow;
  lines: readonly OrderLineRow[];
  /** The built-in ERP's invoice number when invoiced; a receipt otherwise. */
  invoiceNumber: string | null;
  /** SHOP_TIME_ZONE: dates are the shop's. */
  timeZone: string;
}

const PAGE = { width: 612, height: 792 }; // US Letter, in points
const MARGIN = 54;
const INK = rgb(0.1, 0.13, 0.2);
const MUTED = rgb(0.38, 0.42, 0.5);
const RULE = rgb(0.82, 0.85, 0.9);

/**
 * The standard PDF fonts write Windows-1252 only: accented letters lose their accent, and any
 * other character (a name in another script) becomes '?', rather than failing the document.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function winAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) out += char;
    else if (WIN_ANSI_EXTRAS.has(char)) out += char;
    else if (char === '\t' || char === '\n' || char === '\r') out += ' ';
    else {
      const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
    }
  }
  return out;
}

export async function orderPdf(input: OrderPdfInput): Promise<Uint8Array> {
  const { order, lines, invoiceNumber } = input;
  const pdf = await PDFDocument.create();
  const title = invoiceNumber ? `Invoice ${invoiceNumber}` : `Receipt for order ${order.number}`;
  pdf.setTitle(title);
  pdf.setAuthor('labshop');
  pdf.setCreationDate(new Date());
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const day = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeZone: input.timeZone,
  });

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const write = (
    text: string,
    x: number,
    options: { font?: PDFFont; size?: number; color?: typeof INK; width?: number } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const fitted = fit(winAnsi(text), font, size, options.width);
    page.drawText(fitted, { x, y, font, size, color: options.color ?? INK });
  };
  const rightAligned = (text: string, right: number, font = regular, size = 10) => {
    const clean = winAnsi(text);
    page.drawText(clean, {
      x: right - font.widthOfTextAtSize(clean, size),
      y,
      font,
      size,
      color: INK,
    });
  };
  /** A line across the page, `above` points over the next line's baseline. */
  const rule = (above: number) => {
    page.drawLine({
      start: { x: MARGIN, y: y + above },
      end: { x: PAGE.width - MARGIN, y: y + above },
      thickness: 0.75,
      color: RULE,
    });
  };
  /** What a new page starts with (the table's header while lines are written). */
  let pageHead: (() => void) | null = null;
  const newLine = (gap = 14) => {
    y -= gap;
    if (y < MARGIN + 40) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
      pageHead?.();
    }
  };

  write('labshop', MARGIN, { font: bold, size: 20, color: rgb(0.1, 0.25, 0.5) });
  rightAligned(invoiceNumber ? 'INVOICE' : 'RECEIPT', PAGE.width - MARGIN, bold, 16);
  newLine(18);
  write('Dental laboratory equipment, made in the USA', MARGIN, { color: MUTED, size: 9 });
  newLine(30);

  write(title, MARGIN, { font: bold, size: 13 });
  newLine(18);
  const facts: [string, string][] = [
    ['Order', order.number],
    ['Placed and paid', day.format(order.paidAt ?? order.createdAt)],
    ...(order.poNumber ? [['PO number / reference', order.poNumber] as [string, string]] : []),
    ...(invoiceNumber && order.invoicedAt
      ? [['Invoice date', day.format(order.invoicedAt)] as [string, string]]
      : []),
    ...(order.erpShipmentNumber && order.shippedAt
      ? [
          ['Shipped', `${day.format(order.shippedAt)} (${order.erpShipmentNumber})`] as [
            string,
            string,
          ],
        ]
      : []),
    ['Customer', order.customerName],
    ['E-mail', order.email],
  ];
  for (const [label, value] of facts) {
    write(label, MARGIN, { color: MUTED, width: 130 });
    write(value, MARGIN + 140, { width: PAGE.width - 2 * MARGIN - 140 });
    newLine();
  }
  newLine(8);
  write('Ship to', MARGIN, { font: bold });
  newLine();
  for (const text of [
    order.shipName,
    order.shipAddress1,
    [[order.shipCity, order.shipState].filter(Boolean).join(', '), order.shipPostCode]
      .filter(Boolean)
      .join(' '),
    order.shipCountry,
    order.shipPhone,
  ].filter(Boolean)) {
    write(text, MARGIN);
    newLine();
  }
  newLine(16);

  const columns = { number: MARGIN, title: MARGIN + 90, quantity: 420, unit: 482, total: 558 };
  const header = () => {
    write('Product', columns.number, { font: bold, size: 9 });
    write('Description', columns.title, { font: bold, size: 9 });
    rightAligned('Qty', columns.quantity, bold, 9);
    rightAligned('Unit price', columns.unit, bold, 9);
    rightAligned('Amount', columns.total, bold, 9);
    newLine(16);
    rule(11);
  };
  header();
  pageHead = header;
  for (const line of lines) {
    write(line.productNumber, columns.number, { width: 84, size: 9 });
    write(line.title, columns.title, { width: columns.quantity - columns.title - 40, size: 9 });
    rightAligned(String(line.quantity), columns.quantity, regular, 9);
    rightAligned(formatCents(line.unitPriceCents), columns.unit, regular, 9);
    rightAligned(formatCents(line.lineTotalCents), columns.total, regular, 9);
    newLine();
  }
  pageHead = null;
  rule(8);
  newLine(6);
  const totals: [string, string][] = [
    ['Subtotal', formatCents(order.subtotalCents)],
    ...(order.discountCents > 0
      ? [
          [
            `Discount${order.couponCode ? ` (${order.couponCode})` : ''}`,
            `-${formatCents(order.discountCents)}`,
          ] as [string, string],
        ]
      : []),
    ...(order.freightCents > 0
      ? [[FREIGHT_LINE_TITLE, formatCents(order.freightCents)] as [string, string]]
      : []),
    [
      order.paymentMethod === 'on_account'
        ? `Total on account (${order.paymentTerms ?? 'terms'}), due ${order.paymentDueOn ?? ''}`
        : 'Total paid by card',
      formatCents(order.amountCents),
    ],
  ];
  for (const [index, [label, value]] of totals.entries()) {
    const last = index === totals.length - 1;
    rightAligned(label, columns.unit, last ? bold : regular);
    rightAligned(value, columns.total, last ? bold : regular);
    newLine();
  }
  newLine(16);
  write(order.freightCents > 0 ? FREIGHT_INCLUDED : `${FREIGHT_NOTE}.`, MARGIN, {
    color: MUTED,
    size: 9,
  });

  return pdf.save();
}

/** The text cut with an ellipsis to fit `width` points (when given). */
function fit(text: string, font: PDFFont, size: number, width?: number): string {
  if (width === undefined || font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
