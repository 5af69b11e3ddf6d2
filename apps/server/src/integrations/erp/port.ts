/**
 * The business-management system (ERP): customers and sales orders. Embedded mode uses the
 * built-in ERP (our own tables); issue 7 adds Microsoft Dynamics 365 Business Central behind
 * this same interface. Every call may throw ErpUnavailable; callers (the outbox) retry.
 */
export interface Erp {
  readonly kind: 'built-in' | 'business-central';
  findCustomer(query: { number?: string; email?: string }): Promise<ErpCustomer | null>;
  createCustomer(customer: ErpCustomerInput): Promise<ErpCustomer>;
  /** The sales order whose externalDocumentNumber is the shop's order number, if it exists. */
  findSalesOrder(orderNumber: string): Promise<ErpSalesOrder | null>;
  createSalesOrder(order: ErpSalesOrderInput): Promise<ErpSalesOrder>;
}

export interface ErpCustomer {
  id: string;
  number: string;
  displayName: string;
  email: string;
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
}

/** The ERP could not be reached or refused the call; the outbox retries. */
export class ErpUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ErpUnavailable';
  }
}
