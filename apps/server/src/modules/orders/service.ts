import { centsToDollars } from '@labshop/shared/money';
import { CHECKOUT_MESSAGES } from '@labshop/shared/schemas/checkout';
import {
  cartSummary,
  ORDER_HISTORY_CSV_COLUMNS,
  ORDERS_MESSAGES,
  type CustomerOrdersAnswer,
  type OrderHistoryAnswer,
  type OrderHistoryEntry,
} from '@labshop/shared/schemas/orders';
import { toCsv, type CsvValue } from '../../http/csv.ts';
import { AppError } from '../../core/app-error.ts';
import { exportChange, type AuditContext, type AuditLog } from '../audit/service.ts';
import type { OrderCursor, OrderLineRow, OrderRepo, OrderRow } from '../../db/orders-repo.ts';
import type { BuiltInPosting } from '../../integrations/erp/built-in.ts';
import type { SyncJobRow, SyncJobsRepo } from './repo.ts';

export const ORDER_HISTORY_CSV_FILENAME = 'orders_history.csv';

/** Orders read per query while exporting: every match is exported, a bounded read at a time. */
export const ORDER_EXPORT_BATCH_SIZE = 500;

/**
 * SPEC.md "Orders History": every order (any status; the status is shown) with its cart,
 * shipping, payment and ERP sync, newest first; the orders_history.csv export; and the admin's
 * retry of a failed ERP sync.
 */
export function createOrdersService(deps: {
  orders: Pick<
    OrderRepo,
    'page' | 'batchAfter' | 'byNumber' | 'linesOf' | 'recordProgress' | 'paidCountsByEmail'
  >;
  /** The built-in ERP's posting of shipments and invoices; null with Business Central. */
  posting: BuiltInPosting | null;
  syncJobs: SyncJobsRepo;
  exportBatchSize?: number;
  /** Exports (customers' personal data) and sync retries are logged. */
  audit: Pick<AuditLog, 'record'>;
}) {
  const { orders: repo, syncJobs, audit, posting } = deps;
  const marking = posting !== null;

  /**
   * The admin marks a synced order shipped or invoiced in the built-in ERP; the order's own
   * record takes the ERP's answer at once (what the order-status round does with Business
   * Central), and the audit log keeps who did it.
   */
  async function mark(
    number: string,
    step: 'shipped' | 'invoiced',
    context: AuditContext,
  ): Promise<OrderHistoryEntry> {
    if (!posting) throw new AppError('conflict', ORDERS_MESSAGES.postedInBusinessCentral);
    const order = await requireOrder(number);
    const outcome = await posting.post(order.number, step);
    if (!outcome.ok) {
      throw new AppError(
        'conflict',
        outcome.reason === 'not-shipped'
          ? ORDERS_MESSAGES.notShippedYet
          : ORDERS_MESSAGES.notInErpYet,
      );
    }
    await repo.recordProgress(order.id, outcome.progress);
    if (outcome.changed) {
      const posted = step === 'shipped' ? outcome.progress.shipment : outcome.progress.invoice;
      await audit.record(context, {
        action: step === 'shipped' ? 'order.mark-shipped' : 'order.mark-invoiced',
        entityType: 'order',
        entityId: order.number,
        before: null,
        after: { number: posted?.number ?? null, at: posted?.at.toISOString() ?? null },
      });
    }
    return entry((await repo.byNumber(number)) ?? order);
  }
  const batchSize = deps.exportBatchSize ?? ORDER_EXPORT_BATCH_SIZE;

  /** The entries of these orders: their lines and sync jobs in one query each. */
  async function entriesOf(orders: readonly OrderRow[]): Promise<OrderHistoryEntry[]> {
    const [lines, jobs] = await Promise.all([
      repo.linesOf(orders.map((order) => order.id)),
      syncJobs.syncJobsOf(orders.map((order) => order.number)),
    ]);
    const linesByOrder = groupBy(lines, (line) => line.orderId);
    const jobByOrder = new Map(jobs.map((job) => [job.orderNumber, job]));
    return orders.map((order) =>
      entryOf(order, linesByOrder.get(order.id) ?? [], jobByOrder.get(order.number), marking),
    );
  }

  async function requireOrder(number: string): Promise<OrderRow> {
    const order = await repo.byNumber(number);
    if (!order) throw new AppError('not_found', ORDERS_MESSAGES.orderNotFound);
    return order;
  }

  async function entry(order: OrderRow): Promise<OrderHistoryEntry> {
    const [one] = await entriesOf([order]);
    if (!one) throw new Error(`no entry for order ${order.number}`);
    return one;
  }

  return {
    /** GET /api/order-history: a page of the matching orders, newest first. */
    async history(query: {
      page: number;
      limit: number;
      search: string;
    }): Promise<OrderHistoryAnswer> {
      const { rows, total } = await repo.page({
        search: query.search,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { orders: await entriesOf(rows), total };
    },

    /** orders_history.csv: every matching order, newest first, read in keyset batches. */
    async exportCsv(search: string, context: AuditContext): Promise<string> {
      const rows: CsvValue[][] = [];
      let after: OrderCursor | null = null;
      for (;;) {
        const batch: { rows: OrderRow[]; next: OrderCursor | null } = await repo.batchAfter({
          search,
          after,
          limit: batchSize,
        });
        for (const order of await entriesOf(batch.rows)) rows.push(csvRow(order));
        if (batch.rows.length < batchSize || !batch.next) break;
        after = batch.next;
      }
      await audit.record(
        context,
        exportChange('orders.export', ORDER_HISTORY_CSV_FILENAME, { search, rows: rows.length }),
      );
      return toCsv(ORDER_HISTORY_CSV_COLUMNS, rows);
    },

    async order(number: string): Promise<OrderHistoryEntry> {
      return entry(await requireOrder(number));
    },

    /** The admin's retry of a paid order's ERP sync (a synced order is left as it is). */
    async retrySync(number: string, context: AuditContext): Promise<OrderHistoryEntry> {
      const order = await requireOrder(number);
      if (order.status !== 'paid') throw new AppError('conflict', CHECKOUT_MESSAGES.orderNotPaid);
      if (order.erpSyncStatus !== 'synced') {
        await syncJobs.requeueSync(order, (tx) =>
          audit.record(
            context,
            {
              action: 'order.retry-sync',
              entityType: 'order',
              entityId: order.number,
              before: { erpSyncStatus: order.erpSyncStatus },
              after: { erpSyncStatus: 'pending' },
            },
            tx,
          ),
        );
      }
      return entry((await repo.byNumber(number)) ?? order);
    },

    /** GET /api/admin/customer-orders: each asked e-mail's paid orders, as asked. */
    async customerOrders(emails: readonly string[]): Promise<CustomerOrdersAnswer> {
      const counts = new Map((await repo.paidCountsByEmail(emails)).map((row) => [row.email, row]));
      return {
        customers: emails.map((email) => {
          const found = counts.get(email.toLowerCase());
          return {
            email,
            orders: found?.orders ?? 0,
            lastOrderAt: found?.lastOrderAt?.toISOString() ?? null,
          };
        }),
      };
    },

    /** Built-in ERP only: the order's shipment, as posting one in Business Central. */
    markShipped: (number: string, context: AuditContext) => mark(number, 'shipped', context),

    /** Built-in ERP only: the order's invoice, once shipped. */
    markInvoiced: (number: string, context: AuditContext) => mark(number, 'invoiced', context),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** One order as the history shows it; amounts in dollars (SPEC.md section 9). */
function entryOf(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  job: SyncJobRow | undefined,
  marking: boolean,
): OrderHistoryEntry {
  const syncFailed = order.erpSyncStatus === 'failed' || job?.status === 'dead';
  return {
    orderNumber: order.number,
    customerNumber: order.customerNumber,
    customerName: order.customerName,
    customerType: order.customerType,
    email: order.email,
    phone: order.phone,
    amount: centsToDollars(order.amountCents),
    // The repo reads lines in their position order.
    cart: lines.map((line) => ({
      number: line.productNumber,
      title: line.title,
      quantity: line.quantity,
      newPrice: centsToDollars(line.unitPriceCents),
    })),
    shipping: {
      name: order.shipName,
      address1: order.shipAddress1,
      city: order.shipCity,
      state: order.shipState,
      postCode: order.shipPostCode,
      country: order.shipCountry,
      phone: order.shipPhone,
    },
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    discount: centsToDollars(order.discountCents),
    freight: centsToDollars(order.freightCents),
    paymentMethod: order.paymentMethod,
    paymentTerms: order.paymentTerms,
    paymentDueOn: order.paymentDueOn,
    couponCode: order.couponCode,
    poNumber: order.poNumber,
    paymentRetref: order.paymentRetref,
    erpSyncStatus: order.erpSyncStatus,
    erpSalesOrderId: order.erpSalesOrderId,
    erpSyncedAt:
      order.erpSyncStatus === 'synced' && order.erpSyncedAt
        ? order.erpSyncedAt.toISOString()
        : null,
    erpSyncError: order.erpSyncError ?? job?.lastError ?? null,
    erpSyncAttempts: job?.attempts ?? 0,
    // Only a paid order is synced at all; a synced one has nothing left to retry.
    canRetrySync: order.status === 'paid' && order.erpSyncStatus !== 'synced' && syncFailed,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    erpShipmentNumber: order.erpShipmentNumber,
    invoicedAt: order.invoicedAt?.toISOString() ?? null,
    erpInvoiceNumber: order.erpInvoiceNumber,
    erpStatusCheckedAt: order.erpStatusCheckedAt?.toISOString() ?? null,
    canMarkShipped: marking && order.erpSyncStatus === 'synced' && !order.shippedAt,
    canMarkInvoiced:
      marking && order.erpSyncStatus === 'synced' && Boolean(order.shippedAt) && !order.invoicedAt,
  };
}

/** One CSV line, in ORDER_HISTORY_CSV_COLUMNS' order. */
function csvRow(order: OrderHistoryEntry): CsvValue[] {
  const cells: Record<(typeof ORDER_HISTORY_CSV_COLUMNS)[number], CsvValue> = {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    customerNumber: order.customerNumber,
    customerName: order.customerName,
    customerType: order.customerType,
    email: order.email,
    phone: order.phone,
    amount: order.amount.toFixed(2),
    cart: cartSummary(order.cart),
    shippingName: order.shipping.name,
    shippingAddress1: order.shipping.address1,
    shippingCity: order.shipping.city,
    shippingState: order.shipping.state,
    shippingPostCode: order.shipping.postCode,
    shippingCountry: order.shipping.country,
    shippingPhone: order.shipping.phone,
  };
  return ORDER_HISTORY_CSV_COLUMNS.map((column) => cells[column]);
}

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
