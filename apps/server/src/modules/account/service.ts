import { centsToDollars } from '@labshop/shared/money';
import { ACCOUNT_MESSAGES, type OrderStep } from '@labshop/shared/schemas/account';
import type {
  AccountAnswer,
  AccountOrder,
  AccountOrderSummary,
  AccountOrdersAnswer,
  ReorderAnswer,
} from '@labshop/shared/schemas/account-dto';
import { AppError } from '../../core/app-error.ts';
import type { LabOrdersOwner, OrderLineRow, OrderRepo, OrderRow } from '../../db/orders-repo.ts';
import type { RequestUser } from '../../http/access.ts';
import { ErpUnavailable, type Erp } from '../../integrations/erp/port.ts';
import { orderPdf } from './order-pdf.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { CustomersService } from '../erp/customers-service.ts';

/** An order's PDF as the browser downloads it. */
export interface OrderDocument {
  filename: string;
  bytes: Uint8Array;
}

/** How many titles an order's row in the list names. */
const TITLES_IN_LIST = 3;

/**
 * The lab's own account (issue 36): the signed-in user, their lab (the ERP customer whose e-mail
 * is the user's verified e-mail, the lookup checkout uses), the lab's orders and 'Buy again'.
 * A user sees only orders they placed, placed with their verified e-mail, or of their lab.
 */
export function createAccountService(deps: {
  orders: Pick<OrderRepo, 'labPage' | 'labOrder' | 'linesOf'>;
  customers: Pick<CustomersService, 'customerRecordByEmail'>;
  catalog: Pick<CatalogService, 'productsForSale'>;
  erp: Pick<Erp, 'kind' | 'invoicePdf'>;
  /** SHOP_TIME_ZONE, for the dates on the shop's PDFs. */
  timeZone: string;
}) {
  const { orders, customers, catalog, erp } = deps;

  /** The user's verified e-mail: an unverified one links to nothing. */
  const verifiedEmail = (user: RequestUser) => (user.emailVerified ? user.email : null);

  async function labOf(user: RequestUser) {
    const email = verifiedEmail(user);
    return email ? customers.customerRecordByEmail(email) : null;
  }

  async function ownerOf(user: RequestUser): Promise<LabOrdersOwner> {
    const lab = await labOf(user);
    return {
      subject: user.subject,
      verifiedEmail: verifiedEmail(user),
      customerNumber: lab?.number ?? null,
    };
  }

  async function requireOrder(user: RequestUser, number: string): Promise<OrderRow> {
    const order = await orders.labOrder(await ownerOf(user), number);
    if (!order) throw new AppError('not_found', ACCOUNT_MESSAGES.orderNotFound);
    return order;
  }

  const sentLabel =
    erp.kind === 'business-central' ? 'Sent to Business Central' : 'Entered in our order system';

  /** Business Central dates its shipments and invoices; the built-in ERP times them. */
  const dateOnly = erp.kind === 'business-central';

  /**
   * Placed and sent are the shop's own facts; shipped and invoiced are what the ERP last said
   * (the order-status round): not yet once it has been asked, not yet known before.
   */
  function timelineOf(order: OrderRow): OrderStep[] {
    const synced = order.erpSyncStatus === 'synced';
    const fromErp = (
      step: 'shipped' | 'invoiced',
      label: string,
      at: Date | null,
      document: string | null,
    ): OrderStep =>
      at
        ? { step, label, state: 'done', at: at.toISOString(), dateOnly, document }
        : {
            step,
            label,
            state: synced && !order.erpStatusCheckedAt ? 'unknown' : 'waiting',
            at: null,
            dateOnly,
            document: null,
          };
    return [
      {
        step: 'placed',
        label: order.paymentMethod === 'on_account' ? 'Placed on account' : 'Placed and paid',
        state: 'done',
        at: order.paidAt?.toISOString() ?? null,
        dateOnly: false,
        document: null,
      },
      {
        step: 'sent',
        label: sentLabel,
        state: synced ? 'done' : 'waiting',
        at: synced ? (order.erpSyncedAt?.toISOString() ?? null) : null,
        dateOnly: false,
        document: synced ? order.erpSalesOrderNumber : null,
      },
      fromErp('shipped', 'Shipped', order.shippedAt, order.erpShipmentNumber),
      fromErp('invoiced', 'Invoiced', order.invoicedAt, order.erpInvoiceNumber),
    ];
  }

  function summaryOf(order: OrderRow, lines: readonly OrderLineRow[]): AccountOrderSummary {
    return {
      number: order.number,
      placedAt: (order.paidAt ?? order.createdAt).toISOString(),
      status: order.status,
      email: order.email,
      poNumber: order.poNumber,
      itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      titles: lines.slice(0, TITLES_IN_LIST).map((line) => line.title),
      amount: centsToDollars(order.amountCents),
      progress: order.invoicedAt ? 'invoiced' : order.shippedAt ? 'shipped' : null,
    };
  }

  return {
    /** Who the user's orders and quotes belong to: them, their verified e-mail, their lab. */
    owner: ownerOf,

    /** GET /api/account */
    async account(user: RequestUser): Promise<AccountAnswer> {
      const lab = await labOf(user);
      return {
        user: { name: user.name, email: user.email },
        emailVerified: user.emailVerified,
        lab: lab && {
          number: lab.number,
          displayName: lab.displayName,
          addressLine1: lab.addressLine1,
          addressLine2: lab.addressLine2,
          city: lab.city,
          state: lab.state,
          postalCode: lab.postalCode,
          country: lab.country,
          phoneNumber: lab.phoneNumber,
          email: lab.email,
        },
      };
    },

    /** GET /api/account/orders: a page of the lab's orders, newest first. */
    async orders(
      user: RequestUser,
      query: { search: string; page: number; pageSize: number },
    ): Promise<AccountOrdersAnswer> {
      const { rows, total } = await orders.labPage({
        owner: await ownerOf(user),
        search: query.search,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const lines = await orders.linesOf(rows.map((row) => row.id));
      return {
        orders: rows.map((row) =>
          summaryOf(
            row,
            lines.filter((line) => line.orderId === row.id),
          ),
        ),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** GET /api/account/orders/{number}: one of the lab's orders; 404 for any other. */
    async order(user: RequestUser, number: string): Promise<AccountOrder> {
      const order = await requireOrder(user, number);
      const lines = await orders.linesOf([order.id]);
      return {
        ...summaryOf(order, lines),
        lines: lines.map((line) => ({
          number: line.productNumber,
          title: line.title,
          quantity: line.quantity,
          unitPrice: centsToDollars(line.unitPriceCents),
          lineTotal: centsToDollars(line.lineTotalCents),
        })),
        subtotal: centsToDollars(order.subtotalCents),
        discount: centsToDollars(order.discountCents),
        freight: centsToDollars(order.freightCents),
        payment: {
          method: order.paymentMethod,
          terms: order.paymentTerms,
          dueOn: order.paymentDueOn,
        },
        couponCode: order.couponCode,
        customerName: order.customerName,
        shipTo: {
          name: order.shipName,
          address: order.shipAddress1,
          city: order.shipCity,
          state: order.shipState,
          postCode: order.shipPostCode,
          country: order.shipCountry,
          phone: order.shipPhone,
        },
        timeline: timelineOf(order),
        statusCheckedAt: order.erpStatusCheckedAt?.toISOString() ?? null,
        document: order.erpInvoiceNumber
          ? { kind: 'invoice', number: order.erpInvoiceNumber }
          : { kind: 'receipt', number: order.number },
      };
    },

    /**
     * GET /api/account/orders/{number}/document.pdf: Business Central's own invoice once the
     * order is invoiced there; the shop's invoice with the built-in ERP (it keeps no documents);
     * before the invoice, the shop's receipt of the payment.
     */
    async document(user: RequestUser, number: string): Promise<OrderDocument> {
      const order = await requireOrder(user, number);
      if (order.erpInvoiceId && order.erpInvoiceNumber) {
        let erpPdf: Uint8Array | null;
        try {
          erpPdf = await erp.invoicePdf(order.erpInvoiceId);
        } catch (error) {
          if (error instanceof ErpUnavailable) {
            throw new AppError('unavailable', ACCOUNT_MESSAGES.invoiceUnavailable);
          }
          throw error;
        }
        if (erpPdf) return { filename: `invoice-${order.erpInvoiceNumber}.pdf`, bytes: erpPdf };
      }
      const invoiceNumber = erp.kind === 'built-in' ? order.erpInvoiceNumber : null;
      const bytes = await orderPdf({
        order,
        lines: await orders.linesOf([order.id]),
        invoiceNumber,
        timeZone: deps.timeZone,
      });
      return {
        filename: invoiceNumber ? `invoice-${invoiceNumber}.pdf` : `receipt-${order.number}.pdf`,
        bytes,
      };
    },

    /**
     * GET /api/account/orders/{number}/reorder: the order's products still for sale, with its
     * quantities, and the ones left out (deleted, or 'Not Available') with why.
     */
    async reorder(user: RequestUser, number: string): Promise<ReorderAnswer> {
      const order = await requireOrder(user, number);
      const lines = await orders.linesOf([order.id]);
      const forSale = await catalog.productsForSale(lines.map((line) => line.productNumber));
      const answer: ReorderAnswer = { add: [], leftOut: [] };
      for (const line of lines) {
        const product = forSale.get(line.productNumber);
        if (!product) {
          answer.leftOut.push({ number: line.productNumber, title: line.title, reason: 'deleted' });
        } else if (!product.available) {
          answer.leftOut.push({
            number: product.number,
            title: product.title,
            reason: 'not_available',
          });
        } else {
          answer.add.push({
            number: product.number,
            title: product.title,
            quantity: line.quantity,
          });
        }
      }
      return answer;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
