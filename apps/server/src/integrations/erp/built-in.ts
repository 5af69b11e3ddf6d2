import { asc, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@labshop/shared/money';
import { generatedCustomerNumber } from '@labshop/shared/schemas/checkout';
import type { Database } from '../../db/client.ts';
import { customers, erpItems, erpSalesOrders } from '../../db/schema/index.ts';
import type { BuiltInPriceListLine } from '../../db/schema/erp.ts';
import type {
  Erp,
  ErpCustomer,
  ErpCustomerRecord,
  ErpItemPrices,
  ErpOrderProgress,
  ErpSalesOrder,
  PriceSource,
} from './port.ts';
import { isUuid } from '../../core/uuid.ts';

export interface BuiltInErpOptions {
  /** A fresh customer number when the asked-for one is taken ('WEB' + 3 letters). */
  freshCustomerNumber?: () => string;
}

/** 26^3 numbers exist; this many random picks all being taken means the space is full. */
const FRESH_NUMBER_TRIES = 50;

type CustomerRow = typeof customers.$inferSelect;
type SalesOrderRow = typeof erpSalesOrders.$inferSelect;

function toCustomer(row: CustomerRow): ErpCustomer {
  return {
    id: row.id,
    number: row.number,
    displayName: row.displayName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    addressLine1: row.addressLine1,
  };
}

function toCustomerRecord(row: CustomerRow): ErpCustomerRecord {
  return {
    id: row.id,
    number: row.number,
    displayName: row.displayName,
    type: row.type,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    country: row.country,
    postalCode: row.postalCode,
    phoneNumber: row.phoneNumber,
    email: row.email,
    website: row.website,
    paymentTerms:
      row.paymentTermsCode && row.paymentTermsDays
        ? {
            id: row.erpPaymentTermsId ?? '',
            code: row.paymentTermsCode,
            dueDays: row.paymentTermsDays,
          }
        : null,
    creditLimit: (row.creditLimitCents ?? 0) / 100,
  };
}

/**
 * The price of one source from an item's unit price and price list lines: 'unitPrice', the
 * line of CODE with the lowest minimum quantity, or the line of CODE with exactly that minimum
 * quantity (codes compared case-insensitively, as Business Central's codes are upper case).
 * Undefined when the item has no such price, or the source is not understood.
 */
export function builtInPrice(
  item: { unitPriceCents: number; priceListLines: readonly BuiltInPriceListLine[] },
  source: PriceSource,
): number | undefined {
  if (source === 'unitPrice') return centsToDollars(item.unitPriceCents);
  const match = /^priceList:([^:]+)(?::(\d+))?$/.exec(source);
  if (!match) return undefined;
  const code = match[1]!.toUpperCase();
  const quantity = match[2] === undefined ? undefined : Number(match[2]);
  const lines = item.priceListLines.filter(
    (line) =>
      line.code.toUpperCase() === code &&
      (quantity === undefined || line.minimumQuantity === quantity),
  );
  const line = lines.reduce<BuiltInPriceListLine | undefined>(
    (lowest, candidate) =>
      lowest === undefined || candidate.minimumQuantity < lowest.minimumQuantity
        ? candidate
        : lowest,
    undefined,
  );
  return line ? centsToDollars(line.unitPriceCents) : undefined;
}

/** The built-in sales order made for the shop's order `orderNumber` (its external number). */
async function salesOrderRowOf(db: Database, orderNumber: string): Promise<SalesOrderRow | null> {
  const [row] = await db
    .select()
    .from(erpSalesOrders)
    .where(eq(erpSalesOrders.externalDocumentNumber, orderNumber))
    .limit(1);
  return row ?? null;
}

function toSalesOrder(row: SalesOrderRow): ErpSalesOrder {
  return { id: row.id, number: row.number, externalDocumentNumber: row.externalDocumentNumber };
}

/**
 * Embedded mode's ERP: customers in the `customers` table, items with their price list lines in
 * `erp_items`, sales orders in `erp_sales_orders` (numbered SO-000001, ... from a sequence).
 * The unique external document number makes a repeated create return the first sales order
 * instead of adding a second.
 */
export function createBuiltInErp(db: Database, options: BuiltInErpOptions = {}): Erp {
  const freshCustomerNumber = options.freshCustomerNumber ?? (() => generatedCustomerNumber());

  async function insertCustomer(
    number: string,
    values: Omit<typeof customers.$inferInsert, 'number'>,
  ): Promise<CustomerRow | null> {
    const [row] = await db
      .insert(customers)
      .values({ ...values, number })
      .onConflictDoNothing({ target: customers.number })
      .returning();
    return row ?? null;
  }

  async function findSalesOrder(orderNumber: string): Promise<ErpSalesOrder | null> {
    const row = await salesOrderRowOf(db, orderNumber);
    return row ? toSalesOrder(row) : null;
  }

  return {
    kind: 'built-in',

    /** By number when one is given (exact), else by e-mail (case-insensitive, oldest first). */
    async findCustomer(query) {
      const number = query.number?.trim();
      if (number) {
        const [row] = await db
          .select()
          .from(customers)
          .where(eq(customers.number, number))
          .limit(1);
        if (row) return toCustomer(row);
      }
      const email = query.email?.trim();
      if (email) {
        const [row] = await db
          .select()
          .from(customers)
          .where(sql`lower(${customers.email}) = lower(${email})`)
          .orderBy(asc(customers.createdAt), asc(customers.number))
          .limit(1);
        if (row) return toCustomer(row);
      }
      return null;
    },

    /** Under the asked-for number, or a fresh 'WEB' + 3 letters when that one is taken. */
    async createCustomer(input) {
      const values = {
        displayName: input.displayName,
        type: input.type,
        email: input.email,
        phoneNumber: input.phoneNumber,
        addressLine1: input.addressLine1,
        city: input.city,
        state: input.state,
        postalCode: input.postalCode,
        country: input.country,
      };
      const wanted = input.number.trim();
      if (wanted) {
        const row = await insertCustomer(wanted, values);
        if (row) return toCustomer(row);
      }
      for (let attempt = 0; attempt < FRESH_NUMBER_TRIES; attempt += 1) {
        const row = await insertCustomer(freshCustomerNumber(), values);
        if (row) return toCustomer(row);
      }
      throw new Error('The built-in ERP found no free customer number');
    },

    /** Only the given fields; the record is ours, so there is no ETag to check. */
    async updateCustomer(customer, changes) {
      const values = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      ) as typeof changes;
      const [row] =
        Object.keys(values).length === 0
          ? await db.select().from(customers).where(eq(customers.id, customer.id)).limit(1)
          : await db.update(customers).set(values).where(eq(customers.id, customer.id)).returning();
      if (!row) throw new Error(`The built-in ERP has no customer ${customer.number}`);
      return toCustomer(row);
    },

    async listCustomers() {
      const rows = await db.select().from(customers).orderBy(asc(customers.number));
      return rows.map(toCustomerRecord);
    },

    async listItemPrices(sources) {
      const rows = await db.select().from(erpItems).orderBy(asc(erpItems.number));
      return rows.map((row): ErpItemPrices => {
        const prices: ErpItemPrices['prices'] = {};
        for (const source of sources) {
          const price = builtInPrice(row, source);
          if (price !== undefined) prices[source] = price;
        }
        return { number: row.number, displayName: row.displayName, blocked: row.blocked, prices };
      });
    },

    findSalesOrder,

    /**
     * Exactly one sales order per shop order: a second create for the same external document
     * number (a retry after a lost answer, or a concurrent sync) returns the stored one.
     */
    async createSalesOrder(order) {
      const [inserted] = await db
        .insert(erpSalesOrders)
        .values({
          // SO- and six digits (more once past 999999); nextval is taken once per row.
          number: sql`(select 'SO-' || case when n < 1000000 then lpad(n::text, 6, '0') else n::text end
            from (select nextval('erp_sales_order_seq') as n) as next_number)`,
          externalDocumentNumber: order.externalDocumentNumber,
          customerNumber: order.customerNumber,
          document: { ...order },
        })
        .onConflictDoNothing({ target: erpSalesOrders.externalDocumentNumber })
        .returning();
      if (inserted) return toSalesOrder(inserted);
      const existing = await findSalesOrder(order.externalDocumentNumber);
      if (!existing) {
        throw new Error(
          `Sales order for ${order.externalDocumentNumber} neither created nor found`,
        );
      }
      return existing;
    },

    async salesOrderProgress(salesOrder) {
      if (!isUuid(salesOrder.id)) return null;
      const [row] = await db
        .select()
        .from(erpSalesOrders)
        .where(eq(erpSalesOrders.id, salesOrder.id))
        .limit(1);
      return row ? progressOf(row) : null;
    },

    /** The built-in ERP keeps no documents: the shop makes the invoice's PDF itself. */
    async invoicePdf() {
      return null;
    },
  };
}

function progressOf(row: SalesOrderRow): ErpOrderProgress {
  return {
    salesOrderNumber: row.number,
    shipment:
      row.shipmentNumber && row.shippedAt
        ? { number: row.shipmentNumber, at: row.shippedAt }
        : null,
    // One invoice per sales order: the row's id stands for it.
    invoice:
      row.invoiceNumber && row.invoicedAt
        ? { id: row.id, number: row.invoiceNumber, at: row.invoicedAt }
        : null,
  };
}

export type BuiltInPostingStep = 'shipped' | 'invoiced';

export type BuiltInPostingOutcome =
  | { ok: true; progress: ErpOrderProgress; changed: boolean }
  | { ok: false; reason: 'no-sales-order' | 'not-shipped' };

/**
 * What the office does in Business Central by posting a shipment and an invoice, for the built-in
 * ERP (issue 36): the admin marks the whole sales order shipped, then invoiced, from Orders
 * History. Marking again changes nothing (the first time and number stay). Numbers follow the
 * sales order's: SO-000123 is shipped as SH-000123 and invoiced as SI-000123.
 */
export function createBuiltInPosting(db: Database) {
  const byShopOrder = (orderNumber: string) => salesOrderRowOf(db, orderNumber);
  const postedNumber = (salesOrderNumber: string, prefix: 'SH' | 'SI') =>
    salesOrderNumber.replace(/^SO-/, `${prefix}-`);

  /** The step's columns: its time (null until posted) and what posting it writes. */
  const columns = (step: BuiltInPostingStep, row: SalesOrderRow) =>
    step === 'shipped'
      ? {
          at: erpSalesOrders.shippedAt,
          posted: row.shippedAt,
          set: { shipmentNumber: postedNumber(row.number, 'SH'), shippedAt: new Date() },
        }
      : {
          at: erpSalesOrders.invoicedAt,
          posted: row.invoicedAt,
          set: { invoiceNumber: postedNumber(row.number, 'SI'), invoicedAt: new Date() },
        };

  return {
    /** Posts the order's shipment, or (once shipped) its invoice. */
    async post(orderNumber: string, step: BuiltInPostingStep): Promise<BuiltInPostingOutcome> {
      const row = await byShopOrder(orderNumber);
      if (!row) return { ok: false, reason: 'no-sales-order' };
      if (step === 'invoiced' && !row.shippedAt) return { ok: false, reason: 'not-shipped' };
      const { at, posted, set } = columns(step, row);
      if (posted) return { ok: true, progress: progressOf(row), changed: false };
      const [updated] = await db
        .update(erpSalesOrders)
        .set(set)
        .where(sql`${erpSalesOrders.id} = ${row.id} and ${at} is null`)
        .returning();
      // Another admin marked it at the same moment: theirs stands.
      const current = updated ?? (await byShopOrder(orderNumber)) ?? row;
      return { ok: true, progress: progressOf(current), changed: Boolean(updated) };
    },
  };
}

export type BuiltInPosting = ReturnType<typeof createBuiltInPosting>;
