import { createHash } from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import {
  clearCounters,
  runningUntil,
  type RateLimitCounter,
} from '../../../db/rate-limit-counter.ts';
import { clientOfIp } from '../../../core/client-address.ts';

/**
 * Failed passwords on the embedded provider's form slow the guesser down and never lock the
 * rightful user out (issue 31): failures are counted per client address, and per account from
 * that address, never per account alone. Past a few free failures, each further try from that
 * address (or for that account from it) must wait 2^k seconds, k counting the failures beyond
 * the free ones: 1, 2, 4, ... up to `maxWaitSeconds`. A try during the wait is refused before
 * the password is looked at, and counts nothing. A success clears its account's count from that
 * address. The counts live in `rate_limit_counters`, so every instance agrees; the per-IP limit
 * on the form's requests (LOGIN_RATE_LIMIT_MAX) bounds what a burst of parallel tries can do
 * before the first failure is written.
 */
export const LOGIN_THROTTLE = {
  /** Failures from one address, whatever the accounts, before it must wait. */
  freeFailuresPerAddress: 10,
  /** Failures for one account from one address before that pair must wait. */
  freeFailuresPerAccount: 5,
  maxWaitSeconds: 15 * 60,
  /** Failures are counted in windows of this length from the first one. */
  failureWindowMs: 60 * 60 * 1000,
} as const;

/** Who is trying: the client's address and the e-mail typed on the form. */
export interface LoginTry {
  address: string;
  email: string;
}

export interface LoginThrottle {
  /** Whole seconds this try must still wait; 0 means its password may be checked. */
  secondsToWait(attempt: LoginTry): Promise<number>;
  recordFailure(attempt: LoginTry): Promise<void>;
  recordSuccess(attempt: LoginTry): Promise<void>;
}

/** The wait after `beyondFree` failures past the free ones (1 or more). */
export function waitSeconds(beyondFree: number): number {
  return Math.min(LOGIN_THROTTLE.maxWaitSeconds, 2 ** (beyondFree - 1));
}

export function createLoginThrottle(options: {
  db: Database;
  count: RateLimitCounter;
}): LoginThrottle {
  const { db, count } = options;

  /** What a try is counted under: its address, and its account from that address. */
  const scopesOf = (attempt: LoginTry) => {
    const address = clientOfIp(attempt.address);
    const account = attempt.email.trim().toLowerCase();
    return {
      address: countedAs(`address ${address}`, LOGIN_THROTTLE.freeFailuresPerAddress),
      account: countedAs(`account ${account} ${address}`, LOGIN_THROTTLE.freeFailuresPerAccount),
    };
  };

  return {
    async secondsToWait(attempt) {
      const now = new Date();
      const waits = Object.values(scopesOf(attempt)).map((scope) => scope.wait);
      const until = await runningUntil(db, waits, now);
      return until ? Math.ceil((until.getTime() - now.getTime()) / 1000) : 0;
    },

    async recordFailure(attempt) {
      for (const scope of Object.values(scopesOf(attempt))) {
        const failures = await count(scope.failures, LOGIN_THROTTLE.failureWindowMs);
        if (failures.current > scope.free) {
          // Tries are only checked once the last wait is over, so this window starts afresh
          // and ends when the next try is allowed.
          await count(scope.wait, waitSeconds(failures.current - scope.free) * 1000);
        }
      }
    },

    async recordSuccess(attempt) {
      const { account } = scopesOf(attempt);
      await clearCounters(db, [account.failures, account.wait]);
    },
  };
}

/** One thing counted: its failures' counter, the counter of its current wait, its free failures. */
function countedAs(what: string, free: number) {
  const id = digest(what);
  return { failures: `login-failures ${id}`, wait: `login-wait ${id}`, free };
}

/** Counter keys hold neither the address nor the e-mail. */
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** The sign-in form's answer to a try that must wait. */
export function tooManyFailuresMessage(seconds: number): string {
  const wait =
    seconds < 120
      ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
      : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many failed sign-in attempts. Please wait ${wait} and try again.`;
}
