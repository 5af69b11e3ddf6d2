import { FREIGHT_INCLUDED, FREIGHT_NOTE } from '@labshop/shared/schemas/freight';
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
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

/**
 * The text the PDF draws, in drawing order: pdf-lib writes each piece as a hex string shown with
 * Tj in a compressed content stream, in the standard fonts' Windows-1252.
 */
async function textOf(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const pieces: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const [, hex = ''] of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      pieces.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return pieces;
}

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

  it("prints the freight as a total's row and says it is included, or keeps the note without", async () => {
    const short = lines.slice(0, 2); // $10.00 and $20.00
    const withFreight = await textOf(
      await orderPdf({
        order: { ...order, freightCents: 5500, amountCents: 8500 } as OrderRow,
        lines: short,
        invoiceNumber: null,
        timeZone: 'America/New_York',
      }),
    );
    const after = (label: string, text: string[]) => text[text.indexOf(label) + 1];
    expect(after('Freight', withFreight)).toBe('$55.00');
    expect(after('Total paid by card', withFreight)).toBe('$85.00');
    expect(withFreight).toContain(FREIGHT_INCLUDED);
    expect(withFreight).not.toContain(`${FREIGHT_NOTE}.`);

    const onAccount = await textOf(
      await orderPdf({
        order: {
          ...order,
          freightCents: 0,
          paymentMethod: 'on_account',
          paymentTerms: 'NET30',
          paymentDueOn: '2026-12-20',
        } as OrderRow,
        lines: short,
        invoiceNumber: null,
        timeZone: 'America/New_York',
      }),
    );
    expect(onAccount).not.toContain('Freight');
    expect(after('Total on account (NET30), due 2026-12-20', onAccount)).toBe('$1,190.00');
    expect(onAccount).toContain(`${FREIGHT_NOTE}.`);
  });
});
