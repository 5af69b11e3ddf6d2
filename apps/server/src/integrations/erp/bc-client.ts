import type { FastifyBaseLogger } from 'fastify';
import type { ErpConfig } from '../../config/index.ts';
import { ErpUnavailable } from './port.ts';
import { NOT_SENT_CODES, networkErrorCode } from '../network-errors.ts';

export type BusinessCentralConfig = Extract<ErpConfig, { kind: 'business-central' }>;

export type BcLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export interface BcClientOptions {
  log: BcLog;
  /** Tests may pass their own; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Waits between retries (tests may record the waits instead of sleeping). */
  sleep?: (ms: number) => Promise<void>;
  /** 0..1 for the backoff's jitter. */
  random?: () => number;
}

/** A Business Central record as it comes back, with its `@odata.etag`. */
export type BcRecord = Record<string, unknown>;

/**
 * Why a Business Central call failed. It is an ErpUnavailable (callers retry through the outbox);
 * `outcomeUnknown` says a write may have been carried out even though no answer came back.
 */
export class BusinessCentralError extends ErpUnavailable {
  /** The HTTP status, or null when no answer came. */
  readonly status: number | null;
  /** Business Central's error code (`Request_EntityChanged`, ...), or null. */
  readonly code: string | null;
  readonly outcomeUnknown: boolean;

  constructor(
    message: string,
    details: { status?: number | null; code?: string | null; outcomeUnknown?: boolean } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.status = details.status ?? null;
    this.code = details.code ?? null;
    this.outcomeUnknown = details.outcomeUnknown ?? false;
  }
}

export interface BcQuery {
  /** An OData $filter; quote string values with odataString. */
  filter?: string;
  select?: readonly string[];
  top?: number;
  /** A child collection to read with each record ('salesOrderLines'). */
  expand?: string;
  /** The API route below /api: 'v2.0' (default) or a custom API's publisher/group/version. */
  api?: string;
  /** Reads from a read-only replica (bulk lists; never a lookup right after a write). */
  readOnly?: boolean;
}

export interface BcClient {
  /** The company's id: BC_COMPANY when it is a GUID, else looked up by name once. */
  companyId(): Promise<string>;
  /** Every record of a company's collection, following @odata.nextLink until it is absent. */
  list(path: string, query?: BcQuery): Promise<BcRecord[]>;
  /** One record (`customers(<id>)`); null when Business Central answers 404. */
  get(path: string, query?: Pick<BcQuery, 'api'>): Promise<BcRecord | null>;
  /**
   * POST: created once. Refused calls (429, 503) are retried; a timeout, a dropped connection
   * or a 500/502/504 throws a BusinessCentralError with outcomeUnknown, for the caller to look
   * the record up.
   */
  create(path: string, body: Record<string, unknown>): Promise<BcRecord>;
  /** PATCH with If-Match; a stale ETag throws a BusinessCentralError with code Request_EntityChanged. */
  update(path: string, etag: string, changes: Record<string, unknown>): Promise<BcRecord>;
  /** A media stream's bytes (`salesInvoices(<id>)/pdfDocument/pdfDocumentContent`); null on 404. */
  download(path: string): Promise<Uint8Array | null>;
}

type Method = 'GET' | 'POST' | 'PATCH';

interface Exchange {
  method: Method;
  url: string;
  /** 'GET customers', 'sign-in': what messages and logs name. */
  what: string;
  headers: Record<string, string>;
  body?: string;
  /** A POST that may be sent twice (the token request); other POSTs create something. */
  idempotent?: boolean;
}

interface RawAnswer {
  status: number;
  text: string;
  /** The body as sent (a media stream's bytes). */
  bytes: Uint8Array;
  headers: Headers;
  /** How many times the call was sent. */
  attempts: number;
}

/** Longest single wait between retries, whatever Retry-After asks. */
const MAX_RETRY_WAIT_MS = 60_000;
/** One call with all its retries and waits: well under the outbox lease of 5 minutes. */
const CALL_BUDGET_MS = 3 * 60_000;
const BACKOFF_BASE_MS = 500;
/** A collection with more pages than this is a nextLink loop, not data. */
const MAX_PAGES = 100_000;

/** A dropped connection: a read may simply be sent again. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isGuid(value: string): boolean {
  return GUID.test(value);
}

/** An OData string literal: single quotes doubled, the whole in single quotes. */
export function odataString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Business Central's HTTP layer (docs: EXTERNAL-APIS.md section 2): an Entra ID token by client
 * credentials (cached, one request at a time, renewed on a 401), company URLs, timeouts,
 * retries of throttled and failed calls honouring Retry-After, server-driven paging and
 * BC's `{error:{code,message}}` answers turned into clear ErpUnavailable messages. Messages and
 * logs never carry the client secret or a token.
 */
export function createBcClient(config: BusinessCentralConfig, options: BcClientOptions): BcClient {
  const { log } = options;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const root = `${config.apiUrl.replace(/\/+$/, '')}/v2.0/${encodeURIComponent(config.tenantId)}/${encodeURIComponent(config.environment)}/api`;
  const apiOrigin = new URL(config.apiUrl).origin;
  const seconds = `${Number((config.timeoutMs / 1000).toFixed(1))} s`;

  const redact = (text: string): string =>
    config.clientSecret ? text.split(config.clientSecret).join('[redacted]') : text;

  const fail = (
    message: string,
    details: ConstructorParameters<typeof BusinessCentralError>[1] = {},
    cause?: unknown,
  ): never => {
    const clean = redact(message);
    log.error({ status: details.status ?? null, code: details.code ?? null }, clean);
    throw new BusinessCentralError(clean, details, cause === undefined ? undefined : { cause });
  };

  /** The wait before retry `attempt` (1-based): Retry-After when given, else exponential. */
  const retryWait = (attempt: number, retryAfter: string | null): number => {
    const asked = retryAfterMs(retryAfter);
    if (asked !== null) return Math.min(asked, MAX_RETRY_WAIT_MS);
    const exponential = BACKOFF_BASE_MS * 2 ** (attempt - 1);
    return Math.min(Math.round(exponential * (0.8 + 0.4 * random())), MAX_RETRY_WAIT_MS);
  };

  /**
   * Sends a call, again after a 429 or 5xx (a create only after 429 and 503: refused, not run)
   * or a dropped connection (not a create's), up to config.maxRetries times. Answers the last
   * answer; throws when no answer came.
   */
  const exchange = async (call: Exchange): Promise<RawAnswer> => {
    const repeatable = call.method !== 'POST' || call.idempotent === true;
    // Retries stop once they would run past the budget, so a call (with its waits) never
    // outlives the outbox's 5-minute claim on the job that made it.
    const deadline = Date.now() + CALL_BUDGET_MS;
    const withinBudget = (waitMs: number) => Date.now() + waitMs + config.timeoutMs <= deadline;
    for (let attempt = 1; ; attempt += 1) {
      const retriesLeft = attempt <= config.maxRetries;
      let response: Response;
      let bytes: Uint8Array;
      try {
        response = await doFetch(call.url, {
          method: call.method,
          headers: call.headers,
          body: call.body,
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        bytes = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        const code = networkErrorCode(error);
        const resettable = code !== null && RESET_CODES.has(code) && repeatable;
        const resetWaitMs = retryWait(attempt, null);
        if (resettable && retriesLeft && withinBudget(resetWaitMs)) {
          const waitMs = resetWaitMs;
          log.warn({ what: call.what, code, attempt, waitMs }, 'Business Central: retrying');
          await sleep(waitMs);
          continue;
        }
        return fail(
          transportMessage(call, error, code),
          {
            outcomeUnknown: !repeatable && !(code !== null && NOT_SENT_CODES.has(code)),
          },
          error,
        );
      }
      const { status } = response;
      const retryable = status === 429 || (status >= 500 && (repeatable || status === 503));
      const waitMs = retryWait(attempt, response.headers.get('retry-after'));
      if (retryable && retriesLeft && withinBudget(waitMs)) {
        log.warn(
          { what: call.what, status, attempt, waitMs },
          `Business Central: HTTP ${status}, retrying`,
        );
        await sleep(waitMs);
        continue;
      }
      const text = new TextDecoder().decode(bytes);
      return { status, text, bytes, headers: response.headers, attempts: attempt };
    }
  };

  const transportMessage = (call: Exchange, error: unknown, code: string | null): string => {
    const host = safeHost(call.url);
    if (isTimeout(error)) return `Business Central did not answer within ${seconds} (${call.what})`;
    if (code === 'ECONNREFUSED') {
      return `Business Central refused the connection at ${host} (${call.what})`;
    }
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      return `Business Central's host ${host} was not found (${code}; check BC_API_URL and BC_TOKEN_URL) (${call.what})`;
    }
    if (code !== null && RESET_CODES.has(code)) {
      return `Business Central closed the connection before answering (${code}, ${call.what})`;
    }
    const detail = code ?? (error instanceof Error ? error.message : String(error));
    return `Business Central could not be reached at ${host} (${detail}, ${call.what})`;
  };

  // ---- the access token -------------------------------------------------------------------

  let token: { value: string; renewAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  const requestToken = async (): Promise<{ value: string; renewAt: number }> => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: config.clientId,
      client_secret: config.clientSecret,
      scope: config.scope,
    });
    const raw = await exchange({
      method: 'POST',
      url: config.tokenUrl,
      what: 'sign-in',
      idempotent: true,
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
    });
    const answer = parseObject(raw.text);
    if (raw.status !== 200) {
      const error = typeof answer?.error === 'string' ? answer.error : null;
      if (error) {
        const description =
          typeof answer?.error_description === 'string'
            ? // Entra appends Trace ID, Correlation ID and Timestamp lines.
              (answer.error_description.split(/\r?\n/)[0] ?? '').trim()
            : '';
        return fail(
          `Business Central sign-in failed: ${error}${description ? ` (${description})` : ''}`,
          { status: raw.status, code: error },
        );
      }
      return fail(
        `Business Central sign-in failed: the token endpoint answered HTTP ${raw.status} (check BC_TOKEN_URL and BC_TENANT_ID)`,
        { status: raw.status },
      );
    }
    const accessToken = answer?.access_token;
    if (typeof accessToken !== 'string' || !accessToken) {
      return fail('Business Central sign-in failed: the token endpoint answered without a token', {
        status: raw.status,
      });
    }
    const lifetimeSeconds = Number(answer?.expires_in);
    const lifetimeMs =
      Number.isFinite(lifetimeSeconds) && lifetimeSeconds > 0 ? lifetimeSeconds * 1000 : 300_000;
    // Renewed a minute before it expires, or at 90% of a short life.
    const marginMs = Math.min(60_000, lifetimeMs * 0.1);
    log.debug({ expiresInSeconds: lifetimeSeconds }, 'Business Central: signed in');
    return { value: accessToken, renewAt: Date.now() + lifetimeMs - marginMs };
  };

  /** The cached token, or a new one; concurrent callers share one token request. */
  const accessToken = (): Promise<string> => {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    tokenRequest ??= requestToken()
      .then((fresh) => {
        token = fresh;
        return fresh.value;
      })
      .finally(() => {
        tokenRequest = null;
      });
    return tokenRequest;
  };

  /** Forgets a token Business Central refused (unless another call already replaced it). */
  const forgetToken = (value: string) => {
    if (token?.value === value) token = null;
  };

  // ---- calls ------------------------------------------------------------------------------

  /** An API call with the bearer token; a 401 renews the token and sends the call once more. */
  const apiCall = async (
    method: Method,
    url: string,
    what: string,
    extra: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<RawAnswer> => {
    const send = async (bearer: string) =>
      exchange({
        method,
        url,
        what,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${bearer}`,
          ...(extra.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...extra.headers,
        },
        body: extra.body === undefined ? undefined : JSON.stringify(extra.body),
      });
    const first = await accessToken();
    const raw = await send(first);
    if (raw.status !== 401) return raw;
    forgetToken(first);
    log.info({ what }, 'Business Central refused the access token; signing in again');
    const again = await send(await accessToken());
    if (again.status === 401) {
      const { code, message } = errorBody(again.text);
      return fail(
        `Business Central refused the access token (HTTP 401${message ? `: ${message}` : ''}); check that the app registration has API.ReadWrite.All and is listed on the Microsoft Entra Applications page (${what})`,
        { status: 401, code },
      );
    }
    return again;
  };

  /** The JSON object of a 2xx answer, or a clear error for any other. */
  const answerOf = (raw: RawAnswer, what: string, method: Method): BcRecord => {
    if (raw.status >= 200 && raw.status < 300) {
      if (raw.status === 204 || !raw.text) return {};
      const parsed = parseObject(raw.text);
      if (!parsed) {
        return fail(`Business Central answered HTTP ${raw.status} without JSON (${what})`, {
          status: raw.status,
        });
      }
      return parsed;
    }
    const { code, message } = errorBody(raw.text);
    const tries = raw.attempts > 1 ? `; gave up after ${raw.attempts} attempts` : '';
    const outcomeUnknown =
      method === 'POST' && (raw.status === 500 || raw.status === 502 || raw.status === 504);
    const text = message
      ? `Business Central: ${message} (${code ? `${code}, ` : ''}HTTP ${raw.status}, ${what})${tries}`
      : `Business Central answered HTTP ${raw.status} (${what})${tries}`;
    return fail(text, { status: raw.status, code, outcomeUnknown });
  };

  const companiesUrl = (api: string) => `${root}/${api}/companies`;

  /** Follows nextLinks from `url`; every page is one GET with Prefer: odata.maxpagesize. */
  const collect = async (url: string, what: string, readOnly: boolean): Promise<BcRecord[]> => {
    const records: BcRecord[] = [];
    const headers: Record<string, string> = {
      prefer: `odata.maxpagesize=${config.pageSize}`,
      ...(readOnly ? { 'data-access-intent': 'ReadOnly' } : {}),
    };
    let next: string | null = url;
    for (let pages = 0; next; pages += 1) {
      if (pages >= MAX_PAGES) fail(`Business Central kept sending more pages (${what})`);
      const page = answerOf(await apiCall('GET', next, what, { headers }), what, 'GET');
      if (!Array.isArray(page.value)) {
        return fail(`Business Central answered without a list of records (${what})`);
      }
      for (const record of page.value as unknown[]) {
        if (typeof record === 'object' && record !== null) records.push(record as BcRecord);
      }
      const link = page['@odata.nextLink'];
      next = typeof link === 'string' && link ? nextPage(link, next, what) : null;
    }
    return records;
  };

  /** A nextLink made absolute; one to another host would carry our token away, so it is refused. */
  const nextPage = (link: string, current: string, what: string): string => {
    const url = new URL(link, current);
    if (url.origin !== apiOrigin) {
      return fail(
        `Business Central sent a next page link to another host (${url.origin}, ${what})`,
      );
    }
    if (url.href === current) fail(`Business Central sent the same page link again (${what})`);
    return url.href;
  };

  let company: Promise<string> | null = null;

  const resolveCompany = async (): Promise<string> => {
    const wanted = config.company.trim();
    if (isGuid(wanted)) return wanted;
    const companies = await collect(companiesUrl('v2.0'), 'GET companies', false);
    const text = (record: BcRecord, field: string) =>
      typeof record[field] === 'string' ? record[field] : '';
    const found =
      companies.find((record) => text(record, 'name') === wanted) ??
      companies.find((record) => text(record, 'displayName') === wanted) ??
      companies.find(
        (record) =>
          text(record, 'name').toLowerCase() === wanted.toLowerCase() ||
          text(record, 'displayName').toLowerCase() === wanted.toLowerCase(),
      );
    const id = found ? text(found, 'id') : '';
    if (!isGuid(id)) {
      const names = companies.map((record) => `"${text(record, 'name')}"`).join(', ');
      return fail(
        `Business Central has no company "${wanted}" in environment ${config.environment} (it has ${names || 'none'}); set BC_COMPANY to one of these names or a company id`,
      );
    }
    log.info({ company: wanted, companyId: id }, 'Business Central: company found');
    return id;
  };

  const companyId = (): Promise<string> => {
    company ??= resolveCompany().catch((error: unknown) => {
      company = null;
      throw error;
    });
    return company;
  };

  const entityUrl = async (path: string, api = 'v2.0') =>
    `${companiesUrl(api)}(${await companyId()})/${path}`;

  return {
    companyId,

    async list(path, query = {}) {
      const params = [
        query.filter !== undefined ? `$filter=${encodeURIComponent(query.filter)}` : null,
        query.select?.length ? `$select=${query.select.join(',')}` : null,
        query.top !== undefined ? `$top=${query.top}` : null,
        query.expand !== undefined ? `$expand=${query.expand}` : null,
      ].filter((param): param is string => param !== null);
      const url = `${await entityUrl(path, query.api)}${params.length ? `?${params.join('&')}` : ''}`;
      return collect(url, `GET ${entitySetOf(path)}`, query.readOnly ?? false);
    },

    async get(path, query = {}) {
      const what = `GET ${entitySetOf(path)}`;
      const raw = await apiCall('GET', await entityUrl(path, query.api), what);
      if (raw.status === 404) return null;
      return answerOf(raw, what, 'GET');
    },

    async create(path, body) {
      const what = `POST ${entitySetOf(path)}`;
      return answerOf(await apiCall('POST', await entityUrl(path), what, { body }), what, 'POST');
    },

    async update(path, etag, changes) {
      const what = `PATCH ${entitySetOf(path)}`;
      const raw = await apiCall('PATCH', await entityUrl(path), what, {
        headers: { 'if-match': etag },
        body: changes,
      });
      return answerOf(raw, what, 'PATCH');
    },

    async download(path) {
      const what = `GET ${entitySetOf(path)}`;
      const raw = await apiCall('GET', await entityUrl(path), what, {
        headers: { accept: '*/*' },
      });
      if (raw.status === 404) return null;
      // Any other refusal throws the error answerOf words for it.
      if (raw.status < 200 || raw.status >= 300) answerOf(raw, what, 'GET');
      return raw.bytes;
    },
  };
}

/** 'salesOrders(<id>)/salesOrderLines' -> 'salesOrderLines'; 'customers(<id>)' -> 'customers'. */
function entitySetOf(path: string): string {
  const last = path.split('?')[0]?.split('/').pop() ?? path;
  return last.replace(/\(.*\)$/, '');
}

/** Retry-After as milliseconds (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Business Central's `{error:{code,message}}`, or nulls. */
function errorBody(text: string): { code: string | null; message: string | null } {
  const error = parseObject(text)?.error;
  if (typeof error !== 'object' || error === null) return { code: null, message: null };
  const { code, message } = error as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'string' && code ? code : null,
    message: typeof message === 'string' && message.trim() ? message.trim() : null,
  };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid URL';
  }
}
