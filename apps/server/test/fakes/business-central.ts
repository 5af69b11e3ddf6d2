import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local stand-in for Microsoft Dynamics 365 Business Central's API v2.0 and its Entra ID token
 * endpoint (docs/EXTERNAL-APIS.md section 2), for the adapter's tests, the browser tests and
 * development. Node built-ins only: Playwright imports it too.
 *
 * - `POST /{tenant}/oauth2/v2.0/token`: client credentials (form-encoded); a wrong client id or
 *   secret is refused the way Entra refuses it (`{error, error_description}`).
 * - `/v2.0/{tenant}/{environment}/api/v2.0/companies` and, per company,
 *   `customers`, `items`, `salesOrders` (with `salesOrderLines`, deep insert on POST, and the
 *   bound action `Microsoft.NAV.shipAndInvoice`), the posted `salesShipments` and
 *   `salesInvoices` (with `pdfDocument` and its `pdfDocumentContent`), and the custom
 *   `api/{priceListApi}/companies({id})/priceListLines`.
 * - Bearer tokens are required (401 when missing, unknown or expired); collections come as
 *   `{@odata.context, value}` with `@odata.etag` on every record (new on every change);
 *   `Prefer: odata.maxpagesize=N` pages with an opaque `@odata.nextLink`; `$filter` with
 *   eq/ne/gt/ge/lt/le joined by `and` (strings compared exactly), `$select`, `$top`,
 *   `$expand=salesOrderLines`; POST answers 201 with the stored record (a GUID id, a number from
 *   the number series: C00010, C00020, ... for customers, 101001, ... for sales orders; the
 *   totals computed); PATCH needs If-Match (missing: 400 BadRequest_InvalidToken, stale: 409
 *   Request_EntityChanged); field lengths are checked like Business Central's tables; errors
 *   come as `{error:{code,message}}`. Sales orders may share an externalDocumentNumber, as in
 *   Business Central: nothing but the caller keeps a create from happening twice.
 *
 * Posting a sales order (the action, or the `post` control) makes its shipment (102001, ...)
 * and invoice (103001, ...), each naming the order by orderNumber, and deletes the sales order,
 * as Business Central does once an order is fully shipped and invoiced.
 *
 * Test controls: `seed`, `post`, `failNext` (with Retry-After), `delayNext` and `hangNext` (optionally
 * carrying the call out first: "stored, but the answer was lost"), `latencyMs`, `revokeTokens`,
 * `calls`, `tokenRequests`, `reset`, and `env()` for the app's environment variables.
 */
export interface FakeBusinessCentral {
  /** http://127.0.0.1:<port>: BC_API_URL */
  apiUrl: string;
  /** BC_TOKEN_URL */
  tokenUrl: string;
  tenantId: string;
  environment: string;
  companyId: string;
  companyName: string;
  clientId: string;
  clientSecret: string;
  /** publisher/group/version of the custom price list API (BC_PRICE_LIST_API). */
  priceListApi: string;
  /** Every request, in order (token requests too, with entitySet 'token'). */
  calls: FakeBcCall[];
  /** How many token requests came (refused ones too). */
  readonly tokenRequests: number;
  /** Added before every answer. */
  latencyMs: number;
  /** expires_in of the tokens handed out from now on. */
  tokenLifetimeSeconds: number;
  /** Adds records to the company (ids, numbers and defaults filled in); answers the stored ones. */
  seed(data: FakeBcSeed): {
    customers: FakeBcCustomer[];
    items: FakeBcItem[];
    priceListLines: FakeBcPriceListLine[];
  };
  customers(): FakeBcCustomer[];
  items(): FakeBcItem[];
  salesOrders(): FakeBcSalesOrder[];
  /** The company's payment terms (NET30, NET15, COD): a customer's paymentTermsId names one. */
  paymentTerms(): FakeBcPaymentTerms[];
  salesShipments(): FakeBcSalesShipment[];
  salesInvoices(): FakeBcSalesInvoice[];
  priceListLines(): FakeBcPriceListLine[];
  /**
   * What the office does in Business Central: posts the sales order's shipment (`ship`) and,
   * when `invoice` is given, its invoice too, which deletes the sales order. Dates are
   * YYYY-MM-DD (default today); `invoiceStatus` defaults to 'Open'.
   */
  post(
    salesOrderNumber: string,
    options?: { ship?: string; invoice?: string | false; invoiceStatus?: string },
  ): { shipment: FakeBcSalesShipment | null; invoice: FakeBcSalesInvoice | null };
  /**
   * The next `times` matching calls (API calls unless `when` says otherwise) answer `status`
   * with `{error:{code,message}}` (or `body`) and, when given, Retry-After.
   */
  failNext(
    status: number,
    options?: {
      retryAfter?: number | string;
      times?: number;
      code?: string;
      message?: string;
      /** A raw answer instead of the JSON error (a proxy's HTML page, say). */
      body?: string;
      when?: FakeBcMatch;
    },
  ): void;
  /**
   * The next matching call is answered `ms` late. With `store`, it is carried out at once and
   * only the answer is late (a client that gave up meanwhile has lost an answer to a call that
   * happened); without, it is carried out when answered.
   */
  delayNext(ms: number, options?: { store?: boolean; when?: FakeBcMatch }): void;
  /** The next matching call is never answered; with `store` it is carried out first. */
  hangNext(options?: { store?: boolean; when?: FakeBcMatch }): void;
  /** Every token handed out so far is refused from now on (401). */
  revokeTokens(): void;
  /** The app's environment for this fake: ERP=business-central, BC_* (BC_COMPANY: the name). */
  env(overrides?: Record<string, string>): Record<string, string>;
  /** Empties the company and every log, fault and setting (handed-out tokens stay valid). */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Which calls a fault applies to: by default any API call; the token endpoint only when
 * entitySet is 'token'.
 */
export interface FakeBcMatch {
  method?: string;
  /** 'customers', 'items', 'salesOrders', 'salesOrderLines', 'priceListLines', 'companies', 'token'. */
  entitySet?: string;
}

export interface FakeBcCall {
  method: string;
  /** The path with the query string. */
  path: string;
  entitySet: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The parsed JSON (or form, for the token endpoint) body; null when none. */
  body: unknown;
}

export interface FakeBcSeed {
  customers?: Partial<FakeBcCustomer>[];
  items?: (Partial<FakeBcItem> & { number: string })[];
  priceListLines?: (Partial<FakeBcPriceListLine> &
    Pick<FakeBcPriceListLine, 'assignToNo' | 'productNo' | 'unitPrice'>)[];
}

export interface FakeBcCustomer {
  etag: string;
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
  salespersonCode: string;
  balanceDue: number;
  creditLimit: number;
  taxLiable: boolean;
  taxAreaId: string;
  taxAreaDisplayName: string;
  taxRegistrationNumber: string;
  currencyId: string;
  currencyCode: string;
  paymentTermsId: string;
  shipmentMethodId: string;
  paymentMethodId: string;
  blocked: string;
  lastModifiedDateTime: string;
}

export interface FakeBcItem {
  etag: string;
  id: string;
  number: string;
  displayName: string;
  displayName2: string;
  type: string;
  itemCategoryId: string;
  itemCategoryCode: string;
  blocked: boolean;
  gtin: string;
  inventory: number;
  unitPrice: number;
  priceIncludesTax: boolean;
  unitCost: number;
  taxGroupId: string;
  taxGroupCode: string;
  baseUnitOfMeasureId: string;
  baseUnitOfMeasureCode: string;
  lastModifiedDateTime: string;
}

export interface FakeBcPriceListLine {
  etag: string;
  id: string;
  priceListCode: string;
  assignToType: string;
  assignToNo: string;
  productType: string;
  productNo: string;
  minimumQuantity: number;
  unitPrice: number;
  startingDate: string;
  endingDate: string;
  status: string;
}

/** A payment terms record: dueDateCalculation is a date formula ('30D', '1M'). */
export interface FakeBcPaymentTerms {
  id: string;
  code: string;
  displayName: string;
  dueDateCalculation: string;
}

export interface FakeBcSalesOrderLine {
  etag: string;
  id: string;
  documentId: string;
  sequence: number;
  itemId: string;
  accountId: string;
  lineType: string;
  lineObjectNumber: string;
  description: string;
  unitOfMeasureId: string;
  unitOfMeasureCode: string;
  quantity: number;
  unitPrice: number;
  discountAmount: number;
  discountPercent: number;
  discountAppliedBeforeTax: boolean;
  amountExcludingTax: number;
  taxCode: string;
  taxPercent: number;
  totalTaxAmount: number;
  amountIncludingTax: number;
  invoiceDiscountAllocation: number;
  netAmount: number;
  netTaxAmount: number;
  netAmountIncludingTax: number;
  shipmentDate: string;
  shippedQuantity: number;
  invoicedQuantity: number;
  invoiceQuantity: number;
  shipQuantity: number;
  itemVariantId: string;
  locationId: string;
}

export interface FakeBcSalesOrder {
  etag: string;
  id: string;
  number: string;
  externalDocumentNumber: string;
  orderDate: string;
  postingDate: string;
  customerId: string;
  customerNumber: string;
  customerName: string;
  billToName: string;
  billToCustomerId: string;
  billToCustomerNumber: string;
  shipToName: string;
  shipToContact: string;
  sellToAddressLine1: string;
  sellToAddressLine2: string;
  sellToCity: string;
  sellToCountry: string;
  sellToState: string;
  sellToPostCode: string;
  billToAddressLine1: string;
  billToAddressLine2: string;
  billToCity: string;
  billToCountry: string;
  billToState: string;
  billToPostCode: string;
  shipToAddressLine1: string;
  shipToAddressLine2: string;
  shipToCity: string;
  shipToCountry: string;
  shipToState: string;
  shipToPostCode: string;
  currencyId: string;
  currencyCode: string;
  pricesIncludeTax: boolean;
  paymentTermsId: string;
  shipmentMethodId: string;
  salesperson: string;
  partialShipping: boolean;
  requestedDeliveryDate: string;
  discountAmount: number;
  discountAppliedBeforeTax: boolean;
  totalAmountExcludingTax: number;
  totalTaxAmount: number;
  totalAmountIncludingTax: number;
  fullyShipped: boolean;
  status: string;
  lastModifiedDateTime: string;
  phoneNumber: string;
  email: string;
  salesOrderLines: FakeBcSalesOrderLine[];
}

const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';
/** The G/L accounts an Account line may name (direct posting allowed): freight income. */
export const FAKE_BC_GL_ACCOUNTS = ['6810'];
/** The fake's NET30 payment terms (30 days). */
export const FAKE_BC_NET30_ID = 'a1f0e3c4-0000-4000-8000-000000000030';
const EMPTY_DATE = '0001-01-01';
const MAX_PAGE_SIZE = 20_000;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Business Central's table field lengths, checked on POST and PATCH. */
const MAX_LENGTHS: Record<string, number> = {
  number: 20,
  displayName: 100,
  addressLine1: 100,
  addressLine2: 50,
  city: 30,
  state: 30,
  country: 10,
  postalCode: 20,
  phoneNumber: 30,
  email: 80,
  website: 80,
  externalDocumentNumber: 35,
  description: 100,
  lineObjectNumber: 20,
};

type Entity = 'customer' | 'salesOrder' | 'salesOrderLine';

/** What a client may write, per entity (everything else is read-only or unknown). */
const WRITABLE: Record<Entity, Record<string, 'string' | 'number' | 'boolean'>> = {
  customer: {
    number: 'string',
    displayName: 'string',
    type: 'string',
    addressLine1: 'string',
    addressLine2: 'string',
    city: 'string',
    state: 'string',
    country: 'string',
    postalCode: 'string',
    phoneNumber: 'string',
    email: 'string',
    website: 'string',
    salespersonCode: 'string',
    creditLimit: 'number',
    taxLiable: 'boolean',
    taxAreaId: 'string',
    taxRegistrationNumber: 'string',
    currencyId: 'string',
    currencyCode: 'string',
    paymentTermsId: 'string',
    shipmentMethodId: 'string',
    paymentMethodId: 'string',
    blocked: 'string',
  },
  salesOrder: {
    externalDocumentNumber: 'string',
    orderDate: 'string',
    postingDate: 'string',
    customerId: 'string',
    customerNumber: 'string',
    billToCustomerId: 'string',
    billToCustomerNumber: 'string',
    shipToName: 'string',
    shipToContact: 'string',
    sellToAddressLine1: 'string',
    sellToAddressLine2: 'string',
    sellToCity: 'string',
    sellToCountry: 'string',
    sellToState: 'string',
    sellToPostCode: 'string',
    billToAddressLine1: 'string',
    billToAddressLine2: 'string',
    billToCity: 'string',
    billToCountry: 'string',
    billToState: 'string',
    billToPostCode: 'string',
    shipToAddressLine1: 'string',
    shipToAddressLine2: 'string',
    shipToCity: 'string',
    shipToCountry: 'string',
    shipToState: 'string',
    shipToPostCode: 'string',
    currencyCode: 'string',
    pricesIncludeTax: 'boolean',
    paymentTermsId: 'string',
    shipmentMethodId: 'string',
    salesperson: 'string',
    partialShipping: 'boolean',
    requestedDeliveryDate: 'string',
    discountAmount: 'number',
    phoneNumber: 'string',
    email: 'string',
  },
  salesOrderLine: {
    sequence: 'number',
    itemId: 'string',
    lineType: 'string',
    lineObjectNumber: 'string',
    description: 'string',
    unitOfMeasureCode: 'string',
    quantity: 'number',
    unitPrice: 'number',
    discountAmount: 'number',
    discountPercent: 'number',
    taxCode: 'string',
    shipmentDate: 'string',
    invoiceQuantity: 'number',
    shipQuantity: 'number',
    itemVariantId: 'string',
    locationId: 'string',
  },
};

/** A failure answered to the client: `{error:{code,message}}` with an HTTP status. */
class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  // No parameter properties: Node's type stripping does not take them.
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** A posted sales shipment (Business Central's salesShipments, v2.0). */
export interface FakeBcSalesShipment {
  id: string;
  etag: string;
  number: string;
  externalDocumentNumber: string;
  orderNumber: string;
  customerNumber: string;
  customerName: string;
  shipmentDate: string;
  postingDate: string;
  lastModifiedDateTime: string;
}

/** A sales invoice (Business Central's salesInvoices, v2.0); posted ones name their order. */
export interface FakeBcSalesInvoice {
  id: string;
  etag: string;
  number: string;
  externalDocumentNumber: string;
  orderId: string;
  orderNumber: string;
  customerNumber: string;
  customerName: string;
  invoiceDate: string;
  postingDate: string;
  dueDate: string;
  status: string;
  totalAmountIncludingTax: number;
  remainingAmount: number;
  lastModifiedDateTime: string;
}

interface Company {
  id: string;
  name: string;
  displayName: string;
  customers: FakeBcCustomer[];
  items: FakeBcItem[];
  salesOrders: FakeBcSalesOrder[];
  salesShipments: FakeBcSalesShipment[];
  salesInvoices: FakeBcSalesInvoice[];
  priceListLines: FakeBcPriceListLine[];
  paymentTerms: FakeBcPaymentTerms[];
  series: { customer: number; salesOrder: number; shipment: number; invoice: number };
}

const NEW_SERIES = () => ({ customer: 0, salesOrder: 101000, shipment: 102000, invoice: 103000 });

interface Fault {
  kind: 'fail' | 'delay' | 'hang';
  when: FakeBcMatch | undefined;
  status?: number;
  retryAfter?: string;
  code?: string;
  message?: string;
  body?: string;
  ms?: number;
  store?: boolean;
}

type Answer = [number, string, Record<string, string>];

export async function startFakeBusinessCentral(
  options: {
    tenantId?: string;
    environment?: string;
    companyName?: string;
    clientId?: string;
    clientSecret?: string;
    tokenLifetimeSeconds?: number;
    priceListApi?: string;
  } = {},
): Promise<FakeBusinessCentral> {
  const tenantId = options.tenantId ?? 'labshop-tenant.example';
  const environment = options.environment ?? 'sandbox';
  const clientId = options.clientId ?? randomUUID();
  const clientSecret = options.clientSecret ?? `fake~${randomBytes(12).toString('base64url')}`;
  const priceListApi = options.priceListApi ?? 'labshop/pricing/v1.0';
  const defaultLifetime = options.tokenLifetimeSeconds ?? 3599;

  const newCompany = (name: string): Company => ({
    id: randomUUID(),
    name,
    displayName: name,
    customers: [],
    items: [],
    salesOrders: [],
    salesShipments: [],
    salesInvoices: [],
    priceListLines: [],
    // CRONUS's usual terms; ids are fixed so that tests can name them.
    paymentTerms: [
      {
        id: FAKE_BC_NET30_ID,
        code: 'NET30',
        displayName: 'Net 30 days',
        dueDateCalculation: '30D',
      },
      {
        id: 'a1f0e3c4-0000-4000-8000-000000000015',
        code: 'NET15',
        displayName: 'Net 15 days',
        dueDateCalculation: '15D',
      },
      {
        id: 'a1f0e3c4-0000-4000-8000-000000000000',
        code: 'COD',
        displayName: 'Cash on delivery',
        dueDateCalculation: '0D',
      },
    ],
    series: NEW_SERIES(),
  });
  const companyName = options.companyName ?? 'CRONUS USA, Inc.';
  const main = newCompany(companyName);
  // A second company, so that a name has to be looked up among several.
  const companies = [newCompany('My Company'), main];

  const calls: FakeBcCall[] = [];
  const tokens = new Map<string, { expiresAt: number; tenant: string }>();
  const faults: Fault[] = [];
  const hanging = new Set<ServerResponse>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const state = {
    tokenRequests: 0,
    latencyMs: 0,
    tokenLifetimeSeconds: defaultLifetime,
    version: 0,
  };
  let origin = '';

  const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const today = () => new Date().toISOString().slice(0, 10);
  const newEtag = () => {
    state.version += 1;
    const tag = `'${state.version};${randomBytes(9).toString('base64')};00;'`;
    return `W/"${Buffer.from(tag).toString('base64')}"`;
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  // ---- records --------------------------------------------------------------------------

  const customerDefaults = (): FakeBcCustomer => ({
    etag: newEtag(),
    id: randomUUID(),
    number: '',
    displayName: '',
    type: 'Company',
    addressLine1: '',
    addressLine2: '',
    city: '',
    state: '',
    country: '',
    postalCode: '',
    phoneNumber: '',
    email: '',
    website: '',
    salespersonCode: '',
    balanceDue: 0,
    creditLimit: 0,
    taxLiable: false,
    taxAreaId: EMPTY_GUID,
    taxAreaDisplayName: '',
    taxRegistrationNumber: '',
    currencyId: EMPTY_GUID,
    currencyCode: '',
    paymentTermsId: EMPTY_GUID,
    shipmentMethodId: EMPTY_GUID,
    paymentMethodId: EMPTY_GUID,
    blocked: ' ',
    lastModifiedDateTime: now(),
  });

  const itemDefaults = (): FakeBcItem => ({
    etag: newEtag(),
    id: randomUUID(),
    number: '',
    displayName: '',
    displayName2: '',
    type: 'Inventory',
    itemCategoryId: EMPTY_GUID,
    itemCategoryCode: '',
    blocked: false,
    gtin: '',
    inventory: 0,
    unitPrice: 0,
    priceIncludesTax: false,
    unitCost: 0,
    taxGroupId: EMPTY_GUID,
    taxGroupCode: '',
    baseUnitOfMeasureId: EMPTY_GUID,
    baseUnitOfMeasureCode: 'PCS',
    lastModifiedDateTime: now(),
  });

  const priceListLineDefaults = (): FakeBcPriceListLine => ({
    etag: newEtag(),
    id: randomUUID(),
    priceListCode: 'S00001',
    assignToType: 'Customer Price Group',
    assignToNo: '',
    productType: 'Item',
    productNo: '',
    minimumQuantity: 0,
    unitPrice: 0,
    startingDate: EMPTY_DATE,
    endingDate: EMPTY_DATE,
    status: 'Active',
  });

  const salesOrderDefaults = (): FakeBcSalesOrder => {
    const order: Partial<FakeBcSalesOrder> = {
      etag: newEtag(),
      id: randomUUID(),
      number: '',
      externalDocumentNumber: '',
      orderDate: today(),
      postingDate: today(),
      customerId: EMPTY_GUID,
      customerNumber: '',
      customerName: '',
      billToName: '',
      billToCustomerId: EMPTY_GUID,
      billToCustomerNumber: '',
      shipToName: '',
      shipToContact: '',
      currencyId: EMPTY_GUID,
      currencyCode: 'USD',
      pricesIncludeTax: false,
      paymentTermsId: EMPTY_GUID,
      shipmentMethodId: EMPTY_GUID,
      salesperson: '',
      partialShipping: true,
      requestedDeliveryDate: EMPTY_DATE,
      discountAmount: 0,
      discountAppliedBeforeTax: true,
      totalAmountExcludingTax: 0,
      totalTaxAmount: 0,
      totalAmountIncludingTax: 0,
      fullyShipped: true,
      status: 'Draft',
      lastModifiedDateTime: now(),
      phoneNumber: '',
      email: '',
      salesOrderLines: [],
    };
    for (const who of ['sellTo', 'billTo', 'shipTo']) {
      for (const field of [
        'AddressLine1',
        'AddressLine2',
        'City',
        'Country',
        'State',
        'PostCode',
      ]) {
        (order as Record<string, unknown>)[`${who}${field}`] = '';
      }
    }
    return order as FakeBcSalesOrder;
  };

  const nextCustomerNumber = (company: Company) => {
    let number = '';
    do {
      company.series.customer += 10;
      number = `C${String(company.series.customer).padStart(5, '0')}`;
    } while (company.customers.some((customer) => customer.number === number));
    return number;
  };

  /** Checks a write's fields: known, writable, of the right type, not too long. */
  const checkFields = (entity: Entity, body: Record<string, unknown>) => {
    const writable = WRITABLE[entity];
    for (const [field, value] of Object.entries(body)) {
      if (field.startsWith('@odata.')) continue;
      const type = writable[field];
      if (!type) {
        throw new ApiError(
          400,
          'BadRequest_NotFound',
          `Could not find a property named '${field}' on type 'Microsoft.NAV.${entity}'.`,
        );
      }
      if (typeof value !== type) {
        throw new ApiError(
          400,
          'BadRequest',
          `Cannot convert the literal '${JSON.stringify(value)}' to the expected type 'Edm.${type === 'string' ? 'String' : type === 'number' ? 'Decimal' : 'Boolean'}'.`,
        );
      }
      const max = MAX_LENGTHS[field];
      if (typeof value === 'string' && max !== undefined && value.length > max) {
        throw new ApiError(
          400,
          'Application_StringExceededLength',
          `The length of the string is ${value.length}, but it must be less than or equal to ${max} characters. Value: ${value}`,
        );
      }
    }
  };

  const checkCustomer = (customer: FakeBcCustomer) => {
    if (!['Company', 'Person'].includes(customer.type)) {
      throw new ApiError(400, 'BadRequest', `Requested value '${customer.type}' was not found.`);
    }
    if (![' ', 'Ship', 'Invoice', 'All'].includes(customer.blocked)) {
      throw new ApiError(400, 'BadRequest', `Requested value '${customer.blocked}' was not found.`);
    }
  };

  const createCustomer = (company: Company, body: Record<string, unknown>): FakeBcCustomer => {
    checkFields('customer', body);
    const customer: FakeBcCustomer = {
      ...customerDefaults(),
      ...(body as Partial<FakeBcCustomer>),
    };
    customer.etag = newEtag();
    if (!customer.number) customer.number = nextCustomerNumber(company);
    if (company.customers.some((other) => other.number === customer.number)) {
      throw new ApiError(
        400,
        'Internal_EntityWithSameKeyExists',
        `The record already exists. Identification fields and values: No.='${customer.number}'`,
      );
    }
    checkCustomer(customer);
    company.customers.push(customer);
    return customer;
  };

  const round2 = (value: number) => Math.round(value * 100) / 100;

  /** Line amounts, the order discount spread over the lines, and the order's totals. */
  const recompute = (order: FakeBcSalesOrder) => {
    let subtotal = 0;
    for (const line of order.salesOrderLines) {
      const gross = round2(line.quantity * line.unitPrice);
      line.discountAmount = round2(
        line.discountPercent ? (gross * line.discountPercent) / 100 : line.discountAmount,
      );
      line.amountExcludingTax = round2(gross - line.discountAmount);
      subtotal = round2(subtotal + line.amountExcludingTax);
    }
    if (order.discountAmount < 0 || order.discountAmount > subtotal) {
      throw new ApiError(
        400,
        'Application_InvalidOperation',
        `The invoice discount amount (${order.discountAmount}) must be between 0 and the order amount (${subtotal}).`,
      );
    }
    let allocated = 0;
    order.salesOrderLines.forEach((line, index, lines) => {
      const share =
        index === lines.length - 1
          ? round2(order.discountAmount - allocated)
          : subtotal > 0
            ? round2((order.discountAmount * line.amountExcludingTax) / subtotal)
            : 0;
      allocated = round2(allocated + share);
      line.invoiceDiscountAllocation = share;
      line.netAmount = round2(line.amountExcludingTax - share);
      line.netTaxAmount = 0;
      line.netAmountIncludingTax = line.netAmount;
      line.totalTaxAmount = 0;
      line.amountIncludingTax = line.amountExcludingTax;
    });
    order.totalAmountExcludingTax = round2(subtotal - order.discountAmount);
    order.totalTaxAmount = 0;
    order.totalAmountIncludingTax = order.totalAmountExcludingTax;
    order.fullyShipped = order.salesOrderLines.every(
      (line) => line.lineType !== 'Item' || line.shippedQuantity >= line.quantity,
    );
  };

  const lineDefaults = (order: FakeBcSalesOrder): FakeBcSalesOrderLine => ({
    etag: newEtag(),
    id: randomUUID(),
    documentId: order.id,
    sequence: 0,
    itemId: EMPTY_GUID,
    accountId: EMPTY_GUID,
    lineType: 'Item',
    lineObjectNumber: '',
    description: '',
    unitOfMeasureId: EMPTY_GUID,
    unitOfMeasureCode: '',
    quantity: 0,
    unitPrice: 0,
    discountAmount: 0,
    discountPercent: 0,
    discountAppliedBeforeTax: false,
    amountExcludingTax: 0,
    taxCode: '',
    taxPercent: 0,
    totalTaxAmount: 0,
    amountIncludingTax: 0,
    invoiceDiscountAllocation: 0,
    netAmount: 0,
    netTaxAmount: 0,
    netAmountIncludingTax: 0,
    shipmentDate: order.orderDate,
    shippedQuantity: 0,
    invoicedQuantity: 0,
    invoiceQuantity: 0,
    shipQuantity: 0,
    itemVariantId: EMPTY_GUID,
    locationId: EMPTY_GUID,
  });

  const makeLine = (
    company: Company,
    order: FakeBcSalesOrder,
    body: Record<string, unknown>,
  ): FakeBcSalesOrderLine => {
    checkFields('salesOrderLine', body);
    const input = body as Partial<FakeBcSalesOrderLine>;
    const lineType = input.lineType ?? 'Item';
    let item: FakeBcItem | undefined;
    if (lineType === 'Item') {
      item = input.itemId
        ? company.items.find((candidate) => candidate.id === input.itemId)
        : company.items.find((candidate) => candidate.number === input.lineObjectNumber);
      if (!item) {
        throw new ApiError(
          400,
          'Internal_RecordNotFound',
          `The Item does not exist. Identification fields and values: No.='${input.lineObjectNumber ?? input.itemId ?? ''}'`,
        );
      }
      if (item.blocked) {
        throw new ApiError(
          400,
          'Application_FieldValidationException',
          `Blocked must be equal to 'No'  in Item: No.=${item.number}. Current value is 'Yes'.`,
        );
      }
      if (typeof input.quantity !== 'number' || input.quantity <= 0) {
        throw new ApiError(400, 'BadRequest', 'The quantity of an item line must be above 0.');
      }
    } else if (lineType === 'Account') {
      if (!FAKE_BC_GL_ACCOUNTS.includes(input.lineObjectNumber ?? '')) {
        throw new ApiError(
          400,
          'Internal_RecordNotFound',
          `The G/L Account does not exist. Identification fields and values: No.='${input.lineObjectNumber ?? ''}'`,
        );
      }
      if (typeof input.quantity !== 'number' || input.quantity <= 0) {
        throw new ApiError(400, 'BadRequest', 'The quantity of an account line must be above 0.');
      }
    } else if (lineType !== 'Comment') {
      throw new ApiError(400, 'BadRequest', `The fake has no line type '${lineType}'.`);
    }
    const priced = item !== undefined || lineType === 'Account';
    const sequence =
      input.sequence ??
      order.salesOrderLines.reduce((max, line) => Math.max(max, line.sequence), 0) + 10000;
    return {
      ...lineDefaults(order),
      sequence,
      itemId: item?.id ?? EMPTY_GUID,
      lineType,
      lineObjectNumber:
        item?.number ?? (lineType === 'Account' ? (input.lineObjectNumber ?? '') : ''),
      description: input.description ?? item?.displayName ?? '',
      unitOfMeasureCode: item ? (input.unitOfMeasureCode ?? item.baseUnitOfMeasureCode) : '',
      quantity: priced ? (input.quantity ?? 0) : 0,
      unitPrice: priced ? (input.unitPrice ?? item?.unitPrice ?? 0) : 0,
      discountAmount: input.discountAmount ?? 0,
      discountPercent: input.discountPercent ?? 0,
      taxCode: input.taxCode ?? '',
      shipmentDate: input.shipmentDate ?? order.orderDate,
      invoiceQuantity: input.invoiceQuantity ?? 0,
      shipQuantity: input.shipQuantity ?? 0,
      itemVariantId: input.itemVariantId ?? EMPTY_GUID,
      locationId: input.locationId ?? EMPTY_GUID,
    };
  };

  const createSalesOrder = (company: Company, body: Record<string, unknown>) => {
    const { salesOrderLines: lineBodies, ...header } = body;
    checkFields('salesOrder', header);
    if (lineBodies !== undefined && !Array.isArray(lineBodies)) {
      throw new ApiError(400, 'BadRequest', 'salesOrderLines must be a list.');
    }
    const input = header as Partial<FakeBcSalesOrder>;
    const customer = company.customers.find((candidate) =>
      input.customerId
        ? candidate.id === input.customerId
        : candidate.number === input.customerNumber,
    );
    if (!input.customerId && !input.customerNumber) {
      throw new ApiError(
        400,
        'Application_InvalidOperation',
        'A customerNumber or a customerID must be provided.',
      );
    }
    if (!customer) {
      throw new ApiError(
        400,
        'Internal_RecordNotFound',
        `The Customer does not exist. Identification fields and values: No.='${input.customerNumber ?? input.customerId ?? ''}'`,
      );
    }
    if (customer.blocked === 'All') {
      throw new ApiError(
        400,
        'Application_DialogException',
        `You cannot create this type of document when Customer ${customer.number} is blocked with type All`,
      );
    }
    if (input.orderDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(input.orderDate)) {
      throw new ApiError(400, 'BadRequest', `Cannot convert '${input.orderDate}' to Edm.Date.`);
    }
    const order: FakeBcSalesOrder = {
      ...salesOrderDefaults(),
      customerId: customer.id,
      customerNumber: customer.number,
      customerName: customer.displayName,
      billToName: customer.displayName,
      billToCustomerId: customer.id,
      billToCustomerNumber: customer.number,
      shipToName: customer.displayName,
      sellToAddressLine1: customer.addressLine1,
      sellToAddressLine2: customer.addressLine2,
      sellToCity: customer.city,
      sellToCountry: customer.country,
      sellToState: customer.state,
      sellToPostCode: customer.postalCode,
      billToAddressLine1: customer.addressLine1,
      billToAddressLine2: customer.addressLine2,
      billToCity: customer.city,
      billToCountry: customer.country,
      billToState: customer.state,
      billToPostCode: customer.postalCode,
      shipToAddressLine1: customer.addressLine1,
      shipToAddressLine2: customer.addressLine2,
      shipToCity: customer.city,
      shipToCountry: customer.country,
      shipToState: customer.state,
      shipToPostCode: customer.postalCode,
      phoneNumber: customer.phoneNumber,
      email: customer.email,
      ...input,
    };
    order.customerId = customer.id;
    order.customerNumber = customer.number;
    order.postingDate = order.orderDate;
    for (const lineBody of (lineBodies ?? []) as unknown[]) {
      if (typeof lineBody !== 'object' || lineBody === null) {
        throw new ApiError(400, 'BadRequest', 'A sales order line must be an object.');
      }
      order.salesOrderLines.push(makeLine(company, order, lineBody as Record<string, unknown>));
    }
    recompute(order);
    company.series.salesOrder += 1;
    order.number = String(company.series.salesOrder);
    order.etag = newEtag();
    company.salesOrders.push(order);
    return order;
  };

  /**
   * Posts the order's shipment and, unless `invoice` is false, its invoice; a fully posted order
   * is deleted, as in Business Central (its documents keep its number in orderNumber).
   */
  const postSalesOrder = (
    company: Company,
    order: FakeBcSalesOrder,
    posting: { ship?: string; invoice?: string | false; invoiceStatus?: string },
  ) => {
    const shipmentDate = posting.ship ?? today();
    company.series.shipment += 1;
    const shipment: FakeBcSalesShipment = {
      id: randomUUID(),
      etag: newEtag(),
      number: String(company.series.shipment),
      externalDocumentNumber: order.externalDocumentNumber,
      orderNumber: order.number,
      customerNumber: order.customerNumber,
      customerName: order.customerName,
      shipmentDate,
      postingDate: shipmentDate,
      lastModifiedDateTime: now(),
    };
    company.salesShipments.push(shipment);
    for (const line of order.salesOrderLines) line.shipQuantity = 0;
    order.fullyShipped = true;
    if (posting.invoice === false) return { shipment: copy(shipment), invoice: null };
    const invoiceDate = posting.invoice ?? today();
    company.series.invoice += 1;
    const invoice: FakeBcSalesInvoice = {
      id: randomUUID(),
      etag: newEtag(),
      number: String(company.series.invoice),
      externalDocumentNumber: order.externalDocumentNumber,
      orderId: order.id,
      orderNumber: order.number,
      customerNumber: order.customerNumber,
      customerName: order.customerName,
      invoiceDate,
      postingDate: invoiceDate,
      dueDate: invoiceDate,
      status: posting.invoiceStatus ?? 'Open',
      totalAmountIncludingTax: order.totalAmountIncludingTax,
      remainingAmount: order.totalAmountIncludingTax,
      lastModifiedDateTime: now(),
    };
    company.salesInvoices.push(invoice);
    company.salesOrders.splice(company.salesOrders.indexOf(order), 1);
    return { shipment: copy(shipment), invoice: copy(invoice) };
  };

  /** A small, valid PDF naming the invoice: what pdfDocumentContent streams. */
  const invoicePdf = (invoice: FakeBcSalesInvoice): string => {
    const text = `Business Central invoice ${invoice.number} for order ${invoice.orderNumber}`;
    const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ];
    let body = '%PDF-1.4\n';
    const offsets: number[] = [];
    objects.forEach((object, index) => {
      offsets.push(body.length);
      body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xref = body.length;
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return body;
  };

  // ---- queries --------------------------------------------------------------------------

  type Row = Record<string, unknown>;
  interface Clause {
    field: string;
    op: string;
    value: string | number | boolean | null;
  }

  const parseFilter = (filter: string, typeName: string, sample: Row): Clause[] => {
    const parts: string[] = [];
    let current = '';
    let quoted = false;
    for (let index = 0; index < filter.length; index += 1) {
      const char = filter[index];
      if (char === "'") quoted = !quoted;
      if (!quoted && /^\s+and\s+/i.test(filter.slice(index))) {
        parts.push(current);
        current = '';
        index += (/^\s+and\s+/i.exec(filter.slice(index))?.[0].length ?? 1) - 1;
        continue;
      }
      current += char;
    }
    parts.push(current);
    return parts.map((part) => {
      const match = /^\s*(\w+)\s+(eq|ne|gt|ge|lt|le)\s+(.+?)\s*$/.exec(part);
      if (!match) {
        throw new ApiError(
          400,
          'BadRequest',
          `The fake understands only "<field> eq|ne|gt|ge|lt|le <value>" joined by "and": ${part}`,
        );
      }
      const [, field = '', op = '', literal = ''] = match;
      if (!(field in sample)) {
        throw new ApiError(
          400,
          'BadRequest_NotFound',
          `Could not find a property named '${field}' on type 'Microsoft.NAV.${typeName}'.`,
        );
      }
      let value: Clause['value'];
      if (/^'(?:[^']|'')*'$/.test(literal)) value = literal.slice(1, -1).replaceAll("''", "'");
      else if (literal === 'true' || literal === 'false') value = literal === 'true';
      else if (literal === 'null') value = null;
      else if (/^-?\d+(\.\d+)?$/.test(literal)) value = Number(literal);
      else if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(literal)) value = literal;
      else if (GUID.test(literal)) value = literal;
      else throw new ApiError(400, 'BadRequest', `Syntax error in the filter near '${literal}'.`);
      const kind = typeof sample[field];
      const literalIsString = typeof value === 'string' && literal.startsWith("'");
      if (
        value !== null &&
        ((kind === 'string' && typeof value !== 'string') ||
          (kind === 'number' && typeof value !== 'number') ||
          (kind === 'boolean' && typeof value !== 'boolean') ||
          (kind !== 'string' && literalIsString))
      ) {
        throw new ApiError(
          400,
          'BadRequest',
          `A binary operator with incompatible types was detected. Found operand types 'Edm.${kind}' and '${typeof value}' for operator kind '${op}'.`,
        );
      }
      return { field, op, value };
    });
  };

  const matches = (row: Row, clauses: Clause[]) =>
    clauses.every(({ field, op, value }) => {
      const actual = row[field] as string | number | boolean | null;
      if (op === 'eq') return actual === value;
      if (op === 'ne') return actual !== value;
      if (value === null || actual === null) return false;
      if (op === 'gt') return actual > value;
      if (op === 'ge') return actual >= value;
      if (op === 'lt') return actual < value;
      return actual <= value;
    });

  /** A record as the API shows it: @odata.etag first, $select applied, lines when expanded. */
  const show = (record: Row, select: string[] | null, expand: boolean): Row => {
    const { etag, salesOrderLines, ...fields } = record;
    const shown: Row = { '@odata.etag': etag };
    for (const [field, value] of Object.entries(fields)) {
      if (!select || select.includes(field)) shown[field] = value;
    }
    if (expand && Array.isArray(salesOrderLines)) {
      shown.salesOrderLines = salesOrderLines.map((line) => show(line as Row, null, false));
    }
    return shown;
  };

  const contextOf = (api: string, company: Company | null, collection: string) =>
    `${origin}/v2.0/${tenantId}/${environment}/api/${api}/$metadata#${company ? `companies(${company.id})/` : ''}${collection}`;

  const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => [
    status,
    JSON.stringify(body),
    {
      'content-type': 'application/json; odata.metadata=minimal; odata.streaming=true',
      ...headers,
    },
  ];

  /** A collection page: filter, select, top, then Prefer: odata.maxpagesize and $skiptoken. */
  const collection = (
    url: URL,
    headers: Record<string, string>,
    rows: Row[],
    typeName: string,
    context: string,
    sample: Row,
  ): Answer => {
    const params = url.searchParams;
    const filter = params.get('$filter');
    const clauses = filter ? parseFilter(filter, typeName, sample) : [];
    const select =
      params
        .get('$select')
        ?.split(',')
        .map((field) => field.trim()) ?? null;
    for (const field of select ?? []) {
      if (!(field in sample)) {
        throw new ApiError(
          400,
          'BadRequest_NotFound',
          `Could not find a property named '${field}' on type 'Microsoft.NAV.${typeName}'.`,
        );
      }
    }
    const expand = params.get('$expand') === 'salesOrderLines';
    let selected = rows.filter((row) => matches(row, clauses));
    const top = params.get('$top');
    if (top !== null) selected = selected.slice(0, Number(top));

    const preferred = /odata\.maxpagesize=(\d+)/.exec(headers.prefer ?? '');
    const pageSize = Math.min(preferred ? Number(preferred[1]) : MAX_PAGE_SIZE, MAX_PAGE_SIZE);
    const token = params.get('$skiptoken');
    let offset = 0;
    if (token) {
      const decoded = /^'(.*)'$/.exec(token)?.[1] ?? '';
      offset = Number(Buffer.from(decoded, 'base64url').toString('utf8').split(':')[1]);
      if (!Number.isInteger(offset) || offset < 0) {
        throw new ApiError(400, 'BadRequest', 'The skip token is not valid.');
      }
    }
    const page = selected.slice(offset, offset + pageSize);
    const body: Row = {
      '@odata.context': context,
      value: page.map((row) => show(row, select, expand)),
    };
    const answerHeaders: Record<string, string> = preferred
      ? { 'preference-applied': `odata.maxpagesize=${pageSize}` }
      : {};
    if (offset + pageSize < selected.length) {
      const next = new URLSearchParams();
      for (const [key, value] of params) if (key !== '$skiptoken') next.append(key, value);
      const opaque = Buffer.from(`${randomBytes(6).toString('hex')}:${offset + pageSize}`).toString(
        'base64url',
      );
      const query = [...next]
        .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
        .concat(`$skiptoken='${opaque}'`)
        .join('&');
      body['@odata.nextLink'] = `${origin}${url.pathname}?${query}`;
    }
    return json(200, body, answerHeaders);
  };

  const notFound = (what: string): never => {
    throw new ApiError(404, 'BadRequest_NotFound', what);
  };

  const recordOf = <T extends { id: string }>(rows: T[], id: string, entity: string): T => {
    const found = rows.find((row) => row.id === id);
    return (
      found ??
      notFound(`The ${entity} does not exist. Identification fields and values: Id='${id}'`)
    );
  };

  /** PATCH: If-Match is required and must be the record's current ETag (or *). */
  const checkEtag = (headers: Record<string, string>, record: { etag: string }) => {
    const ifMatch = headers['if-match'];
    if (!ifMatch) {
      throw new ApiError(
        400,
        'BadRequest_InvalidToken',
        'Could not validate the client concurrency token required by the service. Please provide a valid token in the client request.',
      );
    }
    if (ifMatch !== '*' && ifMatch !== record.etag) {
      throw new ApiError(
        409,
        'Request_EntityChanged',
        'Another user has already changed the record.',
      );
    }
  };

  const readBodyObject = (body: unknown): Record<string, unknown> => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ApiError(400, 'BadRequest', 'The request body must be a JSON object.');
    }
    return body as Record<string, unknown>;
  };

  /** The company's routes: `segments` follow `companies(<id>)`. */
  /** The fields of an empty collection's records, for $select and $filter checks. */
  const sampleOf = (set: 'salesShipments' | 'salesInvoices'): Row => {
    const common = {
      id: EMPTY_GUID,
      etag: '',
      number: '',
      externalDocumentNumber: '',
      orderNumber: '',
      customerNumber: '',
      customerName: '',
      postingDate: EMPTY_DATE,
      lastModifiedDateTime: '',
    };
    if (set === 'salesShipments') {
      return { ...common, shipmentDate: EMPTY_DATE } satisfies FakeBcSalesShipment;
    }
    return {
      ...common,
      orderId: EMPTY_GUID,
      invoiceDate: EMPTY_DATE,
      dueDate: EMPTY_DATE,
      status: 'Draft',
      totalAmountIncludingTax: 0,
      remainingAmount: 0,
    } satisfies FakeBcSalesInvoice;
  };

  /** salesInvoices({id})/pdfDocument and .../pdfDocument/pdfDocumentContent; null for others. */
  const invoiceDocumentRoute = (
    company: Company,
    invoiceId: string,
    rest: string[],
    context: (path: string) => string,
  ): Answer | null => {
    if (rest[0] !== 'pdfDocument' || rest.length > 2) return null;
    if (rest.length === 2 && rest[1] !== 'pdfDocumentContent') return null;
    const invoice = recordOf(company.salesInvoices, invoiceId, 'Sales Invoice Header');
    const path = `salesInvoices(${invoice.id})/pdfDocument`;
    if (rest.length === 1) {
      return json(200, {
        '@odata.context': context(`${path}/$entity`),
        id: invoice.id,
        parentId: invoice.id,
        parentType: 'Sales Invoice',
        'pdfDocumentContent@odata.mediaReadLink': `${origin}/v2.0/${tenantId}/${environment}/api/v2.0/companies(${company.id})/${path}/pdfDocumentContent`,
      });
    }
    return [
      200,
      invoicePdf(invoice),
      {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="Sales Invoice ${invoice.number}.pdf"`,
      },
    ];
  };

  const companyRoute = (
    method: string,
    url: URL,
    headers: Record<string, string>,
    body: unknown,
    api: string,
    company: Company,
    segments: string[],
  ): Answer => {
    const parsed = segments.map((segment) => {
      const match = /^(\w+)(?:\(([^)]*)\))?$/.exec(segment);
      return match ? { set: match[1] ?? '', key: match[2] ?? null } : { set: '', key: null };
    });
    const [first, second] = parsed;
    const context = (path: string) => contextOf(api, company, path);
    const custom = api !== 'v2.0';
    if (!custom && first?.set === 'salesInvoices' && first.key && method === 'GET') {
      const pdf = invoiceDocumentRoute(company, first.key, segments.slice(1), context);
      if (pdf) return pdf;
    }
    if (
      !custom &&
      first?.set === 'salesOrders' &&
      first.key &&
      segments[1] === 'Microsoft.NAV.shipAndInvoice' &&
      segments.length === 2
    ) {
      if (method !== 'POST') {
        throw new ApiError(405, 'BadRequest_MethodNotAllowed', `'${method}' is not allowed.`);
      }
      postSalesOrder(company, recordOf(company.salesOrders, first.key, 'Sales Header'), {});
      return [204, '', {}];
    }
    if (!first || (custom && first.set !== 'priceListLines') || parsed.length > 2) {
      return notFound(`No HTTP resource was found that matches the request URI '${url.href}'.`);
    }
    const location = (path: string) => ({
      location: `${origin}/v2.0/${tenantId}/${environment}/api/${api}/companies(${company.id})/${path}`,
    });

    if (first.set === 'priceListLines' && custom && !first.key && method === 'GET') {
      return collection(
        url,
        headers,
        company.priceListLines as unknown as Row[],
        'priceListLine',
        context('priceListLines'),
        priceListLineDefaults() as unknown as Row,
      );
    }

    if (first.set === 'customers') {
      if (!first.key && method === 'GET') {
        return collection(
          url,
          headers,
          company.customers as unknown as Row[],
          'customer',
          context('customers'),
          customerDefaults() as unknown as Row,
        );
      }
      if (!first.key && method === 'POST') {
        const customer = createCustomer(company, readBodyObject(body));
        return json(
          201,
          {
            '@odata.context': context('customers/$entity'),
            ...show(customer as unknown as Row, null, false),
          },
          location(`customers(${customer.id})`),
        );
      }
      if (first.key && !second) {
        const customer = recordOf(company.customers, first.key, 'Customer');
        if (method === 'GET') {
          return json(200, {
            '@odata.context': context('customers/$entity'),
            ...show(customer as unknown as Row, null, false),
          });
        }
        if (method === 'PATCH') {
          checkEtag(headers, customer);
          const changes = readBodyObject(body);
          checkFields('customer', changes);
          if (
            typeof changes.number === 'string' &&
            company.customers.some((other) => other !== customer && other.number === changes.number)
          ) {
            throw new ApiError(
              400,
              'Internal_EntityWithSameKeyExists',
              'The record already exists.',
            );
          }
          const updated = { ...customer, ...(changes as Partial<FakeBcCustomer>) };
          checkCustomer(updated);
          Object.assign(customer, updated, { etag: newEtag(), lastModifiedDateTime: now() });
          return json(200, {
            '@odata.context': context('customers/$entity'),
            ...show(customer as unknown as Row, null, false),
          });
        }
      }
    }

    if (first.set === 'items' && method === 'GET') {
      if (!first.key) {
        return collection(
          url,
          headers,
          company.items as unknown as Row[],
          'item',
          context('items'),
          itemDefaults() as unknown as Row,
        );
      }
      if (!second) {
        const item = recordOf(company.items, first.key, 'Item');
        return json(200, {
          '@odata.context': context('items/$entity'),
          ...show(item as unknown as Row, null, false),
        });
      }
    }

    if (first.set === 'paymentTerms' && method === 'GET' && !first.key) {
      return collection(
        url,
        headers,
        company.paymentTerms as unknown as Row[],
        'paymentTerm',
        context('paymentTerms'),
        company.paymentTerms[0] as unknown as Row,
      );
    }

    if (first.set === 'salesOrders') {
      const sample = { ...salesOrderDefaults() } as Partial<FakeBcSalesOrder>;
      delete sample.salesOrderLines;
      if (!first.key && method === 'GET') {
        return collection(
          url,
          headers,
          company.salesOrders as unknown as Row[],
          'salesOrder',
          context('salesOrders'),
          sample as Row,
        );
      }
      if (!first.key && method === 'POST') {
        const order = createSalesOrder(company, readBodyObject(body));
        const expand = url.searchParams.get('$expand') === 'salesOrderLines';
        return json(
          201,
          {
            '@odata.context': context('salesOrders/$entity'),
            ...show(order as unknown as Row, null, expand),
          },
          location(`salesOrders(${order.id})`),
        );
      }
      if (first.key) {
        const order = recordOf(company.salesOrders, first.key, 'Sales Header');
        if (!second && method === 'GET') {
          return json(200, {
            '@odata.context': context('salesOrders/$entity'),
            ...show(
              order as unknown as Row,
              null,
              url.searchParams.get('$expand') === 'salesOrderLines',
            ),
          });
        }
        if (second?.set === 'salesOrderLines' && !second.key && method === 'GET') {
          const lineSample = lineDefaults(order) as unknown as Row;
          return collection(
            url,
            headers,
            order.salesOrderLines as unknown as Row[],
            'salesOrderLine',
            context(`salesOrders(${order.id})/salesOrderLines`),
            lineSample,
          );
        }
        if (second?.set === 'salesOrderLines' && !second.key && method === 'POST') {
          const line = makeLine(company, order, readBodyObject(body));
          const before = [...order.salesOrderLines];
          order.salesOrderLines.push(line);
          try {
            recompute(order);
          } catch (error) {
            order.salesOrderLines = before;
            recompute(order);
            throw error;
          }
          order.etag = newEtag();
          order.lastModifiedDateTime = now();
          return json(
            201,
            {
              '@odata.context': context(`salesOrders(${order.id})/salesOrderLines/$entity`),
              ...show(line as unknown as Row, null, false),
            },
            location(`salesOrders(${order.id})/salesOrderLines(${line.id})`),
          );
        }
      }
    }

    if ((first.set === 'salesShipments' || first.set === 'salesInvoices') && method === 'GET') {
      const shipments = first.set === 'salesShipments';
      const rows = (shipments ? company.salesShipments : company.salesInvoices) as unknown as Row[];
      const typeName = shipments ? 'salesShipment' : 'salesInvoice';
      if (!first.key) {
        return collection(url, headers, rows, typeName, context(first.set), sampleOf(first.set));
      }
      if (!second) {
        const record = recordOf(
          rows as unknown as { id: string }[],
          first.key,
          shipments ? 'Sales Shipment Header' : 'Sales Invoice Header',
        );
        return json(200, {
          '@odata.context': context(`${first.set}/$entity`),
          ...show(record as unknown as Row, null, false),
        });
      }
    }

    const known = ['customers', 'items', 'salesOrders', 'salesShipments', 'salesInvoices'].includes(
      first.set,
    );
    if (known) {
      throw new ApiError(
        405,
        'BadRequest_MethodNotAllowed',
        `'${method}' requests for '${first.set}' are not allowed by the fake.`,
      );
    }
    return notFound(`No HTTP resource was found that matches the request URI '${url.href}'.`);
  };

  /** Carries out an API call (the bearer token already checked). */
  const carryOut = (
    method: string,
    url: URL,
    headers: Record<string, string>,
    body: unknown,
    route: { tenant: string; env: string; rest: string },
  ): Answer => {
    try {
      if (route.tenant !== tenantId) {
        throw new ApiError(
          401,
          'Authentication_InvalidCredentials',
          'The server has rejected the client credentials.',
        );
      }
      if (route.env !== environment) {
        throw new ApiError(
          404,
          'NoEnvironment',
          `Cannot find environment '${route.env}' for tenant '${route.tenant}'.`,
        );
      }
      const api = route.rest.startsWith('v2.0/')
        ? 'v2.0'
        : route.rest.startsWith(`${priceListApi}/`)
          ? priceListApi
          : null;
      if (!api)
        return notFound(`No HTTP resource was found that matches the request URI '${url.href}'.`);
      const segments = route.rest
        .slice(api.length + 1)
        .split('/')
        .filter(Boolean)
        .map(decodeURIComponent);
      const [head, ...rest] = segments;
      if (head === 'companies' && rest.length === 0 && method === 'GET') {
        const rows = companies.map((company) => ({
          etag: `W/"${Buffer.from(`'${company.id}'`).toString('base64')}"`,
          id: company.id,
          systemVersion: '26.0.30643.0',
          timestamp: 1000,
          name: company.name,
          displayName: company.displayName,
          businessProfileId: '',
          systemCreatedAt: '2024-01-01T00:00:00Z',
          systemCreatedBy: EMPTY_GUID,
          systemModifiedAt: '2024-01-01T00:00:00Z',
          systemModifiedBy: EMPTY_GUID,
        }));
        return collection(
          url,
          headers,
          rows,
          'company',
          contextOf(api, null, 'companies'),
          rows[0] ?? {},
        );
      }
      const companyMatch = /^companies\(([^)]*)\)$/.exec(head ?? '');
      if (!companyMatch) {
        return notFound(`No HTTP resource was found that matches the request URI '${url.href}'.`);
      }
      const company = companies.find((candidate) => candidate.id === companyMatch[1]);
      if (!company) {
        throw new ApiError(
          404,
          'Internal_CompanyNotFound',
          `Cannot process the request because the default company cannot be found. Company '${companyMatch[1]}' does not exist.`,
        );
      }
      return companyRoute(method, url, headers, body, api, company, rest);
    } catch (error) {
      if (error instanceof ApiError) {
        return json(error.status, { error: { code: error.code, message: error.message } });
      }
      throw error;
    }
  };

  // ---- the token endpoint ---------------------------------------------------------------

  const issueToken = (tenant: string, form: URLSearchParams): Answer => {
    state.tokenRequests += 1;
    const entraError = (status: number, error: string, description: string) =>
      json(status, {
        error,
        error_description: `${description}\r\nTrace ID: ${randomUUID()}\r\nCorrelation ID: ${randomUUID()}\r\nTimestamp: ${now()}`,
        error_codes: [Number(/AADSTS(\d+)/.exec(description)?.[1] ?? 0)],
        timestamp: now(),
        trace_id: randomUUID(),
        correlation_id: randomUUID(),
      });
    if (tenant !== tenantId) {
      return entraError(
        400,
        'invalid_request',
        `AADSTS90002: Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
      );
    }
    if (form.get('grant_type') !== 'client_credentials') {
      return entraError(
        400,
        'unsupported_grant_type',
        'AADSTS70003: The app requested an unsupported grant type.',
      );
    }
    if (form.get('client_id') !== clientId) {
      return entraError(
        400,
        'unauthorized_client',
        `AADSTS700016: Application with identifier '${form.get('client_id') ?? ''}' was not found in the directory '${tenant}'.`,
      );
    }
    if (form.get('client_secret') !== clientSecret) {
      return entraError(
        401,
        'invalid_client',
        `AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`,
      );
    }
    if (!form.get('scope')?.endsWith('/.default')) {
      return entraError(
        400,
        'invalid_scope',
        `AADSTS1002012: The provided value for scope ${form.get('scope') ?? ''} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier.`,
      );
    }
    const accessToken = `fake-bc.${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, {
      expiresAt: Date.now() + state.tokenLifetimeSeconds * 1000,
      tenant,
    });
    return json(200, {
      token_type: 'Bearer',
      expires_in: state.tokenLifetimeSeconds,
      ext_expires_in: state.tokenLifetimeSeconds,
      access_token: accessToken,
    });
  };

  // ---- the server -----------------------------------------------------------------------

  const send = (response: ServerResponse, [status, body, headers]: Answer) => {
    if (response.destroyed || response.headersSent) return;
    response.writeHead(status, headers);
    response.end(body);
  };

  /** The first fault for this call; the token endpoint only gets those naming entitySet 'token'. */
  const takeFault = (method: string, entitySet: string): Fault | null => {
    const index = faults.findIndex(({ when }) =>
      when
        ? (when.method === undefined || when.method.toUpperCase() === method) &&
          (when.entitySet === undefined ? entitySet !== 'token' : when.entitySet === entitySet)
        : entitySet !== 'token',
    );
    if (index < 0) return null;
    const [fault] = faults.splice(index, 1);
    return fault ?? null;
  };

  const faultAnswer = (fault: Fault): Answer => {
    const status = fault.status ?? 500;
    const headers: Record<string, string> = {};
    if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
    if (fault.body !== undefined) {
      return [status, fault.body, { 'content-type': 'text/html', ...headers }];
    }
    const defaults: Record<number, [string, string]> = {
      400: ['BadRequest', 'The request is not valid.'],
      401: ['Authentication_InvalidCredentials', 'The server has rejected the client credentials.'],
      408: ['RequestTimeout', 'The request took too long to run.'],
      429: [
        'Application_TooManyRequests',
        'Too many requests reached. Actual (101). Maximum (100).',
      ],
      500: ['Internal_ServerError', 'An unexpected error occurred on the server.'],
      502: ['BadGateway', 'The gateway did not get an answer from the server.'],
      503: ['Internal_ServiceUnavailable', 'The service is temporarily unavailable.'],
      504: ['GatewayTimeout', 'The gateway timed out.'],
    };
    const [code, message] = defaults[status] ?? ['Internal_ServerError', `HTTP ${status}`];
    return json(
      status,
      { error: { code: fault.code ?? code, message: fault.message ?? message } },
      headers,
    );
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = (request.method ?? 'GET').toUpperCase();
    const text = await readBody(request);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers[name.toLowerCase()] = value;
      else if (Array.isArray(value)) headers[name.toLowerCase()] = value.join(', ');
    }

    const tokenRoute = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
    const apiRoute = /^\/v2\.0\/([^/]+)\/([^/]+)\/api\/(.+)$/.exec(url.pathname);
    let body: unknown = null;
    if (tokenRoute) {
      body = Object.fromEntries(new URLSearchParams(text));
    } else if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    const entitySet = tokenRoute
      ? 'token'
      : (url.pathname.split('/').pop() ?? '').replace(/\(.*\)$/, '') || '';
    calls.push({ method, path: `${url.pathname}${url.search}`, entitySet, headers, body });

    if (state.latencyMs > 0) await wait(state.latencyMs);

    if (tokenRoute) {
      const fault = takeFault(method, 'token');
      const run = () =>
        method === 'POST'
          ? issueToken(decodeURIComponent(tokenRoute[1] ?? ''), new URLSearchParams(text))
          : json(405, {
              error: 'invalid_request',
              error_description: 'AADSTS900561: The endpoint only accepts POST requests.',
            });
      return answerWith(response, fault, run);
    }
    if (!apiRoute) {
      return send(
        response,
        json(404, {
          error: { code: 'BadRequest_NotFound', message: `No resource at ${url.pathname}` },
        }),
      );
    }

    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    const held = bearer ? tokens.get(bearer) : undefined;
    if (!held || held.expiresAt <= Date.now()) {
      return send(
        response,
        json(
          401,
          {
            error: {
              code: 'Authentication_InvalidCredentials',
              message: held
                ? 'The access token has expired.'
                : 'The server has rejected the client credentials.',
            },
          },
          { 'www-authenticate': `Bearer realm="", error="invalid_token"` },
        ),
      );
    }
    if (text && body === undefined) {
      return send(
        response,
        json(400, {
          error: { code: 'BadRequest', message: 'The request body is not valid JSON.' },
        }),
      );
    }
    const fault = takeFault(method, entitySet);
    const route = {
      tenant: decodeURIComponent(apiRoute[1] ?? ''),
      env: decodeURIComponent(apiRoute[2] ?? ''),
      rest: apiRoute[3] ?? '',
    };
    return answerWith(response, fault, () => carryOut(method, url, headers, body, route));
  };

  /** Answers now, late, never, or with the fault's failure. */
  const answerWith = async (
    response: ServerResponse,
    fault: Fault | null,
    run: () => Answer,
  ): Promise<void> => {
    if (!fault) return send(response, run());
    if (fault.kind === 'fail') return send(response, faultAnswer(fault));
    if (fault.kind === 'hang') {
      hanging.add(response);
      if (fault.store) run();
      return;
    }
    hanging.add(response);
    const early = fault.store ? run() : null;
    await wait(fault.ms ?? 0);
    hanging.delete(response);
    send(response, early ?? run());
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(
        response,
        json(500, { error: { code: 'Internal_ServerError', message: String(error) } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  origin = `http://127.0.0.1:${port}`;

  const copy = <T>(value: T): T => structuredClone(value);

  return {
    apiUrl: origin,
    tokenUrl: `${origin}/${tenantId}/oauth2/v2.0/token`,
    tenantId,
    environment,
    companyId: main.id,
    companyName,
    clientId,
    clientSecret,
    priceListApi,
    calls,
    get tokenRequests() {
      return state.tokenRequests;
    },
    get latencyMs() {
      return state.latencyMs;
    },
    set latencyMs(value: number) {
      state.latencyMs = value;
    },
    get tokenLifetimeSeconds() {
      return state.tokenLifetimeSeconds;
    },
    set tokenLifetimeSeconds(value: number) {
      state.tokenLifetimeSeconds = value;
    },
    seed(data) {
      const added = {
        customers: [] as FakeBcCustomer[],
        items: [] as FakeBcItem[],
        priceListLines: [] as FakeBcPriceListLine[],
      };
      for (const customer of data.customers ?? []) {
        const { etag: _etag, ...fields } = customer;
        const stored = { ...customerDefaults(), ...fields };
        if (!stored.number) stored.number = nextCustomerNumber(main);
        main.customers.push(stored);
        added.customers.push(copy(stored));
      }
      for (const item of data.items ?? []) {
        const { etag: _etag, ...fields } = item;
        const stored = { ...itemDefaults(), ...fields };
        main.items.push(stored);
        added.items.push(copy(stored));
      }
      for (const line of data.priceListLines ?? []) {
        const { etag: _etag, ...fields } = line;
        const stored = { ...priceListLineDefaults(), ...fields };
        main.priceListLines.push(stored);
        added.priceListLines.push(copy(stored));
      }
      return added;
    },
    customers: () => copy(main.customers),
    items: () => copy(main.items),
    salesOrders: () => copy(main.salesOrders),
    paymentTerms: () => copy(main.paymentTerms),
    salesShipments: () => copy(main.salesShipments),
    salesInvoices: () => copy(main.salesInvoices),
    priceListLines: () => copy(main.priceListLines),
    post(salesOrderNumber, posting = {}) {
      const order = main.salesOrders.find((candidate) => candidate.number === salesOrderNumber);
      if (!order) throw new Error(`The fake has no sales order ${salesOrderNumber}`);
      return postSalesOrder(main, order, posting);
    },
    failNext(status, failure = {}) {
      for (let time = 0; time < (failure.times ?? 1); time += 1) {
        faults.push({
          kind: 'fail',
          when: failure.when,
          status,
          retryAfter: failure.retryAfter === undefined ? undefined : String(failure.retryAfter),
          code: failure.code,
          message: failure.message,
          body: failure.body,
        });
      }
    },
    delayNext(ms, delay = {}) {
      faults.push({ kind: 'delay', when: delay.when, ms, store: delay.store ?? false });
    },
    hangNext(hang = {}) {
      faults.push({ kind: 'hang', when: hang.when, store: hang.store ?? false });
    },
    revokeTokens() {
      tokens.clear();
    },
    env(overrides = {}) {
      return {
        ERP: 'business-central',
        BC_TENANT_ID: tenantId,
        BC_ENVIRONMENT: environment,
        BC_COMPANY: companyName,
        BC_CLIENT_ID: clientId,
        BC_CLIENT_SECRET: clientSecret,
        BC_TOKEN_URL: `${origin}/${tenantId}/oauth2/v2.0/token`,
        BC_API_URL: origin,
        BC_PRICE_LIST_API: priceListApi,
        ...overrides,
      };
    },
    reset() {
      for (const company of companies) {
        company.customers.length = 0;
        company.items.length = 0;
        company.salesOrders.length = 0;
        company.salesShipments.length = 0;
        company.salesInvoices.length = 0;
        company.priceListLines.length = 0;
        company.series = NEW_SERIES();
      }
      calls.length = 0;
      faults.length = 0;
      state.tokenRequests = 0;
      state.latencyMs = 0;
      state.tokenLifetimeSeconds = defaultLifetime;
      for (const response of hanging) response.destroy();
      hanging.clear();
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const response of hanging) response.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
