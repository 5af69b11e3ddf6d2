import { setTimeout as sleep } from 'node:timers/promises';
import { SANDBOX_TEST_CARDS } from '@labshop/shared/schemas/checkout';
import type { FastifyBaseLogger } from 'fastify';
import { isSandboxToken, newRetref, sandboxToken } from './card-numbers.ts';
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

/** Where the app serves the sandbox tokenizer page (http/sandbox-tokenizer.ts). */
export const SANDBOX_TOKENIZER_PATH = '/payments/sandbox-tokenizer';

/** The sandbox tokens of SANDBOX_TEST_CARDS, for tests that skip the tokenizer page. */
export const SANDBOX_TEST_TOKENS = {
  approves: sandboxToken(SANDBOX_TEST_CARDS.approves),
  declines: sandboxToken(SANDBOX_TEST_CARDS.declines),
  timesOut: sandboxToken(SANDBOX_TEST_CARDS.timesOut),
} as const;

export interface SandboxGatewayOptions {
  /** The site's origin: the tokenizer page is served from it. */
  siteOrigin: string;
  log?: FastifyBaseLogger;
  /** How long the time-out card keeps the caller waiting before GatewayNoAnswer (default 0). */
  noAnswerDelayMs?: number;
  /** How many charges (and, apart, attempts) it remembers, the newest (default 2,000). */
  remember?: number;
}

/** One authorization the sandbox approved (kept in memory, the newest `remember` of them). */
export interface SandboxAuthorization {
  orderId: string;
  retref: string;
  amountCents: number;
  authCode: string;
  /** The card's last four digits. */
  last4: string;
  status: 'approved' | 'voided';
  refundedCents: number;
  at: Date;
}

/** Every authorize call, whatever came of it. */
export interface SandboxAttempt {
  orderId: string;
  amountCents: number;
  outcome: 'approved' | 'declined' | 'no-answer' | 'unavailable';
  at: Date;
}

export type SandboxCall = 'authorize' | 'inquireByOrderId' | 'voidByOrderId' | 'void' | 'refund';

/**
 * A fault for tests: 'unavailable' (GatewayUnavailable, nothing done), 'noAnswer'
 * (GatewayNoAnswer, nothing done) or 'answerLost' (the call is carried out, then
 * GatewayNoAnswer: the charge happened but the shop never heard).
 */
export type SandboxFault = 'unavailable' | 'noAnswer' | 'answerLost';

export interface SandboxGateway extends PaymentGateway {
  readonly kind: 'sandbox';
  /** Every approved authorization, in order; an order id twice means it was charged twice. */
  authorizations(): SandboxAuthorization[];
  attempts(): SandboxAttempt[];
  /** Test switch: the next `times` calls of `call` fail with `fault`. */
  failNext(call: SandboxCall, fault: SandboxFault, times?: number): void;
  /** Test switch: every authorization takes this long (e.g. to overlap two requests). */
  setAuthorizeDelay(ms: number): void;
  /** Forgets every authorization, attempt and pending fault. */
  reset(): void;
}

export function isSandboxGateway(gateway: PaymentGateway): gateway is SandboxGateway {
  return gateway.kind === 'sandbox';
}

interface SandboxRecord extends SandboxAuthorization {
  approved: boolean;
}

/**
 * The embedded mode's card gateway: no outside service. Tokens come from the sandbox tokenizer
 * page this app serves; they carry the test card's number (see sandboxToken), so the sandbox
 * knows which test card was used. Card behaviour (docs/CHECKOUT-AND-PAYMENTS.md lists it):
 * 4000 0000 0000 0002 is declined ('05' Do not honor), 4999 0062 0062 0062 never answers
 * (GatewayNoAnswer, nothing recorded, so an inquiry finds nothing), every other card number
 * approves. Anything that is not a sandbox token is declined as 'Invalid card'. Only test card
 * numbers may ever be used here.
 *
 * Settlement is not modelled: an approved charge can be voided or refunded at once.
 *
 * Authorizations live in this process's memory, the newest 2,000: a restart forgets them, and
 * several instances do not share them. That is fine for a sandbox; production uses CardPointe.
 */
export function createSandboxGateway(options: SandboxGatewayOptions): SandboxGateway {
  const records: SandboxRecord[] = [];
  const attempts: SandboxAttempt[] = [];
  const faults = new Map<SandboxCall, { fault: SandboxFault; times: number }>();
  let authorizeDelayMs = 0;
  const noAnswerDelayMs = options.noAnswerDelayMs ?? 0;
  const log = options.log;
  // A long-running demo shop must not grow without end (the soak found it did): the oldest
  // charges are forgotten, as if settled long ago. 2,000 is minutes of checkouts at the soak's
  // 9 a second; reconciliation asks about orders left pending minutes ago.
  const remember = options.remember ?? 2_000;
  const keep = <T>(list: T[], item: T) => {
    list.push(item);
    if (list.length > remember) list.splice(0, list.length - remember);
  };

  /** The fault set for this call, used up by one. */
  const takeFault = (call: SandboxCall): SandboxFault | null => {
    const pending = faults.get(call);
    if (!pending) return null;
    pending.times -= 1;
    if (pending.times <= 0) faults.delete(call);
    return pending.fault;
  };

  /** Runs `work` under the call's pending fault, if any. */
  const withFault = async <T>(call: SandboxCall, work: () => Promise<T> | T): Promise<T> => {
    const fault = takeFault(call);
    if (fault === 'unavailable') {
      throw new GatewayUnavailable(`sandbox gateway: ${call} made unavailable by a test`);
    }
    if (fault === 'noAnswer') throw new GatewayNoAnswer(`sandbox gateway: ${call} got no answer`);
    const result = await work();
    if (fault === 'answerLost') {
      throw new GatewayNoAnswer(`sandbox gateway: ${call} was done, but its answer was lost`);
    }
    return result;
  };

  const latestFor = (orderId: string): SandboxRecord | undefined =>
    records.findLast((record) => record.orderId === orderId);

  const authorize = async (request: AuthorizeRequest): Promise<AuthorizeResult> => {
    const attempt = (outcome: SandboxAttempt['outcome']) =>
      keep(attempts, {
        orderId: request.orderId,
        amountCents: request.amountCents,
        outcome,
        at: new Date(),
      });
    const fault = takeFault('authorize');
    if (fault === 'unavailable') {
      attempt('unavailable');
      throw new GatewayUnavailable('sandbox gateway: authorize made unavailable by a test');
    }
    if (fault === 'noAnswer') {
      attempt('no-answer');
      throw new GatewayNoAnswer('sandbox gateway: authorize got no answer');
    }
    if (authorizeDelayMs > 0) await sleep(authorizeDelayMs);
    const result = await charge(request, attempt);
    if (fault === 'answerLost') {
      throw new GatewayNoAnswer('sandbox gateway: authorize was done, but its answer was lost');
    }
    return result;
  };

  const charge = async (
    request: AuthorizeRequest,
    attempt: (outcome: SandboxAttempt['outcome']) => void,
  ): Promise<AuthorizeResult> => {
    const token = request.token.trim();
    if (!isSandboxToken(token)) {
      attempt('declined');
      log?.info({ orderId: request.orderId }, 'sandbox gateway: declined, not a sandbox token');
      return { outcome: 'declined', retref: null, respCode: '11', respText: 'Invalid card' };
    }
    if (token === SANDBOX_TEST_TOKENS.timesOut) {
      attempt('no-answer');
      if (noAnswerDelayMs > 0) await sleep(noAnswerDelayMs);
      log?.info({ orderId: request.orderId }, 'sandbox gateway: the time-out test card');
      throw new GatewayNoAnswer('sandbox gateway: no answer (the time-out test card)');
    }
    const base = {
      orderId: request.orderId,
      retref: newRetref(),
      amountCents: request.amountCents,
      last4: token.slice(-4),
      refundedCents: 0,
      at: new Date(),
    };
    if (token === SANDBOX_TEST_TOKENS.declines) {
      attempt('declined');
      // Kept (an inquiry finds it as declined) but never listed as an authorization.
      keep(records, { ...base, authCode: '', status: 'approved', approved: false });
      log?.info({ orderId: request.orderId, retref: base.retref }, 'sandbox gateway: declined');
      return { outcome: 'declined', retref: base.retref, respCode: '05', respText: 'Do not honor' };
    }
    const authCode = `SB${String(records.length % 10_000).padStart(4, '0')}`;
    keep(records, { ...base, authCode, status: 'approved', approved: true });
    attempt('approved');
    log?.info({ orderId: request.orderId, retref: base.retref }, 'sandbox gateway: approved');
    return {
      outcome: 'approved',
      retref: base.retref,
      amountCents: request.amountCents,
      authCode,
      respText: 'Approval',
    };
  };

  const voidRecord = (record: SandboxRecord): VoidResult => {
    if (record.refundedCents > 0) return { voided: false, respText: 'Txn not voidable' };
    // Voiding twice is not an error: either way no money is held.
    record.status = 'voided';
    return { voided: true, retref: record.retref };
  };

  return {
    kind: 'sandbox',
    tokenizer: {
      url: `${options.siteOrigin}${SANDBOX_TOKENIZER_PATH}?useexpiry=true&usecvv=true&formatinput=true&invalidinputevent=true`,
      origin: options.siteOrigin,
    },
    authorize,

    inquireByOrderId: (orderId) =>
      withFault('inquireByOrderId', (): InquiryResult => {
        const record = latestFor(orderId);
        if (!record) return { found: false };
        const voided = record.status === 'voided';
        return {
          found: true,
          retref: record.retref,
          approved: record.approved && !voided,
          settlementStatus: !record.approved
            ? 'Declined'
            : voided
              ? 'Voided'
              : record.refundedCents > 0
                ? 'Accepted'
                : 'Queued for Capture',
          amountCents: record.amountCents,
          voidable: record.approved && !voided && record.refundedCents === 0,
          refundable: record.approved && !voided && record.refundedCents < record.amountCents,
        };
      }),

    voidByOrderId: (orderId) =>
      withFault('voidByOrderId', (): VoidResult => {
        // Like CardPointe since 2023: declined records are skipped.
        const held = records.filter(
          (record) => record.orderId === orderId && record.approved && record.status !== 'voided',
        );
        if (held.length === 0) {
          const voided = records.findLast(
            (record) => record.orderId === orderId && record.status === 'voided',
          );
          return voided
            ? { voided: true, retref: voided.retref }
            : { voided: false, respText: 'Txn not found' };
        }
        let last: VoidResult = { voided: false, respText: 'Txn not found' };
        for (const record of held) last = voidRecord(record);
        return last;
      }),

    void: (retref) =>
      withFault('void', (): VoidResult => {
        const record = records.find((candidate) => candidate.retref === retref);
        if (!record || !record.approved) return { voided: false, respText: 'Txn not found' };
        return voidRecord(record);
      }),

    refund: (retref, amountCents) =>
      withFault('refund', (): RefundResult => {
        const record = records.find((candidate) => candidate.retref === retref);
        if (!record || !record.approved) return { refunded: false, respText: 'Txn not found' };
        if (record.status === 'voided') return { refunded: false, respText: 'Txn voided' };
        const left = record.amountCents - record.refundedCents;
        const amount = amountCents ?? left;
        if (amount <= 0 || amount > left) {
          return { refunded: false, respText: 'Refund exceeds available refund amount' };
        }
        record.refundedCents += amount;
        return { refunded: true, retref: newRetref(), amountCents: amount };
      }),

    authorizations: () =>
      records
        .filter((record) => record.approved)
        .map(({ approved: _approved, ...authorization }) => ({ ...authorization })),
    attempts: () => attempts.map((attempt) => ({ ...attempt })),
    failNext(call, fault, times = 1) {
      faults.set(call, { fault, times });
    },
    setAuthorizeDelay(ms) {
      authorizeDelayMs = ms;
    },
    reset() {
      records.length = 0;
      attempts.length = 0;
      faults.clear();
      authorizeDelayMs = 0;
    },
  };
}
