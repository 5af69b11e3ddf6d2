import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { sandboxTokenizerPage } from '../../src/http/sandbox-tokenizer.ts';
import {
  centsToDecimal,
  luhnValid,
  newRetref,
  sandboxToken,
} from '../../src/integrations/payments/card-numbers.ts';

/**
 * A local stand-in for CardPointe Gateway's REST API (docs/EXTERNAL-APIS.md section 1), under
 * /cardconnect/rest: the credential check, auth, capture, void, voidByOrderId, refund, inquire and
 * inquireByOrderid. HTTP Basic on every call (401 otherwise), PUT or POST for writes, GET for
 * inquiries, every value a string, keys shuffled and a dummy key added as UAT does.
 *
 * It mirrors UAT's triggers: an account that is neither a 16-digit token starting with 9 nor a
 * Luhn-valid card number is declined (PPS 11 / 13); the timeout test cards (or their sandbox
 * tokens) answer respstat B, 62 'Timed out'; an amount from $1000.00 to $1999.99 is declined
 * with respcode = the last three digits of the whole dollars (texts in `declineTexts`, '' when
 * not listed); a refund before settlement is PPS 28; an unknown retref or order id is PPS 29.
 * `failNext` answers the next calls with an HTTP error, `hangNext` withholds an answer. Also
 * serves a tokenizer page at /itoke/ajax-tokenizer.html (the sandbox tokenizer's page).
 */
export interface FakeCardPointe {
  /** http://127.0.0.1:<port>: CARDPOINTE_URL. */
  url: string;
  /** CARDPOINTE_TOKENIZER_URL */
  tokenizerUrl: string;
  merchantId: string;
  username: string;
  password: string;
  /** Every request, in order (the unknown and refused ones too). */
  calls: FakeCardPointeCall[];
  /** What the gateway holds: auths (approved or not) and refunds. */
  transactions(): FakeTransaction[];
  /** Decline texts by respcode for the $1000-$1999 trigger ('' when a code is not listed). */
  declineTexts: Map<string, string>;
  /** The next `times` calls answer `status` with `body` (an HTML page unless given). */
  failNext(
    status: number,
    options?: { body?: string; headers?: Record<string, string>; times?: number },
  ): void;
  /**
   * The next call gets no answer. With `store`, it is carried out first (the "answer lost"
   * case); without, nothing happens. `answerAfterMs` sends the (late) answer after that long,
   * carrying the call out then if it was not stored.
   */
  hangNext(options?: { store?: boolean; answerAfterMs?: number }): void;
  /** Settles captured auths (setlstat Accepted: refundable, no longer voidable). */
  settle(retref?: string): void;
  /** Answers with keys in random order plus a dummy key (default true). */
  shuffle: boolean;
  reset(): void;
  close(): Promise<void>;
}

export interface FakeCardPointeCall {
  method: string;
  /** The path below /cardconnect/rest, e.g. '/auth' or '/inquireByOrderid/WEB-1/123/1'. */
  path: string;
  /** The first path segment: 'auth', 'inquireByOrderid', '' for the credential check. */
  endpoint: string;
  /** The parsed JSON body, or null. */
  body: Record<string, unknown> | null;
  authorization: string | null;
}

export interface FakeTransaction {
  kind: 'auth' | 'refund';
  merchid: string;
  retref: string;
  orderid: string;
  amountCents: number;
  respstat: 'A' | 'B' | 'C';
  respcode: string;
  resptext: string;
  respproc: string;
  authcode: string;
  account: string;
  expiry: string;
  captured: boolean;
  setlstat: string;
  voided: boolean;
  refundedCents: number;
}

export const FAKE_TIMEOUT_CARDS = ['4999006200620062', '5111006200620062', '6465006200620062'];

const DEFAULT_DECLINE_TEXTS: [string, string][] = [
  ['005', 'Do not honor'],
  ['051', 'Insufficient funds'],
  ['054', 'Expired card'],
  ['500', 'Decline'],
];

export async function startFakeCardPointe(
  options: {
    merchantId?: string;
    username?: string;
    password?: string;
    /** Where the tokenizer page posts its tokens ('*' like the hosted one, by default). */
    tokenizerParentOrigin?: string;
  } = {},
): Promise<FakeCardPointe> {
  const merchantId = options.merchantId ?? '496160873888';
  const username = options.username ?? 'testing';
  const password = options.password ?? 'testing123';
  const expectedAuthorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const tokenizerPage = sandboxTokenizerPage(options.tokenizerParentOrigin ?? '*');

  const transactions: FakeTransaction[] = [];
  const calls: FakeCardPointeCall[] = [];
  const failures: { status: number; body?: string; headers?: Record<string, string> }[] = [];
  let hang: { store: boolean; answerAfterMs?: number } | null = null;
  const hanging = new Set<ServerResponse>();
  const declineTexts = new Map(DEFAULT_DECLINE_TEXTS);
  const state = { shuffle: true };

  const send = (
    response: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ) => {
    if (response.destroyed || response.headersSent) return;
    response.writeHead(status, headers);
    response.end(body);
  };

  /** A JSON answer the way UAT writes it: string values, shuffled keys, a dummy key. */
  const json = (answer: Record<string, string> | Record<string, string>[]) => {
    const arrange = (record: Record<string, string>) => {
      const entries = Object.entries(record);
      if (state.shuffle) {
        entries.push([`dummy${Math.floor(Math.random() * 1000)}`, 'ignore me']);
        for (let index = entries.length - 1; index > 0; index -= 1) {
          const other = Math.floor(Math.random() * (index + 1));
          [entries[index], entries[other]] = [entries[other]!, entries[index]!];
        }
      }
      return Object.fromEntries(entries);
    };
    return JSON.stringify(Array.isArray(answer) ? answer.map(arrange) : arrange(answer));
  };

  const pps = (respcode: string, resptext: string): Record<string, string> => ({
    respstat: 'C',
    respproc: 'PPS',
    respcode,
    resptext,
    merchid: merchantId,
  });

  const describe = (txn: FakeTransaction): Record<string, string> => ({
    merchid: txn.merchid,
    account: mask(txn.account),
    amount: centsToDecimal(txn.amountCents),
    currency: 'USD',
    orderid: txn.orderid,
    retref: txn.retref,
    respstat: txn.respstat,
    respcode: txn.respcode,
    resptext: txn.resptext,
    respproc: txn.respproc,
    authcode: txn.authcode,
    setlstat: txn.voided ? 'Voided' : txn.setlstat,
    voidable: voidable(txn) ? 'Y' : 'N',
    refundable: refundable(txn) ? 'Y' : 'N',
    capture: txn.captured ? 'Y' : 'N',
    entrymode: 'ECommerce',
  });
  const voidable = (txn: FakeTransaction) =>
    txn.kind === 'auth' && txn.respstat === 'A' && !txn.voided && txn.setlstat !== 'Accepted';
  const refundable = (txn: FakeTransaction) =>
    txn.kind === 'auth' &&
    txn.respstat === 'A' &&
    !txn.voided &&
    txn.setlstat === 'Accepted' &&
    txn.refundedCents < txn.amountCents;

  const byRetref = (retref: unknown, merchid: unknown) =>
    transactions.find((txn) => txn.retref === retref && txn.merchid === merchid);

  const auth = (body: Record<string, unknown>): Record<string, string> => {
    const merchid = String(body.merchid ?? '');
    const account = String(body.account ?? '').replace(/\s/g, '');
    const orderid = String(body.orderid ?? '');
    const amountCents = parseAmount(String(body.amount ?? ''));
    if (amountCents === null) return pps('03', 'Invalid field: amount');
    if (body.currency !== undefined && body.currency !== 'USD') {
      return pps('32', 'Wrong currency for merch');
    }
    if (!/^\d+$/.test(account)) return pps('11', 'Invalid card');
    const isToken = /^9\d{15}$/.test(account);
    if (!isToken && !luhnValid(account)) return pps('13', 'Bad card check digit');

    const base: FakeTransaction = {
      kind: 'auth',
      merchid,
      retref: newRetref(),
      orderid,
      amountCents,
      respstat: 'A',
      respcode: '00',
      resptext: 'Approval',
      respproc: 'RPCT',
      authcode: String(100000 + transactions.length).slice(-6),
      account,
      expiry: String(body.expiry ?? ''),
      captured: body.capture === 'Y',
      setlstat: body.capture === 'Y' ? 'Queued for Capture' : 'Authorized',
      voided: false,
      refundedCents: 0,
    };
    const timesOut = FAKE_TIMEOUT_CARDS.some(
      (card) => account === card || account === sandboxToken(card),
    );
    const dollars = Math.floor(amountCents / 100);
    let txn: FakeTransaction;
    if (timesOut) {
      txn = {
        ...base,
        respstat: 'B',
        respcode: '62',
        resptext: 'Timed out',
        respproc: 'PPS',
        authcode: '',
        setlstat: 'Declined',
      };
    } else if (dollars >= 1000 && dollars <= 1999) {
      const respcode = String(dollars).slice(-3);
      txn = {
        ...base,
        respstat: 'C',
        respcode,
        resptext: declineTexts.get(respcode) ?? '',
        authcode: '',
        setlstat: 'Declined',
      };
    } else {
      txn = base;
    }
    transactions.push(txn);
    return {
      ...describe(txn),
      token: isToken ? account : sandboxToken(account),
      expiry: txn.expiry,
      avsresp: 'Y',
      cvvresp: 'M',
      ...(txn.captured && txn.respstat === 'A' ? { batchid: '1900940' } : {}),
    };
  };

  const voidTxn = (txn: FakeTransaction | undefined): Record<string, string> => {
    if (!txn || txn.kind !== 'auth' || txn.respstat !== 'A') return pps('29', 'Txn not found');
    // The docs name no code for this; the text is what matters.
    if (!voidable(txn)) return pps('50', 'Txn not voidable');
    txn.voided = true;
    return {
      merchid: txn.merchid,
      retref: txn.retref,
      orderid: txn.orderid,
      amount: centsToDecimal(txn.amountCents),
      currency: 'USD',
      respstat: 'A',
      respcode: '00',
      resptext: 'Approval',
      respproc: 'PPS',
      authcode: 'REVERS',
    };
  };

  const refund = (body: Record<string, unknown>): Record<string, string> => {
    const txn = byRetref(body.retref, body.merchid);
    if (!txn || txn.kind !== 'auth' || txn.respstat !== 'A' || txn.voided) {
      return pps('29', 'Txn not found');
    }
    if (txn.setlstat !== 'Accepted') return pps('28', 'Txn not settled');
    const left = txn.amountCents - txn.refundedCents;
    const amount = body.amount === undefined ? left : parseAmount(String(body.amount));
    if (amount === null || amount <= 0 || amount > left) {
      return pps('03', 'Invalid field: amount');
    }
    txn.refundedCents += amount;
    const refundTxn: FakeTransaction = {
      ...txn,
      kind: 'refund',
      retref: newRetref(),
      amountCents: amount,
      authcode: '',
      setlstat: 'Queued for Capture',
      refundedCents: 0,
    };
    transactions.push(refundTxn);
    return {
      merchid: txn.merchid,
      retref: refundTxn.retref,
      orderid: txn.orderid,
      amount: centsToDecimal(amount),
      currency: 'USD',
      respstat: 'A',
      respcode: '00',
      resptext: 'Approval',
      respproc: 'PPS',
    };
  };

  /** Carries out one REST call; its answer as [status, body, headers]. */
  const carryOut = (
    method: string,
    segments: string[],
    body: Record<string, unknown> | null,
  ): [number, string, Record<string, string>] => {
    const ok = (answer: Record<string, string> | Record<string, string>[]) =>
      [200, json(answer), { 'content-type': 'application/json' }] as [
        number,
        string,
        Record<string, string>,
      ];
    const write = method === 'PUT' || method === 'POST';
    const [endpoint = '', ...params] = segments;
    if (write && body && typeof body.merchid === 'string' && body.merchid !== merchantId) {
      // Credentials that are not set up for this merchant id.
      return [401, '', {}];
    }
    if (endpoint === '' && write) return [200, 'CardConnect REST Servlet', {}];
    if (write && !body) return [400, json(pps('03', 'Invalid JSON')), {}];
    if (write && endpoint === 'auth') return ok(auth(body ?? {}));
    if (write && endpoint === 'capture') {
      const txn = byRetref(body?.retref, body?.merchid);
      if (!txn || txn.respstat !== 'A') return ok(pps('29', 'Txn not found'));
      txn.captured = true;
      txn.setlstat = 'Queued for Capture';
      return ok(describe(txn));
    }
    if (write && endpoint === 'void') return ok(voidTxn(byRetref(body?.retref, body?.merchid)));
    if (write && endpoint === 'voidByOrderId') {
      // Declined records are skipped (the 2023 change).
      const txn = transactions.findLast(
        (candidate) =>
          candidate.kind === 'auth' &&
          candidate.orderid === body?.orderid &&
          candidate.merchid === body?.merchid &&
          candidate.respstat === 'A' &&
          !candidate.voided,
      );
      return ok(voidTxn(txn));
    }
    if (write && endpoint === 'refund') return ok(refund(body ?? {}));
    const rateHeaders = { 'content-type': 'application/json', 'x-rate-limit-remaining': '19' };
    if (method === 'GET' && endpoint === 'inquire' && params.length === 2) {
      const txn = byRetref(params[0], params[1]);
      return [200, json(txn ? describe(txn) : pps('29', 'Txn not found')), rateHeaders];
    }
    if (
      method === 'GET' &&
      endpoint === 'inquireByOrderid' &&
      (params.length === 2 || (params.length === 3 && params[2] === '1'))
    ) {
      const found = transactions.filter(
        (txn) => txn.kind === 'auth' && txn.orderid === params[0] && txn.merchid === params[1],
      );
      const answer =
        found.length === 0
          ? pps('29', 'Txn not found')
          : found.length === 1
            ? describe(found[0]!)
            : found.map(describe);
      return [200, json(answer), rateHeaders];
    }
    return [404, notFound(`/cardconnect/rest/${segments.join('/')}`), {}];
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const text = await readBody(request);
    if (method === 'GET' && url.pathname === '/itoke/ajax-tokenizer.html') {
      return send(response, 200, tokenizerPage.html, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': tokenizerPage.contentSecurityPolicy.replace(
          "frame-ancestors 'self'",
          'frame-ancestors *',
        ),
      });
    }
    const prefix = '/cardconnect/rest';
    if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) {
      return send(response, 404, notFound(url.pathname), { 'content-type': 'application/json' });
    }
    const path = url.pathname.slice(prefix.length) || '/';
    const segments = path
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
    let body: Record<string, unknown> | null = null;
    if (text) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed === 'object' && parsed !== null) {
          body = parsed as Record<string, unknown>;
        }
      } catch {
        body = null;
      }
    }
    const authorization = request.headers.authorization ?? null;
    calls.push({ method, path, endpoint: segments[0] ?? '', body, authorization });

    if (authorization !== expectedAuthorization) {
      return send(response, 401, '', { 'www-authenticate': 'Basic realm="CardConnect"' });
    }
    const failure = failures.shift();
    if (failure) {
      return send(
        response,
        failure.status,
        failure.body ??
          `<html><body><h1>${failure.status}</h1><p>The server is not available.</p></body></html>`,
        failure.headers ?? { 'content-type': 'text/html' },
      );
    }
    const hold = hang;
    hang = null;
    if (hold) {
      hanging.add(response);
      const answer = hold.store ? carryOut(method, segments, body) : null;
      if (hold.answerAfterMs !== undefined) {
        setTimeout(() => {
          hanging.delete(response);
          const [status, answerBody, headers] = answer ?? carryOut(method, segments, body);
          send(response, status, answerBody, headers);
        }, hold.answerAfterMs);
      }
      return;
    }
    const [status, answerBody, headers] = carryOut(method, segments, body);
    send(response, status, answerBody, headers);
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: origin,
    tokenizerUrl: `${origin}/itoke/ajax-tokenizer.html`,
    merchantId,
    username,
    password,
    calls,
    transactions: () => transactions.map((txn) => ({ ...txn })),
    declineTexts,
    failNext(status, failure = {}) {
      for (let time = 0; time < (failure.times ?? 1); time += 1) {
        failures.push({ status, body: failure.body, headers: failure.headers });
      }
    },
    hangNext(next = {}) {
      hang = { store: next.store ?? false, answerAfterMs: next.answerAfterMs };
    },
    settle(retref) {
      for (const txn of transactions) {
        if (retref !== undefined && txn.retref !== retref) continue;
        if (txn.kind === 'auth' && txn.respstat === 'A' && !txn.voided && txn.captured) {
          txn.setlstat = 'Accepted';
        }
      }
    },
    get shuffle() {
      return state.shuffle;
    },
    set shuffle(value: boolean) {
      state.shuffle = value;
    },
    reset() {
      transactions.length = 0;
      calls.length = 0;
      failures.length = 0;
      hang = null;
      declineTexts.clear();
      for (const [code, text] of DEFAULT_DECLINE_TEXTS) declineTexts.set(code, text);
      state.shuffle = true;
      for (const response of hanging) response.destroy();
      hanging.clear();
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Spring Boot's 404, as the gateway answers an unknown path. */
function notFound(path: string): string {
  return JSON.stringify({
    timestamp: new Date().toISOString(),
    status: 404,
    error: 'Not Found',
    path,
  });
}

/** '19.99' (dollars) or '1999' (minor units) as cents; null when neither. */
function parseAmount(amount: string): number | null {
  const decimal = /^(\d+)\.(\d{1,2})$/.exec(amount);
  if (decimal) return Number(decimal[1]) * 100 + Number(decimal[2]!.padEnd(2, '0'));
  return /^\d+$/.test(amount) ? Number(amount) : null;
}

/** '4111111111111111' -> '41**********1111' */
function mask(account: string): string {
  return account.length > 6
    ? `${account.slice(0, 2)}${'*'.repeat(account.length - 6)}${account.slice(-4)}`
    : account;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
