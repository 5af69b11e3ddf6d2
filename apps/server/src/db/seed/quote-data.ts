import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { quoteLines, quotes } from '../schema/index.ts';
import { seedProducts } from './catalog-data.ts';

/**
 * The demo's quotes (issue 37), both Bright Smile's (the demo partner): one just requested,
 * waiting for the staff, and one sent with freight and a better price, waiting for the lab.
 */
const LAB = {
  userSubject: 'demo-partner-brightsmile',
  email: 'orders@brightsmile-lab.example',
  customerName: 'Bright Smile Dental Lab',
  customerNumber: 'C10017',
  shipFirstName: 'Bright',
  shipLastName: 'Smile Dental Lab',
  shipPhone: '+1 (410) 555-0117',
  shipAddress: '77 Harbor View Dr',
  shipCity: 'Baltimore',
  shipState: 'MD',
  shipZip: '21230',
  shipCountry: 'US',
};

const product = (number: string) => {
  const found = seedProducts.find((candidate) => candidate.number === number);
  if (!found) throw new Error(`no seed product ${number}`);
  return found;
};

const day = (at: Date, days: number) =>
  new Date(at.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export async function insertDemoQuotes(db: Database, now: Date): Promise<number> {
  const [existing] = await db.select({ id: quotes.id }).from(quotes).limit(1);
  if (existing) return 0;
  const demo = [
    {
      quote: {
        ...LAB,
        message: 'We are fitting out a second bench. Can you do better on three grinders?',
        poNumber: 'PO-2291',
        createdAt: new Date(now.getTime() - 2 * 86_400_000),
      },
      lines: [{ number: 'AG-210', quantity: 3, discount: 0 }],
    },
    {
      quote: {
        ...LAB,
        status: 'sent' as const,
        message: 'Two grinders and a compact one for the front desk, shipped together please.',
        note: 'Quoted with 8% off the wholesale price; freight by LTL carrier to Baltimore.',
        poNumber: 'PO-2270',
        freightCents: 14_500,
        validUntil: day(now, 30),
        createdAt: new Date(now.getTime() - 6 * 86_400_000),
        sentAt: new Date(now.getTime() - 5 * 86_400_000),
      },
      lines: [
        { number: 'AG-220', quantity: 2, discount: 0.08 },
        { number: 'AG-150', quantity: 1, discount: 0.08 },
      ],
    },
  ];
  for (const { quote, lines } of demo) {
    const [row] = await db
      .insert(quotes)
      .values({ ...quote, number: sql`'Q-' || nextval('quote_number_seq')::text` })
      .returning({ id: quotes.id });
    await db.insert(quoteLines).values(
      lines.map((line, position) => {
        const listPrice = product(line.number).wholesalePriceCents;
        return {
          quoteId: row!.id,
          position,
          productNumber: line.number,
          title: product(line.number).title,
          quantity: line.quantity,
          unitPriceCents: Math.round(listPrice * (1 - line.discount)),
          listPriceCents: listPrice,
        };
      }),
    );
  }
  return demo.length;
}
