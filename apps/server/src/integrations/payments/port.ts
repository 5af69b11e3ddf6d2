/**
 * The card gateway: CardPointe's REST API in production, the sandbox gateway in embedded mode.
 * The browser never sends card numbers to the shop: the tokenizer frame (the gateway's own page)
 * turns them into a token, and the shop charges the token.
 *
 * There is no idempotency key at the gateway: the shop's order number, sent as the gateway's
 * order id, is the recovery handle. When an authorization's answer never arrives, the caller
 * asks `inquireByOrderId` before anything is retried, and voids with `voidByOrderId` when the
 * order cannot be completed.
 */
export interface PaymentGateway {
  readonly kind: 'sandbox' | 'cardpointe';
  /** The tokenizer frame: its src and its origin (postMessages from anywhere else are ignored). */
  readonly tokenizer: { url: string; origin: string };
  /** Authorizes and captures (`capture: 'Y'`). Throws GatewayNoAnswer or GatewayUnavailable. */
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** The gateway's record of an order id, or `found: false` (PPS 29 "Txn not found"). */
  inquireByOrderId(orderId: string): Promise<InquiryResult>;
  /** Voids whatever was authorized under the order id. */
  voidByOrderId(orderId: string): Promise<VoidResult>;
  /** Voids one authorization by its retref. */
  void(retref: string): Promise<VoidResult>;
  /** Refunds a settled authorization; omitting the amount refunds all of it. */
  refund(retref: string, amountCents?: number): Promise<RefundResult>;
}

export interface AuthorizeRequest {
  /** The shop's order number (<= 19 characters, never Luhn-valid). */
  orderId: string;
  /** The tokenizer's token (the card number never reaches the shop). */
  token: string;
  /** MMYY from the tokenizer; may be empty when the gateway kept it with the token. */
  expiry: string;
  amountCents: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  region: string;
  postal: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export type AuthorizeResult =
  | { outcome: 'approved'; retref: string; amountCents: number; authCode: string; respText: string }
  | {
      /** respstat C (declined) or B (retry; e.g. PPS 62 timed out at the processor). */
      outcome: 'declined' | 'retry';
      retref: string | null;
      respCode: string;
      /** The gateway's text, e.g. 'Insufficient funds'; may be empty. */
      respText: string;
    };

export type InquiryResult =
  | { found: false }
  | {
      found: true;
      retref: string;
      /** Approved and still holding the money (a voided or declined record is not). */
      approved: boolean;
      /** 'Authorized', 'Queued for Capture', 'Accepted', 'Voided', 'Declined', ... */
      settlementStatus: string;
      amountCents: number;
      voidable: boolean;
      refundable: boolean;
    };

export type VoidResult =
  { voided: true; retref: string | null } | { voided: false; respText: string };
export type RefundResult =
  { refunded: true; retref: string; amountCents: number } | { refunded: false; respText: string };

/** No answer came (timeout, connection reset): the charge may or may not have happened. */
export class GatewayNoAnswer extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayNoAnswer';
  }
}

/** The gateway refused the call before charging (bad credentials, 5xx, 4xx): nothing charged. */
export class GatewayUnavailable extends Error {
  /** When the gateway said how long to wait (CardPointe's 429 on inquiries), in seconds. */
  readonly retryAfterSeconds: number | null;

  constructor(message: string, options?: { cause?: unknown; retryAfterSeconds?: number }) {
    super(message, options);
    this.name = 'GatewayUnavailable';
    this.retryAfterSeconds = options?.retryAfterSeconds ?? null;
  }
}
