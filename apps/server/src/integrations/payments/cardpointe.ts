import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsConfig } from '../../config/index.ts';
import { centsToDecimal, decimalToCents, isCardNumber } from './card-numbers.ts';
import {
  GatewayNoAnswer,
  GatewayUnavailable,
  type AuthorizeRequest,
  type AuthorizeResult,
  type InquiryResult,
  type PaymentGateway,
  type RefundResult,
  type VoidResult,
} from './port.ts';
import { NOT_SENT_CODES, networkErrorCode } from '../network-errors.ts';

export type CardPointeConfig = Extract<PaymentsConfig, { kind: 'cardpointe' }>;

export interface CardPointeOptions {
  log: FastifyBaseLogger;
  /** Tests may pass their own; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export interface CardPointeGateway extends PaymentGateway {
  readonly kind: 'cardpointe';
  /**
   * The gateway's credential check (`PUT /cardconnect/rest/`); throws GatewayUnavailable when
   * the URL or the credentials are wrong. Charges nothing.
   */
  checkCredentials(): Promise<void>;
}

/** A gateway answer: every value is a string (UAT adds keys and shuffles them: read by name). */
type GatewayAnswer = Record<string, string>;

/**
 * The hosted tokenizer's parameters when CARDPOINTE_TOKENIZER_URL does not set them: expiry and
 * CVV inside the frame, the number shown in groups of four, an event when the number is not
 * valid, a token after half a second without typing (phones never "leave" the field), and a
 * plain look. The css value must be URL-encoded with %20 for spaces, not '+'.
 */
const TOKENIZER_DEFAULTS: [string, string][] = [
  ['useexpiry', 'true'],
  ['usecvv', 'true'],
  ['formatinput', 'true'],
  ['invalidinputevent', 'true'],
  ['tokenizewheninactive', 'true'],
  ['inactivityto', '500'],
  [
    'css',
    'body{margin:0;}' +
      'label{font-size:14px;}' +
      'input{width:90%;height:28px;font-size:16px;padding:2px 6px;margin-bottom:8px;' +
      'border:1px solid #8a8a8a;border-radius:4px;}' +
      'select{height:32px;font-size:16px;margin-bottom:8px;}' +
      '.error{color:#b00020;border-color:#b00020;}',
  ],
];

/** Customer-facing texts for the gateway's own (PPS) codes, used when the answer has no text. */
const PPS_TEXTS: Record<string, string> = {
  '11': 'Invalid card',
  '13': 'Invalid card number',
  '16': 'Card expired',
  '29': 'Txn not found',
  '32': 'Wrong currency for merchant',
  '36': 'Duplicate sequence',
  '38': 'CVV is required',
  '62': 'The card processor did not answer in time. Please try again.',
};

/**
 * CardPointe Gateway's REST API (docs/EXTERNAL-APIS.md section 1): auth with capture, inquire by
 * order id, void, void by order id, refund. HTTP Basic on every call, JSON with string values,
 * amounts sent as decimal-point strings.
 *
 * How failures come out: a decline or a "retry" (respstat C or B) is an answer; a call that
 * surely did not reach the gateway, or that it refused (401/403, 429, 500/503, a page that is not
 * JSON), is GatewayUnavailable; a timeout, a dropped connection, or a proxy's 502/504 to an
 * authorization is GatewayNoAnswer, because the charge may have happened and only
 * inquireByOrderId can tell. Messages and logs never carry the credentials or the card token.
 */
export function createCardPointeGateway(
  config: CardPointeConfig,
  options: CardPointeOptions,
): CardPointeGateway {
  const { log } = options;
  const doFetch = options.fetch ?? fetch;
  const base = `${config.url.replace(/\/+$/, '')}/cardconnect/rest`;
  const authorization = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString('base64')}`;

  /** Removes anything secret from text that is about to go into a message or a log. */
  const redact = (text: string): string => {
    let clean = text.split(authorization.slice('Basic '.length)).join('[redacted]');
    if (config.password) clean = clean.split(config.password).join('[redacted]');
    return clean;
  };

  interface RawAnswer {
    status: number;
    text: string;
    retryAfter: string | null;
  }

  /** One HTTP exchange; transport failures become GatewayNoAnswer or GatewayUnavailable. */
  const exchange = async (
    method: 'GET' | 'PUT',
    endpoint: string,
    body?: Record<string, string>,
  ): Promise<RawAnswer> => {
    const what = endpointName(endpoint);
    try {
      const response = await doFetch(`${base}/${endpoint}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      return {
        status: response.status,
        text: await response.text(),
        retryAfter: response.headers.get('x-rate-limit-retry-after-seconds'),
      };
    } catch (error) {
      const code = networkErrorCode(error);
      if (code && NOT_SENT_CODES.has(code)) {
        const message = `CardPointe could not be reached for ${what} (${code}); nothing was sent`;
        log.error({ endpoint: what, code }, message);
        throw new GatewayUnavailable(message, { cause: error });
      }
      const reason =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
          ? `no answer within ${config.timeoutMs} ms`
          : `the connection failed (${code ?? (error instanceof Error ? error.message : 'unknown error')})`;
      const message = redact(`CardPointe ${what}: ${reason}`);
      log.error({ endpoint: what }, message);
      throw new GatewayNoAnswer(message, { cause: error });
    }
  };

  /**
   * Calls an endpoint and reads its JSON answer (one record, or several for inquireByOrderid).
   * A 404 saying "Txn not found" is read as the PPS 29 answer it stands for.
   */
  const call = async (
    method: 'GET' | 'PUT',
    endpoint: string,
    body?: Record<string, string>,
    { lostOnBadGateway = false } = {},
  ): Promise<GatewayAnswer[]> => {
    const what = endpointName(endpoint);
    const raw = await exchange(method, endpoint, body);
    const fail = (reason: string): never => {
      const message = redact(`CardPointe ${what}: ${reason}`);
      log.error({ endpoint: what, status: raw.status }, message);
      throw new GatewayUnavailable(message);
    };
    if (raw.status === 401 || raw.status === 403) {
      fail(
        `the gateway refused the credentials (HTTP ${raw.status}); check CARDPOINTE_USERNAME, CARDPOINTE_PASSWORD and CARDPOINTE_MERCHANT_ID`,
      );
    }
    if (raw.status === 429) {
      const wait = raw.retryAfter && /^\d+$/.test(raw.retryAfter) ? Number(raw.retryAfter) : null;
      const message = `CardPointe ${what}: rate limited (HTTP 429)${wait !== null ? `; retry after ${wait} s` : ''}`;
      log.warn({ endpoint: what, retryAfterSeconds: wait }, message);
      throw new GatewayUnavailable(message, { retryAfterSeconds: wait ?? undefined });
    }
    if (raw.status === 404 && /txn not found/i.test(raw.text)) {
      return [{ respstat: 'C', respproc: 'PPS', respcode: '29', resptext: 'Txn not found' }];
    }
    if (raw.status === 404) {
      fail('the gateway has no such endpoint (HTTP 404); check CARDPOINTE_URL');
    }
    if (lostOnBadGateway && (raw.status === 502 || raw.status === 504)) {
      // A proxy gave up waiting: the gateway behind it may still have charged the card.
      const message = `CardPointe ${what}: HTTP ${raw.status} from a proxy; the outcome is unknown`;
      log.error({ endpoint: what, status: raw.status }, message);
      throw new GatewayNoAnswer(message);
    }
    if (raw.status !== 200) fail(`the gateway answered HTTP ${raw.status}`);
    const answers = parseAnswers(raw.text);
    if (!answers) fail('the gateway answered HTTP 200 without a JSON object');
    return answers ?? [];
  };

  const resptext = (answer: GatewayAnswer): string => {
    const text = (answer.resptext ?? '').trim();
    if (text) return text;
    return answer.respproc === 'PPS' ? (PPS_TEXTS[answer.respcode ?? ''] ?? '') : '';
  };
  const isNotFound = (answer: GatewayAnswer) =>
    answer.respproc === 'PPS' && answer.respcode === '29';

  return {
    kind: 'cardpointe',
    tokenizer: {
      url: withDefaultParams(config.tokenizerUrl, TOKENIZER_DEFAULTS),
      origin: new URL(config.tokenizerUrl).origin,
    },

    async checkCredentials() {
      const raw = await exchange('PUT', '', { merchid: config.merchantId });
      if (raw.status === 200 && raw.text.includes('CardConnect REST Servlet')) return;
      const message =
        raw.status === 401 || raw.status === 403
          ? `CardPointe refused the credentials (HTTP ${raw.status}); check CARDPOINTE_USERNAME and CARDPOINTE_PASSWORD`
          : `CardPointe's credential check answered HTTP ${raw.status}; check CARDPOINTE_URL`;
      log.error(message);
      throw new GatewayUnavailable(message);
    },

    async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
      // A Luhn-valid order id is masked by the gateway like a card number, and lookups break.
      if (request.orderId.length > 19 || isCardNumber(request.orderId)) {
        throw new Error(`order id ${request.orderId} cannot be a CardPointe orderid`);
      }
      const body: Record<string, string> = {
        merchid: config.merchantId,
        account: request.token,
        amount: centsToDecimal(request.amountCents),
        currency: 'USD',
        capture: 'Y',
        orderid: request.orderId,
        ecomind: 'E',
        name: request.name,
        address: request.address,
        city: request.city,
        region: request.region,
        country: request.country || 'US',
        postal: request.postal,
        email: request.email,
      };
      const expiry = request.expiry.replace(/\D/g, '');
      if (expiry) body.expiry = expiry;
      if (request.phone.trim()) body.phone = request.phone.trim();

      const [answer] = await call('PUT', 'auth', body, { lostOnBadGateway: true });
      const respstat = answer?.respstat ?? '';
      const context = {
        orderId: request.orderId,
        retref: answer?.retref ?? null,
        respstat,
        respcode: answer?.respcode ?? null,
        respproc: answer?.respproc ?? null,
      };
      if (!answer || (respstat === 'A' && !answer.retref)) {
        log.error(context, 'CardPointe auth: an answer without respstat or retref');
        throw new GatewayNoAnswer('CardPointe auth: the answer did not say what happened');
      }
      if (respstat === 'A') {
        log.info(context, 'CardPointe auth: approved');
        return {
          outcome: 'approved',
          retref: answer.retref ?? '',
          amountCents: decimalToCents(answer.amount ?? '') ?? request.amountCents,
          authCode: answer.authcode ?? '',
          respText: answer.resptext ?? '',
        };
      }
      if (respstat === 'B' || respstat === 'C') {
        log.info(context, `CardPointe auth: ${respstat === 'B' ? 'retry' : 'declined'}`);
        return {
          outcome: respstat === 'B' ? 'retry' : 'declined',
          retref: answer.retref || null,
          respCode: answer.respcode ?? '',
          respText: resptext(answer),
        };
      }
      log.error(context, 'CardPointe auth: an unknown respstat');
      throw new GatewayNoAnswer(`CardPointe auth: an unknown respstat "${respstat}"`);
    },

    async inquireByOrderId(orderId: string): Promise<InquiryResult> {
      const answers = await call(
        'GET',
        `inquireByOrderid/${encodeURIComponent(orderId)}/${encodeURIComponent(config.merchantId)}/1`,
      );
      const records = answers.filter((answer) => !isNotFound(answer) && answer.retref);
      if (records.length === 0) {
        if (answers.some(isNotFound) || answers.length === 0) return { found: false };
        throw new GatewayUnavailable('CardPointe inquireByOrderid: a record without retref');
      }
      // Several records (a retried order id): the one holding money matters most.
      const approved = (answer: GatewayAnswer) =>
        answer.respstat === 'A' && !/^(voided|declined)/i.test(answer.setlstat ?? '');
      const record = records.findLast(approved) ?? records[records.length - 1];
      if (!record) return { found: false };
      return {
        found: true,
        retref: record.retref ?? '',
        approved: approved(record),
        settlementStatus: record.setlstat ?? '',
        amountCents: decimalToCents(record.amount ?? '') ?? 0,
        voidable: record.voidable === 'Y',
        refundable: record.refundable === 'Y',
      };
    },

    async voidByOrderId(orderId: string): Promise<VoidResult> {
      const [answer] = await call('PUT', 'voidByOrderId', {
        merchid: config.merchantId,
        orderid: orderId,
      });
      return voidResult(answer, 'voidByOrderId', orderId);
    },

    async void(retref: string): Promise<VoidResult> {
      const [answer] = await call('PUT', 'void', { merchid: config.merchantId, retref });
      return voidResult(answer, 'void', retref);
    },

    async refund(retref: string, amountCents?: number): Promise<RefundResult> {
      const body: Record<string, string> = { merchid: config.merchantId, retref };
      if (amountCents !== undefined) body.amount = centsToDecimal(amountCents);
      const [answer] = await call('PUT', 'refund', body);
      if (answer?.respstat === 'A' && answer.retref) {
        log.info({ retref, refundRetref: answer.retref }, 'CardPointe refund: approved');
        return {
          refunded: true,
          retref: answer.retref,
          amountCents: decimalToCents(answer.amount ?? '') ?? amountCents ?? 0,
        };
      }
      const text = (answer && resptext(answer)) || 'Refund refused';
      log.warn({ retref, respcode: answer?.respcode ?? null }, `CardPointe refund: ${text}`);
      return { refunded: false, respText: text };
    },
  };

  function voidResult(
    answer: GatewayAnswer | undefined,
    what: string,
    subject: string,
  ): VoidResult {
    if (answer?.respstat === 'A') {
      log.info({ subject, retref: answer.retref ?? null }, `CardPointe ${what}: voided`);
      return { voided: true, retref: answer.retref || null };
    }
    const text = (answer && resptext(answer)) || 'Void refused';
    log.warn({ subject, respcode: answer?.respcode ?? null }, `CardPointe ${what}: ${text}`);
    return { voided: false, respText: text };
  }
}

/** 'inquireByOrderid/WEB-1/123/1' -> 'inquireByOrderid' (ids stay out of messages). */
function endpointName(endpoint: string): string {
  return endpoint.split('/')[0] || 'credential check';
}

/** The JSON answer as records of strings; null when it is not a JSON object or array of them. */
function parseAnswers(text: string): GatewayAnswer[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const answers: GatewayAnswer[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
    const answer: GatewayAnswer = {};
    for (const [key, value] of Object.entries(item)) {
      if (typeof value === 'string') answer[key] = value;
      else if (typeof value === 'number' || typeof value === 'boolean') answer[key] = String(value);
    }
    answers.push(answer);
  }
  return answers;
}

/** Adds each parameter the URL does not already set (percent-encoded, spaces as %20). */
function withDefaultParams(url: string, defaults: [string, string][]): string {
  const parsed = new URL(url);
  const extra = defaults
    .filter(([name]) => !parsed.searchParams.has(name))
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  if (extra.length === 0) return parsed.href;
  const separator = parsed.search ? '&' : '?';
  return `${parsed.origin}${parsed.pathname}${parsed.search}${separator}${extra.join('&')}${parsed.hash}`;
}
