import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  ERP_MESSAGES,
  type ErpSyncKind,
  type ErpSyncRunStatus,
  type PriceSet,
} from '@labshop/shared/schemas/erp';
import type { Database } from '../../db/client.ts';
import { customers, erpSyncItems, erpSyncs } from '../../db/schema/index.ts';
import { databaseErrorCode } from '../../db/client.ts';
import { ERP_CUSTOMER_COPIED_FIELDS, type ErpCustomerRecord } from '../../integrations/erp/port.ts';

/**
 * The ERP module's rows: the sync ledger, and the customers table as the ERP's copy (its one
 * owner in the modules, decision 017; the checkout looks customers up through the service).
 */

export type SyncRow = typeof erpSyncs.$inferSelect;
export type SyncItemRow = typeof erpSyncItems.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

/** A customer as the checkout looks one up (to give a paid order its customer number). */
export type CustomerContact = Pick<CustomerRow, 'number' | 'displayName' | 'email'>;

const CUSTOMER_CONTACT = {
  number: customers.number,
  displayName: customers.displayName,
  email: customers.email,
};

/** Checkout's rule for a customer's e-mail: the same in any case. */
const emailIs = (email: string) => sql`lower(${customers.email}) = lower(${email})`;

export interface SyncCounters {
  processed: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface NewSyncItem {
  productNumber: string;
  title: string;
  outcome: SyncItemRow['outcome'];
  before: PriceSet | null;
  after: PriceSet | null;
  error: string | null;
}

export interface CustomerReplacement {
  /** Customers added to the copy, or whose fields changed. */
  written: number;
  unchanged: number;
  /** Customers no longer in the ERP, removed from the copy. */
  removed: number;
}

/** Rows per statement when the customer copy is written in bulk. */
const CHUNK = 500;

type CopiedValues = Pick<CustomerRow, (typeof ERP_CUSTOMER_COPIED_FIELDS)[number]>;

function copiedValues(record: ErpCustomerRecord): CopiedValues {
  return {
    displayName: record.displayName,
    // The table knows Business Central's two customer types; anything else is a company.
    type: record.type.trim().toLowerCase() === 'person' ? 'Person' : 'Company',
    addressLine1: record.addressLine1,
    addressLine2: record.addressLine2,
    city: record.city,
    state: record.state,
    country: record.country,
    postalCode: record.postalCode,
    phoneNumber: record.phoneNumber,
    email: record.email,
    website: record.website,
  };
}

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += CHUNK)
    out.push(list.slice(start, start + CHUNK));
  return out;
}

/** What the copy keeps of a customer's terms (issue 37: paying on account). */
const TERMS_FIELDS = [
  'paymentTermsCode',
  'paymentTermsDays',
  'erpPaymentTermsId',
  'creditLimitCents',
] as const;

function termsValues(record: ErpCustomerRecord) {
  const terms = record.paymentTerms ?? null;
  return {
    paymentTermsCode: terms?.code ?? null,
    paymentTermsDays: terms?.dueDays ?? null,
    erpPaymentTermsId: terms?.id || null,
    creditLimitCents: record.creditLimit ? Math.round(record.creditLimit * 100) : null,
  };
}

export function createErpRepo(db: Database) {
  return {
    /**
     * Marks running syncs whose heartbeat is older than `seconds` as interrupted (their process
     * died): they no longer hold the one-running-sync lock. Measured on the database's clock,
     * which every instance shares.
     */
    async interruptStale(kind: ErpSyncKind | null, seconds: number): Promise<number> {
      const rows = await db
        .update(erpSyncs)
        .set({ status: 'interrupted', error: ERP_MESSAGES.interrupted, finishedAt: sql`now()` })
        .where(
          and(
            eq(erpSyncs.status, 'running'),
            kind ? eq(erpSyncs.kind, kind) : undefined,
            lt(erpSyncs.heartbeatAt, sql`now() - make_interval(secs => ${seconds})`),
          ),
        )
        .returning({ id: erpSyncs.id });
      return rows.length;
    },

    /** A new running sync; null when one of that kind already runs (the partial unique index). */
    async insertRunning(kind: ErpSyncKind, startedBy: string): Promise<SyncRow | null> {
      try {
        const [row] = await db.insert(erpSyncs).values({ kind, startedBy }).returning();
        return row ?? null;
      } catch (error) {
        if (databaseErrorCode(error) === '23505') return null;
        throw error;
      }
    },

    async setTotal(id: string, total: number): Promise<void> {
      await db
        .update(erpSyncs)
        .set({ total, heartbeatAt: sql`now()` })
        .where(eq(erpSyncs.id, id));
    },

    async heartbeat(id: string): Promise<void> {
      await db
        .update(erpSyncs)
        .set({ heartbeatAt: sql`now()` })
        .where(and(eq(erpSyncs.id, id), eq(erpSyncs.status, 'running')));
    },

    /**
     * One item's result and the sync's progress, together. False when the sync is no longer
     * running (another instance found it stale and marked it interrupted).
     */
    async recordItem(id: string, item: NewSyncItem, counters: SyncCounters): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(erpSyncs)
          .set({ ...counters, heartbeatAt: sql`now()` })
          .where(and(eq(erpSyncs.id, id), eq(erpSyncs.status, 'running')))
          .returning({ id: erpSyncs.id });
        if (updated.length === 0) return false;
        await tx.insert(erpSyncItems).values({ syncId: id, ...item });
        return true;
      });
    },

    /** The outcome of a sync that is still running; a sync marked interrupted stays so. */
    async finish(
      id: string,
      outcome: { status: Exclude<ErpSyncRunStatus, 'running'>; error: string | null },
      counters: Partial<SyncCounters> & { total?: number },
    ): Promise<void> {
      await db
        .update(erpSyncs)
        .set({ ...counters, ...outcome, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
        .where(and(eq(erpSyncs.id, id), eq(erpSyncs.status, 'running')));
    },

    /** Newest first. */
    async listSyncs(
      kind: ErpSyncKind | null,
      page: { limit: number; offset: number },
    ): Promise<{ rows: SyncRow[]; total: number }> {
      const where = kind ? eq(erpSyncs.kind, kind) : undefined;
      const rows = await db
        .select()
        .from(erpSyncs)
        .where(where)
        .orderBy(desc(erpSyncs.startedAt), desc(erpSyncs.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ value: count() }).from(erpSyncs).where(where);
      return { rows, total: total?.value ?? 0 };
    },

    async runningSync(kind: ErpSyncKind): Promise<SyncRow | null> {
      const [row] = await db
        .select()
        .from(erpSyncs)
        .where(and(eq(erpSyncs.kind, kind), eq(erpSyncs.status, 'running')))
        .limit(1);
      return row ?? null;
    },

    async syncById(id: string): Promise<SyncRow | null> {
      const [row] = await db.select().from(erpSyncs).where(eq(erpSyncs.id, id)).limit(1);
      return row ?? null;
    },

    /** In the order they were recorded. */
    async syncItems(id: string): Promise<SyncItemRow[]> {
      return db
        .select()
        .from(erpSyncItems)
        .where(eq(erpSyncItems.syncId, id))
        .orderBy(asc(erpSyncItems.id));
    },

    /** The newest finished sync of a kind with this status. */
    async latestFinished(
      kind: ErpSyncKind,
      status: Exclude<ErpSyncRunStatus, 'running'>,
    ): Promise<SyncRow | null> {
      const [row] = await db
        .select()
        .from(erpSyncs)
        .where(and(eq(erpSyncs.kind, kind), eq(erpSyncs.status, status)))
        .orderBy(desc(erpSyncs.finishedAt), desc(erpSyncs.startedAt))
        .limit(1);
      return row ?? null;
    },

    async customers(): Promise<CustomerRow[]> {
      return db.select().from(customers);
    },

    async customerByNumber(number: string): Promise<CustomerContact | null> {
      const [row] = await db
        .select(CUSTOMER_CONTACT)
        .from(customers)
        .where(eq(customers.number, number))
        .limit(1);
      return row ?? null;
    },

    /** The oldest customer with this e-mail, any case. */
    async customerByEmail(email: string): Promise<CustomerContact | null> {
      const [row] = await db
        .select(CUSTOMER_CONTACT)
        .from(customers)
        .where(emailIs(email))
        .orderBy(asc(customers.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** The customers with these e-mails (any case), the oldest first for each. */
    async customersByEmails(emails: readonly string[]): Promise<CustomerRow[]> {
      if (emails.length === 0) return [];
      return db
        .select()
        .from(customers)
        .where(
          inArray(
            sql`lower(${customers.email})`,
            emails.map((email) => email.toLowerCase()),
          ),
        )
        .orderBy(asc(customers.createdAt));
    },

    /** One customer, whole, by number. */
    async customerRecordByNumber(number: string): Promise<CustomerRow | null> {
      const [row] = await db.select().from(customers).where(eq(customers.number, number)).limit(1);
      return row ?? null;
    },

    /** The same customer, whole: a lab's account shows its addresses and phone. */
    async customerRecordByEmail(email: string): Promise<CustomerRow | null> {
      const [row] = await db
        .select()
        .from(customers)
        .where(emailIs(email))
        .orderBy(asc(customers.createdAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * Makes the copy equal to the ERP's list in one transaction: customers are matched by
     * number, added or updated where a field differs, and the ones no longer in the ERP removed.
     */
    async replaceCustomers(records: readonly ErpCustomerRecord[]): Promise<CustomerReplacement> {
      const wanted = new Map(records.map((record) => [record.number, record]));
      return db.transaction(async (tx) => {
        const existing = await tx.select().from(customers);
        const byNumber = new Map(existing.map((row) => [row.number, row]));
        const syncedAt = new Date();
        const writes: (typeof customers.$inferInsert)[] = [];
        let unchanged = 0;
        for (const record of wanted.values()) {
          const values = copiedValues(record);
          const current = byNumber.get(record.number);
          const terms = termsValues(record);
          const same =
            current !== undefined &&
            current.erpId === record.id &&
            ERP_CUSTOMER_COPIED_FIELDS.every((field) => current[field] === values[field]) &&
            TERMS_FIELDS.every((field) => current[field] === terms[field]);
          if (same) unchanged += 1;
          else {
            writes.push({ number: record.number, ...values, ...terms, erpId: record.id, syncedAt });
          }
        }
        for (const chunk of chunks(writes)) {
          await tx
            .insert(customers)
            .values(chunk)
            .onConflictDoUpdate({
              target: customers.number,
              set: {
                ...Object.fromEntries(
                  ERP_CUSTOMER_COPIED_FIELDS.map((field) => [
                    field,
                    sql.raw(`excluded.${customers[field].name}`),
                  ]),
                ),
                ...Object.fromEntries(
                  TERMS_FIELDS.map((field) => [
                    field,
                    sql.raw(`excluded.${customers[field].name}`),
                  ]),
                ),
                erpId: sql.raw(`excluded.${customers.erpId.name}`),
                syncedAt: sql.raw(`excluded.${customers.syncedAt.name}`),
                updatedAt: sql`now()`,
              },
            });
        }
        const gone = existing.filter((row) => !wanted.has(row.number)).map((row) => row.id);
        for (const chunk of chunks(gone)) {
          await tx.delete(customers).where(inArray(customers.id, chunk));
        }
        return { written: writes.length, unchanged, removed: gone.length };
      });
    },
  };
}

export type ErpRepo = ReturnType<typeof createErpRepo>;
