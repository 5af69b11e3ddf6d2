import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { OrderLineRow, OrderRow } from '../../../src/db/orders-repo.ts';
import { orderPdf, winAnsi } from '../../../src/modules/account/order-pdf.ts';

/** The shop's own order PDF: any name prints, and a long order runs onto more pages. */

const order = {
  id: 'o1',
  number: 'WEB-100777',
  customerName: 'Zoë Ωmega 测试 Lab',
  email: 'zoe@example.com',
  paidAt: new Date('2026-11-20T15:00:00Z'),
  createdAt: new Date('2026-11-20T15:00:00Z'),
  poNumber: 'PO 12/B',
  shipName: 'Zoë Ωmega',
  shipAddress1: '1 Main St',
  shipCity: 'Toledo',
  shipState: 'OH',
  shipPostCode: '43612',
  shipCountry: 'US',
  shipPhone: '',
  subtotalCents: 120_000,
  discountCents: 1000,
  couponCode: 'BLACK10',
  amountCents: 119_000,
  invoicedAt: null,
  shippedAt: null,
  erpShipmentNumber: null,
} as unknown as OrderRow;

const lines = Array.from({ length: 90 }, (_, index) => ({
  productNumber: `AG-${index}`,
  title: `Grinding wheel № ${index} — a title long enough to be cut to its column’s width, ≥ 1`,
  quantity: index + 1,
  unitPriceCents: 1000,
  lineTotalCents: 1000 * (index + 1),
})) as unknown as OrderLineRow[];

describe('orderPdf', () => {
  it('writes Windows-1252 text: accents kept or dropped, other scripts as ?', () => {
    expect(winAnsi('Zoë – “Ωmega” 测试 ő\tx')).toBe('Zoë – “?mega” ?? o x');
  });

  it('makes a receipt of a long order over several pages, whatever the names', async () => {
    const bytes = await orderPdf({
      order,
      lines,
      invoiceNumber: null,
      timeZone: 'America/New_York',
    });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Receipt for order WEB-100777');
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
  });
});
