/**
 * The business-management system (ERP): customers and sales orders. Embedded mode uses the
 * built-in ERP (our own tables); issue 7 adds Microsoft Dynamics 365 Business Central behind
 * this same interface. Every call may throw ErpUnavailable; callers (the outbox) retry.
 */
export interface Erp {
  readonly kind: 'built-in' | 'business-central';
  findCustomer(query: { number?: string; email?: string }): Promise<ErpCustomer | null>;
  createCustomer(customer: ErpCustomerInput): Promise<ErpCustomer>;
  /**
   * Sets only the given fields. Business Central needs the record's ETag (If-Match); a record
   * changed since it was read is read again and the change applied once more.
   */
  updateCustomer(customer: ErpCustomer, changes: ErpCustomerChanges): Promise<ErpCustomer>;
  /** Every customer (Business Central: all pages, following @odata.nextLink). */
  listCustomers(): Promise<ErpCustomerRecord[]>;
  /**
   * Every item with the prices `sources` name (see PriceSource). An item has a price for a
   * source only when the ERP has one; blocked items are included and flagged.
   */
  listItemPrices(sources: readonly PriceSource[]): Promise<ErpItemPrices[]>;
  /**
   * The sales order made for the shop's order `orderNumber`, if it exists. An order sent with the
   * lab's PO number is sent under it (`under`): Business Central keeps the PO number in
   * externalDocumentNumber and the shop's number in a comment line (see createSalesOrder).
   */
  findSalesOrder(
    orderNumber: string,
    under?: { poNumber: string; customerNumber: string },
  ): Promise<ErpSalesOrder | null>;
  createSalesOrder(order: ErpSalesOrderInput): Promise<ErpSalesOrder>;
  /**
   * How far the sales order has come: its posted shipment and invoice (issue 36's timeline).
   * `number` is the ERP's document number when the shop knows it (orders synced before it was
   * kept have only the id). Null when the ERP no longer knows the sales order.
   */
  salesOrderProgress(salesOrder: {
    id: string;
    number: string | null;
  }): Promise<ErpOrderProgress | null>;
  /**
   * The posted invoice's own document as a PDF (Business Central's pdfDocument); null when the
   * ERP keeps no documents (the built-in ERP: the shop then makes the invoice itself) or the
   * invoice is not found.
   */
  invoicePdf(invoiceId: string): Promise<Uint8Array | null>;
}

/** A sales order's progress in the ERP; a date-only ERP (Business Central) gives UTC midnight. */
export interface ErpOrderProgress {
  salesOrderNumber: string;
  shipment: { number: string; at: Date } | null;
  invoice: { id: string; number: string; at: Date } | null;
}

export interface ErpCustomer {
  id: string;
  number: string;
  displayName: string;
  email: string;
  phoneNumber: string;
  addressLine1: string;
  /** Business Central's @odata.etag, sent back as If-Match on an update. */
  etag?: string;
}

export type ErpCustomerChanges = Partial<
  Pick<ErpCustomerInput, 'phoneNumber' | 'addressLine1' | 'city' | 'state' | 'postalCode'>
>;

/** What the customers copy keeps of an ERP customer: SPEC.md's ten fields and the postal code. */
export const ERP_CUSTOMER_COPIED_FIELDS = [
  'displayName',
  'type',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'country',
  'postalCode',
  'phoneNumber',
  'email',
  'website',
] as const;

/**
 * A customer's payment terms in the ERP (issue 37): Business Central's record id, its code and
 * the days to pay its date formula gives ('30D': 30; '2W': 14; '1M': 30); null days when the
 * formula is another kind.
 */
export interface ErpPaymentTerms {
  id: string;
  code: string;
  dueDays: number | null;
}

/** A customer with SPEC.md's ten fields (the admin list and the customers cache). */
export interface ErpCustomerRecord {
  id: string;
  number: string;
  displayName: string;
  type: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  phoneNumber: string;
  email: string;
  website: string;
  /** Paying on account (issue 37): the customer's terms (none: null) and credit limit. */
  paymentTerms?: ErpPaymentTerms | null;
  /** Dollars; 0: none set. */
  creditLimit?: number;
}

/**
 * Where a shop price comes from in the ERP:
 * - 'unitPrice': the item's unit price (standard in Business Central's API v2.0);
 * - 'priceList:<CODE>' or 'priceList:<CODE>:<minimumQuantity>': a price list line assigned to
 *   CODE (a customer price group, say WHOLESALE) for the item, the one with the lowest minimum
 *   quantity, or exactly that minimum quantity. Business Central has no standard endpoint for
 *   these; they are read from a custom API page (BC_PRICE_LIST_API, docs/BUSINESS-CENTRAL.md).
 */
export type PriceSource = 'unitPrice' | `priceList:${string}`;

export interface ErpItemPrices {
  number: string;
  displayName: string;
  blocked: boolean;
  /** Dollars per source named in the call; a source the ERP has no price for is absent. */
  prices: Partial<Record<PriceSource, number>>;
}

export interface ErpCustomerInput {
  /** The number to create it under ('WEB' + 3 letters); the ERP may assign its own. */
  number: string;
  displayName: string;
  type: 'Company' | 'Person';
  email: string;
  phoneNumber: string;
  addressLine1: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface ErpSalesOrder {
  id: string;
  /** The ERP's own document number. */
  number: string;
  /** The shop's order number. */
  externalDocumentNumber: string;
}

export interface ErpSalesOrderInput {
  /** The shop's order number; finding by it is what makes the sync exactly-once. */
  externalDocumentNumber: string;
  /**
   * The lab's PO number or reference (issue 36). Business Central then gets it as the
   * externalDocumentNumber, which its documents print as the customer's reference, and the shop's
   * number as a first comment line ('Web order WEB-100123').
   */
  poNumber?: string | null;
  customerNumber: string;
  customerName: string;
  orderDate: string;
  email: string;
  phoneNumber: string;
  billTo: {
    addressLine1: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  };
  /** Dollars (ERP documents are in currency units, not cents). */
  discountAmount: number;
  lines: { itemNumber: string; description: string; quantity: number; unitPrice: number }[];
  /**
   * Placed on account (issue 37): the terms' code it is due under ('NET30') and the day.
   * Business Central gets the payment terms of that code (when it has them) and a comment line
   * saying both.
   */
  onAccount?: { terms: string; dueOn: string } | null;
  /** Dollars of freight (a quote's, issue 37): a line of its own; null or absent: none. */
  freight?: { description: string; amount: number } | null;
}

/** The ERP could not be reached or refused the call; the outbox retries. */
export class ErpUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ErpUnavailable';
  }
}
