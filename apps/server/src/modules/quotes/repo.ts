import type { QuoteStatus } from '@labshop/shared/schemas/quotes';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import type { OutboxWriter } from '../../jobs/outbox.ts';
import type { LabOrdersOwner } from '../../db/orders-repo.ts';
import { quoteLines, quotes } from '../../db/schema/index.ts';

/**
 * The quotes and their lines (issue 37). What a quote is now (`expired` included) is worked out
 * here in SQL against the shop's today, so lists can filter and count by it.
 */

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type NewQuote = Omit<
  typeof quotes.$inferInsert,
  'id' | 'number' | 'status' | 'createdAt' | 'updatedAt'
>;
export type NewQuoteLine = Omit<typeof quoteLines.$inferInsert, 'id' | 'quoteId'>;

/** A quote with what it is now and the paid order made from it. */
export interface QuoteView {
  quote: QuoteRow;
  status: QuoteStatus;
  orderNumber: string | null;
}

export const QUOTE_NUMBER_PREFIX = 'Q';

/** The paid order of a quote (at most one: orders_quote_live_unique). */
const paidOrderNumber = sql<string | null>`(
  select paid.number from orders paid
  where paid.quote_id = "quotes"."id" and paid.status = 'paid' limit 1)`;

/** `expired`: sent, or accepted and not paid, past its day (`today` is the shop's, YYYY-MM-DD). */
function statusNow(today: string): SQL<QuoteStatus> {
  return sql<QuoteStatus>`case
    when ${quotes.status} = 'sent' and ${quotes.validUntil} < ${today}::date then 'expired'
    when ${quotes.status} = 'accepted' and ${quotes.validUntil} < ${today}::date
      and ${paidOrderNumber} is null then 'expired'
    else ${quotes.status} end`;
}

function ownedBy(owner: LabOrdersOwner): SQL {
  const theirs: SQL[] = [eq(quotes.userSubject, owner.subject)];
  if (owner.verifiedEmail) theirs.push(sql`lower(${quotes.email}) = lower(${owner.verifiedEmail})`);
  if (owner.customerNumber) theirs.push(eq(quotes.customerNumber, owner.customerNumber));
  return or(...theirs) as SQL;
}

function searchWhere(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(quotes.number, pattern),
    ilike(quotes.email, pattern),
    ilike(quotes.customerName, pattern),
    ilike(quotes.customerNumber, pattern),
    ilike(quotes.poNumber, pattern),
  );
}

export function createQuotesRepo(db: Database) {
  async function views(
    where: SQL | undefined,
    today: string,
    page?: { limit: number; offset: number },
  ): Promise<QuoteView[]> {
    const query = db
      .select({ quote: quotes, status: statusNow(today), orderNumber: paidOrderNumber })
      .from(quotes)
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.number));
    return page ? query.limit(page.limit).offset(page.offset) : query;
  }

  async function pageOf(
    where: SQL | undefined,
    today: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: QuoteView[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      views(where, today, page),
      db.select({ value: count() }).from(quotes).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  }

  return {
    /**
     * A new 'requested' quote numbered from quote_number_seq, with its lines; `then` runs in the
     * same transaction (its mail job).
     */
    async create(
      quote: NewQuote,
      lines: readonly NewQuoteLine[],
      then: (tx: OutboxWriter, row: QuoteRow) => Promise<unknown>,
    ): Promise<QuoteRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(quotes)
          .values({
            ...quote,
            number: sql`${`${QUOTE_NUMBER_PREFIX}-`}::text || nextval('quote_number_seq')::text`,
            status: 'requested',
          })
          .returning();
        if (!row) throw new Error('quotes insert returned no row');
        await tx.insert(quoteLines).values(lines.map((line) => ({ ...line, quoteId: row.id })));
        await then(tx, row);
        return row;
      });
    },

    async view(number: string, today: string, owner?: LabOrdersOwner): Promise<QuoteView | null> {
      const where = and(eq(quotes.number, number), owner ? ownedBy(owner) : undefined);
      const [row] = await views(where, today, { limit: 1, offset: 0 });
      return row ?? null;
    },

    async linesOf(quoteIds: readonly string[]): Promise<QuoteLineRow[]> {
      if (quoteIds.length === 0) return [];
      return db
        .select()
        .from(quoteLines)
        .where(inArray(quoteLines.quoteId, [...quoteIds]))
        .orderBy(asc(quoteLines.quoteId), asc(quoteLines.position));
    },

    /** A page of the lab's quotes, newest first. */
    async ownedPage(owner: LabOrdersOwner, today: string, page: { limit: number; offset: number }) {
      return pageOf(ownedBy(owner), today, page);
    },

    /** The admin's page: search, and what the quotes are now. */
    async adminPage(
      filter: { search: string; status?: QuoteStatus },
      today: string,
      page: { limit: number; offset: number },
    ) {
      const where = and(
        searchWhere(filter.search),
        filter.status ? sql`${statusNow(today)} = ${filter.status}` : undefined,
      );
      return pageOf(where, today, page);
    },

    /** How many quotes match the search in each status now. */
    async statusCounts(search: string, today: string): Promise<Map<QuoteStatus, number>> {
      const status = statusNow(today);
      const rows = await db
        .select({ status, value: count() })
        .from(quotes)
        .where(searchWhere(search))
        .groupBy(sql`1`); // the CASE by position: its bound day would not match a second copy
      return new Map(rows.map((row) => [row.status, row.value]));
    },

    /**
     * The staff's version of a quote still open to change (requested or sent): its lines
     * replaced, with freight, validity and note. Null when it was accepted or declined meanwhile.
     */
    async update(
      quoteId: string,
      changes: Pick<NewQuote, 'freightCents' | 'validUntil' | 'note'>,
      lines: readonly NewQuoteLine[],
    ): Promise<QuoteRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(quotes)
          .set(changes)
          .where(and(eq(quotes.id, quoteId), inArray(quotes.status, ['requested', 'sent'])))
          .returning();
        if (!row) return null;
        await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
        await tx.insert(quoteLines).values(lines.map((line) => ({ ...line, quoteId })));
        return row;
      });
    },

    /**
     * Sent (again): only a requested or sent quote with a validity date; `then` runs in the same
     * transaction (its mail job).
     */
    async markSent(
      quoteId: string,
      then: (tx: OutboxWriter, row: QuoteRow) => Promise<unknown>,
    ): Promise<QuoteRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(quotes)
          .set({ status: 'sent', sentAt: sql`now()` })
          .where(
            and(
              eq(quotes.id, quoteId),
              inArray(quotes.status, ['requested', 'sent']),
              sql`${quotes.validUntil} is not null`,
            ),
          )
          .returning();
        if (row) await then(tx, row);
        return row ?? null;
      });
    },

    /** The lab's answer to a sent quote still valid on `today`; null when it is not open. */
    async answer(
      quoteId: string,
      answer: 'accepted' | 'declined',
      today: string,
    ): Promise<QuoteRow | null> {
      const [row] = await db
        .update(quotes)
        .set(
          answer === 'accepted'
            ? { status: 'accepted', acceptedAt: sql`now()` }
            : { status: 'declined', declinedAt: sql`now()` },
        )
        .where(
          and(
            eq(quotes.id, quoteId),
            eq(quotes.status, 'sent'),
            sql`${quotes.validUntil} >= ${today}::date`,
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export type QuotesRepo = ReturnType<typeof createQuotesRepo>;
