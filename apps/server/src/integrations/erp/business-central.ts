import {
  BusinessCentralError,
  createBcClient,
  isGuid,
  odataString,
  type BcClientOptions,
  type BcRecord,
  type BusinessCentralConfig,
} from './bc-client.ts';
import {
  ErpUnavailable,
  ERP_CUSTOMER_COPIED_FIELDS,
  type Erp,
  type ErpCustomer,
  type ErpCustomerChanges,
  type ErpCustomerRecord,
  type ErpItemPrices,
  type ErpOrderProgress,
  type ErpSalesOrder,
  type PriceSource,
} from './port.ts';

export type { BusinessCentralConfig } from './bc-client.ts';

export type BusinessCentralOptions = BcClientOptions;

export interface BusinessCentralErp extends Erp {
  readonly kind: 'business-central';
}

/** The customer fields listCustomers reads (the copied ones, plus id and number). */
const CUSTOMER_SELECT = [
  'id',
  'number',
  ...ERP_CUSTOMER_COPIED_FIELDS,
  'paymentTermsId',
  'creditLimit',
] as const;

/**
 * The days to pay of a Business Central date formula: '30D', '2W', '1M' (a month taken as 30
 * days: the shop's due day is an estimate, the ERP's invoice says the day). Null otherwise
 * ('CM+10D', '0D' cash terms are not credit).
 */
export function dueDaysOf(formula: string): number | null {
  const match = /^(\d{1,3})([DWM])$/i.exec(formula.trim());
  if (!match) return null;
  const days =
    Number(match[1]) * ({ D: 1, W: 7, M: 30 } as const)[match[2]!.toUpperCase() as 'D' | 'W' | 'M'];
  return days > 0 ? days : null;
}

const ITEM_SELECT = ['id', 'number', 'displayName', 'blocked', 'unitPrice'] as const;

const SHIPMENT_SELECT = ['id', 'number', 'shipmentDate', 'orderNumber'] as const;
const INVOICE_SELECT = ['id', 'number', 'invoiceDate', 'status', 'orderNumber'] as const;
/** Invoices that say nothing about the order's progress: not posted, or cancelled. */
const NOT_INVOICED = new Set(['Draft', 'Canceled']);

/** A Business Central date ('2026-11-28') as UTC midnight; null when empty or unreadable. */
function bcDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || isOpenDate(value)) {
    return null;
  }
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The earliest dated record: a partly shipped order counts as shipped from its first shipment. */
function earliest(records: BcRecord[], dateField: string) {
  let first: { record: BcRecord; at: Date } | null = null;
  for (const record of records) {
    const at = bcDate(record[dateField]);
    if (at && (!first || at < first.at)) first = { record, at };
  }
  return first;
}

/**
 * Business Central's field lengths (Customer and Sales Header tables): a longer value is refused
 * with an error no retry can fix, so it is cut. E-mail is not cut (a cut address is wrong).
 */
const MAX_LENGTH = {
  displayName: 100,
  addressLine1: 100,
  city: 30,
  state: 30,
  postalCode: 20,
  phoneNumber: 30,
  country: 10,
} as const;

const clip = (field: keyof typeof MAX_LENGTH, value: string) =>
  value.trim().slice(0, MAX_LENGTH[field]);

/** BC's empty date ('0001-01-01') or none: no limit. */
const isOpenDate = (value: unknown) =>
  typeof value !== 'string' || value === '' || value.startsWith('0001-01-01');

/**
 * Microsoft Dynamics 365 Business Central (API v2.0) as the shop's ERP: customers, items with
 * their prices (unit price, and price list lines from a custom API page), and sales orders.
 *
 * Exactly once: a sales order is one POST with its lines (deep insert), keyed by the shop's
 * order number in externalDocumentNumber, or, when the lab gave a PO number (which then goes
 * there, as Business Central's documents expect), by that PO number, the customer and a first
 * comment line 'Web order <number>'. When that POST's answer is lost (a timeout, a dropped
 * connection, a 500/502/504), the order is looked up before anything else happens: found, it
 * is the answer; not found, the call fails and the outbox's next attempt looks up first again.
 */
export function createBusinessCentralErp(
  config: BusinessCentralConfig,
  options: BusinessCentralOptions,
): BusinessCentralErp {
  const { log } = options;
  const client = createBcClient(config, options);

  const recordId = (record: BcRecord, what: string): string => {
    const id = text(record.id);
    if (!isGuid(id)) throw new ErpUnavailable(`Business Central answered a ${what} without an id`);
    return id;
  };

  const toCustomer = (record: BcRecord): ErpCustomer => ({
    id: recordId(record, 'customer'),
    number: text(record.number),
    displayName: text(record.displayName),
    email: text(record.email),
    phoneNumber: text(record.phoneNumber),
    addressLine1: text(record.addressLine1),
    etag: text(record['@odata.etag']) || undefined,
  });

  const toSalesOrder = (record: BcRecord): ErpSalesOrder => ({
    id: recordId(record, 'sales order'),
    number: text(record.number),
    externalDocumentNumber: text(record.externalDocumentNumber),
  });

  const firstCustomer = async (filter: string) => {
    const [record] = await client.list('customers', { filter, top: 1 });
    return record ? toCustomer(record) : null;
  };

  async function findCustomer(query: { number?: string; email?: string }) {
    const number = query.number?.trim();
    if (number) {
      const found = await firstCustomer(`number eq ${odataString(number)}`);
      if (found) return found;
    }
    const email = query.email?.trim();
    if (email) {
      const found = await firstCustomer(`email eq ${odataString(email)}`);
      if (found) return found;
      // Filters may compare case-sensitively; shop addresses are usually typed in lower case.
      const lower = email.toLowerCase();
      if (lower !== email) return firstCustomer(`email eq ${odataString(lower)}`);
    }
    return null;
  }

  async function findSalesOrder(
    orderNumber: string,
    under?: { poNumber: string; customerNumber: string },
  ) {
    if (!under) {
      const [record] = await client.list('salesOrders', {
        filter: `externalDocumentNumber eq ${odataString(orderNumber)}`,
        top: 1,
      });
      return record ? toSalesOrder(record) : null;
    }
    // A lab reuses its PO numbers across orders: the shop's number is in the comment line.
    const candidates = await client.list('salesOrders', {
      filter:
        `externalDocumentNumber eq ${odataString(under.poNumber)} and ` +
        `customerNumber eq ${odataString(under.customerNumber)}`,
      expand: 'salesOrderLines',
    });
    const comment = webOrderComment(orderNumber);
    const record = candidates.find((candidate) =>
      (Array.isArray(candidate.salesOrderLines) ? candidate.salesOrderLines : []).some(
        (line: BcRecord) => line.lineType === 'Comment' && line.description === comment,
      ),
    );
    return record ? toSalesOrder(record) : null;
  }

  /** After a create whose answer was lost: the record if it was made, else a clear failure. */
  async function afterLostAnswer<T>(
    error: BusinessCentralError,
    what: string,
    find: () => Promise<T | null>,
  ): Promise<T> {
    log.warn({ what, reason: error.message }, `Business Central: looking for ${what}`);
    let found: T | null;
    try {
      found = await find();
    } catch (lookupError) {
      throw new ErpUnavailable(
        `${error.message}; whether ${what} was made is not known yet (the lookup failed too: ${messageOf(lookupError)})`,
        { cause: error },
      );
    }
    if (found) {
      log.info({ what }, `Business Central: ${what} was made although its answer was lost`);
      return found;
    }
    // Not there (yet): the outbox tries again later, and its next attempt looks up first too.
    throw new ErpUnavailable(`${error.message}; ${what} is not in Business Central`, {
      cause: error,
    });
  }

  /** PATCH with the ETag; a record changed since it was read is read again and patched once more. */
  async function patchCustomer(customer: ErpCustomer, body: Record<string, unknown>) {
    const path = `customers(${customer.id})`;
    const reread = async () => {
      const fresh = await client.get(path);
      if (!fresh) throw new ErpUnavailable(`Business Central has no customer ${customer.number}`);
      return toCustomer(fresh);
    };
    const etag = customer.etag ?? (await reread()).etag ?? '*';
    try {
      return toCustomer(await client.update(path, etag, body));
    } catch (error) {
      const stale =
        error instanceof BusinessCentralError &&
        (error.code === 'Request_EntityChanged' || error.status === 412);
      if (!stale) throw error;
      log.info({ customer: customer.number }, 'Business Central: customer changed; patching again');
      const fresh = await reread();
      return toCustomer(await client.update(path, fresh.etag ?? '*', body));
    }
  }

  return {
    kind: 'business-central',

    /** By number when one is given, else by e-mail. */
    findCustomer,

    /** Business Central's number series numbers it; the job records the number that comes back. */
    async createCustomer(input) {
      const body = {
        displayName: clip('displayName', input.displayName),
        type: input.type,
        email: input.email.trim(),
        phoneNumber: clip('phoneNumber', input.phoneNumber),
        addressLine1: clip('addressLine1', input.addressLine1),
        city: clip('city', input.city),
        state: clip('state', input.state),
        country: clip('country', input.country),
        postalCode: clip('postalCode', input.postalCode),
      };
      try {
        return toCustomer(await client.create('customers', body));
      } catch (error) {
        if (!(error instanceof BusinessCentralError) || !error.outcomeUnknown) throw error;
        return afterLostAnswer(error, `the customer ${input.email}`, () =>
          findCustomer({ email: input.email }),
        );
      }
    },

    async updateCustomer(customer, changes) {
      const body: Record<string, string> = {};
      for (const [field, value] of Object.entries(changes) as [
        keyof ErpCustomerChanges,
        string | undefined,
      ][]) {
        if (value !== undefined) body[field] = clip(field, value);
      }
      if (Object.keys(body).length === 0) return customer;
      return patchCustomer(customer, body);
    },

    async listCustomers() {
      const [records, terms] = await Promise.all([
        client.list('customers', { select: CUSTOMER_SELECT, readOnly: true }),
        client.list('paymentTerms', {
          select: ['id', 'code', 'dueDateCalculation'],
          readOnly: true,
        }),
      ]);
      const termsById = new Map(
        terms.map((record) => [
          text(record.id),
          {
            id: text(record.id),
            code: text(record.code),
            dueDays: dueDaysOf(text(record.dueDateCalculation)),
          },
        ]),
      );
      return records.map((record): ErpCustomerRecord => ({
        id: text(record.id),
        number: text(record.number),
        displayName: text(record.displayName),
        type: text(record.type),
        addressLine1: text(record.addressLine1),
        addressLine2: text(record.addressLine2),
        city: text(record.city),
        state: text(record.state),
        country: text(record.country),
        postalCode: text(record.postalCode),
        phoneNumber: text(record.phoneNumber),
        email: text(record.email),
        website: text(record.website),
        paymentTerms: termsById.get(text(record.paymentTermsId)) ?? null,
        creditLimit: typeof record.creditLimit === 'number' ? record.creditLimit : 0,
      }));
    },

    async listItemPrices(sources) {
      const wanted = [...new Set(sources)];
      const lists = wanted
        .map((source) => ({ source, rule: priceListRule(source) }))
        .filter(
          (entry): entry is { source: PriceSource; rule: PriceListRule } => entry.rule !== null,
        );
      if (lists.length > 0 && !config.priceListApi) {
        throw new ErpUnavailable(
          'Business Central has no standard price list endpoint: set BC_PRICE_LIST_API to the custom API serving priceListLines',
        );
      }
      const items = await client.list('items', { select: ITEM_SELECT, readOnly: true });
      // One read per price list code, its lines grouped by item number.
      const linesByCode = new Map<string, Map<string, PriceListLine[]>>();
      for (const code of new Set(lists.map((entry) => entry.rule.code))) {
        const records = await client.list('priceListLines', {
          api: config.priceListApi ?? undefined,
          filter: `assignToNo eq ${odataString(code)}`,
          readOnly: true,
        });
        const byItem = new Map<string, PriceListLine[]>();
        const today = new Date().toISOString().slice(0, 10);
        for (const record of records) {
          const line = priceListLine(record, today);
          if (!line || line.assignToNo.toUpperCase() !== code) continue;
          byItem.set(line.productNo, [...(byItem.get(line.productNo) ?? []), line]);
        }
        linesByCode.set(code, byItem);
      }

      return items.map((item): ErpItemPrices => {
        const number = text(item.number);
        const prices: ErpItemPrices['prices'] = {};
        for (const source of wanted) {
          if (source === 'unitPrice') {
            if (typeof item.unitPrice === 'number') prices.unitPrice = item.unitPrice;
            continue;
          }
          const rule = priceListRule(source);
          if (!rule) continue;
          const price = pickPrice(linesByCode.get(rule.code)?.get(number) ?? [], rule);
          if (price !== null) prices[source] = price;
        }
        return {
          number,
          displayName: text(item.displayName),
          blocked: item.blocked === true,
          prices,
        };
      });
    },

    findSalesOrder,

    async createSalesOrder(order) {
      /** The payment terms of this code, as the sales order's field; none when BC has none. */
      async function paymentTermsIdOf(code: string): Promise<{ paymentTermsId?: string }> {
        const [terms] = await client.list('paymentTerms', {
          select: ['id', 'code'],
          filter: `code eq ${odataString(code)}`,
          readOnly: true,
        });
        return terms ? { paymentTermsId: text(terms.id) } : {};
      }
      if (order.freight && !config.freightAccount) {
        // Not something a retry mends: the order waits in the sync list until the setting is made.
        throw new ErpUnavailable(
          `the order ${order.externalDocumentNumber} has freight, but BC_FREIGHT_ACCOUNT (the freight G/L account) is not set`,
        );
      }
      const address = {
        AddressLine1: clip('addressLine1', order.billTo.addressLine1),
        City: clip('city', order.billTo.city),
        State: clip('state', order.billTo.state),
        Country: clip('country', order.billTo.country),
        PostCode: clip('postalCode', order.billTo.postalCode),
      };
      const poNumber = order.poNumber?.trim() || null;
      const body = {
        externalDocumentNumber: poNumber ?? order.externalDocumentNumber,
        customerNumber: order.customerNumber,
        orderDate: order.orderDate,
        email: order.email.trim(),
        phoneNumber: clip('phoneNumber', order.phoneNumber),
        ...Object.fromEntries(
          Object.entries(address).flatMap(([field, value]) => [
            [`billTo${field}`, value],
            [`sellTo${field}`, value],
            // The shop's address is where the goods go.
            [`shipTo${field}`, value],
          ]),
        ),
        discountAmount: order.discountAmount,
        ...(order.onAccount ? await paymentTermsIdOf(order.onAccount.terms) : {}),
        salesOrderLines: [
          ...(poNumber
            ? [{ lineType: 'Comment', description: webOrderComment(order.externalDocumentNumber) }]
            : []),
          ...(order.onAccount
            ? [
                {
                  lineType: 'Comment',
                  description: `On account (${order.onAccount.terms}), due ${order.onAccount.dueOn}`,
                },
              ]
            : []),
          ...order.lines.map((line) => ({
            lineType: 'Item',
            lineObjectNumber: line.itemNumber,
            description: line.description.slice(0, 100),
            quantity: line.quantity,
            unitPrice: line.unitPrice,
          })),
          ...(order.freight
            ? [
                {
                  lineType: 'Account',
                  lineObjectNumber: config.freightAccount,
                  description: order.freight.description,
                  quantity: 1,
                  unitPrice: order.freight.amount,
                },
              ]
            : []),
        ],
      };
      try {
        const created = toSalesOrder(await client.create('salesOrders', body));
        log.info(
          { order: order.externalDocumentNumber, salesOrder: created.number },
          'Business Central: sales order created',
        );
        return created;
      } catch (error) {
        if (!(error instanceof BusinessCentralError) || !error.outcomeUnknown) throw error;
        return afterLostAnswer(error, `the sales order for ${order.externalDocumentNumber}`, () =>
          findSalesOrder(
            order.externalDocumentNumber,
            poNumber ? { poNumber, customerNumber: order.customerNumber } : undefined,
          ),
        );
      }
    },

    /**
     * The order's posted shipments and invoices name it by its number (orderNumber). An order
     * synced before the shop kept that number is read once by id; posting the whole order
     * deletes it in Business Central, and such an order's progress stays unknown (null).
     */
    async salesOrderProgress(salesOrder): Promise<ErpOrderProgress | null> {
      let number = salesOrder.number?.trim() ?? '';
      if (!number) {
        if (!isGuid(salesOrder.id)) return null;
        const record = await client.get(`salesOrders(${salesOrder.id})`);
        number = record ? text(record.number) : '';
        if (!number) return null;
      }
      const byOrder = `orderNumber eq ${odataString(number)}`;
      const [shipments, invoices] = await Promise.all([
        client.list('salesShipments', { filter: byOrder, select: SHIPMENT_SELECT }),
        client.list('salesInvoices', { filter: byOrder, select: INVOICE_SELECT }),
      ]);
      const shipment = earliest(shipments, 'shipmentDate');
      const invoice = earliest(
        invoices.filter((record) => !NOT_INVOICED.has(text(record.status))),
        'invoiceDate',
      );
      return {
        salesOrderNumber: number,
        shipment: shipment ? { number: text(shipment.record.number), at: shipment.at } : null,
        invoice: invoice
          ? {
              id: recordId(invoice.record, 'sales invoice'),
              number: text(invoice.record.number),
              at: invoice.at,
            }
          : null,
      };
    },

    /** Business Central's own print of the posted invoice (its pdfDocument's content). */
    async invoicePdf(invoiceId) {
      if (!isGuid(invoiceId)) return null;
      return client.download(`salesInvoices(${invoiceId})/pdfDocument/pdfDocumentContent`);
    },
  };
}

/** The comment line that names the shop's order on a sales order sent under a PO number. */
export const webOrderComment = (orderNumber: string) => `Web order ${orderNumber}`;

interface PriceListRule {
  code: string;
  /** null: the line with the lowest minimum quantity. */
  minimumQuantity: number | null;
}

interface PriceListLine {
  assignToNo: string;
  productNo: string;
  unitPrice: number;
  minimumQuantity: number;
}

/** 'priceList:WHOLESALE' -> {WHOLESALE, null}; 'priceList:X3:3' -> {X3, 3}; others null. */
function priceListRule(source: PriceSource): PriceListRule | null {
  const match = /^priceList:([^:]+)(?::(\d+(?:\.\d+)?))?$/.exec(source);
  if (!match?.[1]) return null;
  // Business Central's codes are upper case.
  return {
    code: match[1].toUpperCase(),
    minimumQuantity: match[2] === undefined ? null : Number(match[2]),
  };
}

/** A line of the custom API that is in force today; null when it is not usable. */
function priceListLine(record: BcRecord, today: string): PriceListLine | null {
  const { unitPrice, minimumQuantity } = record;
  if (typeof unitPrice !== 'number') return null;
  // The custom page may also serve these (Price List Line fields); honoured when it does.
  if (typeof record.status === 'string' && record.status !== 'Active') return null;
  if (!isOpenDate(record.startingDate) && String(record.startingDate).slice(0, 10) > today) {
    return null;
  }
  if (!isOpenDate(record.endingDate) && String(record.endingDate).slice(0, 10) < today) {
    return null;
  }
  return {
    assignToNo: text(record.assignToNo),
    productNo: text(record.productNo),
    unitPrice,
    minimumQuantity: typeof minimumQuantity === 'number' ? minimumQuantity : 0,
  };
}

/** The lowest minimum quantity's line (or exactly the asked one); the lowest price on a tie. */
function pickPrice(lines: PriceListLine[], rule: PriceListRule): number | null {
  const candidates =
    rule.minimumQuantity === null
      ? lines.filter(
          (line) =>
            line.minimumQuantity === Math.min(...lines.map((other) => other.minimumQuantity)),
        )
      : lines.filter((line) => line.minimumQuantity === rule.minimumQuantity);
  if (candidates.length === 0) return null;
  return Math.min(...candidates.map((line) => line.unitPrice));
}

/** A string field, '' when null or missing. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
