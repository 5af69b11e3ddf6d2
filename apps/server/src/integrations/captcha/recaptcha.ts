import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaConfig } from '../../config/index.ts';
import type { CaptchaVerdict, CaptchaVerifier } from './port.ts';

export type RecaptchaConfig = Extract<CaptchaConfig, { kind: 'recaptcha' }>;

export interface RecaptchaOptions {
  log: FastifyBaseLogger;
  /** Longest wait for siteverify's answer. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;

/** The siteverify answer (HTTP 200 even when the token is refused). */
interface SiteverifyAnswer {
  success?: unknown;
  score?: unknown;
  action?: unknown;
  hostname?: unknown;
  challenge_ts?: unknown;
  'error-codes'?: unknown;
}

/** Error codes that mean our request is wrong (secret, format), not the visitor's token. */
const OUR_FAULT = new Set(['missing-input-secret', 'invalid-input-secret', 'bad-request']);

/**
 * reCAPTCHA v3 (https://developers.google.com/recaptcha/docs/verify). A token is accepted only
 * when Google says success, it was made for the expected action on our hostname, and its score
 * reaches the minimum. When Google cannot be asked, or refuses our secret, the verdict is
 * 'unavailable': the form is refused rather than let through (fail closed).
 */
export function createRecaptchaVerifier(
  config: RecaptchaConfig,
  options: RecaptchaOptions,
): CaptchaVerifier {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { log } = options;

  const ask = async (token: string, remoteIp?: string): Promise<SiteverifyAnswer | string> => {
    const body = new URLSearchParams({ secret: config.secret, response: token });
    if (remoteIp) body.set('remoteip', remoteIp);
    try {
      const response = await fetch(config.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return `siteverify answered HTTP ${response.status}`;
      const answer: unknown = await response.json();
      if (typeof answer !== 'object' || answer === null) return 'siteverify answered no object';
      return answer as SiteverifyAnswer;
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : error instanceof Error
            ? ((error.cause as Error | undefined)?.message ?? error.message)
            : String(error);
      return `siteverify could not be reached: ${reason}`;
    }
  };

  return {
    kind: 'recaptcha',
    async verify({ token, action, remoteIp }): Promise<CaptchaVerdict> {
      if (!token) {
        return { outcome: 'rejected', reason: 'missing-token', score: null, detail: 'no token' };
      }
      const answer = await ask(token, remoteIp);
      if (typeof answer === 'string') {
        log.error({ verifyUrl: config.verifyUrl }, `reCAPTCHA: ${answer}`);
        return { outcome: 'unavailable', detail: answer };
      }
      const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : [];
      const score = typeof answer.score === 'number' ? answer.score : null;
      if (answer.success !== true) {
        if (codes.some((code) => OUR_FAULT.has(code))) {
          const detail = `siteverify refused the request (${codes.join(', ')}); check RECAPTCHA_SECRET`;
          log.error(`reCAPTCHA: ${detail}`);
          return { outcome: 'unavailable', detail };
        }
        return {
          outcome: 'rejected',
          reason: 'invalid-token',
          score,
          detail: codes.length > 0 ? codes.join(', ') : 'not successful',
        };
      }
      if (answer.action !== action) {
        return {
          outcome: 'rejected',
          reason: 'wrong-action',
          score,
          detail: `token made for action "${String(answer.action)}", expected "${action}"`,
        };
      }
      if (answer.hostname !== config.hostname) {
        return {
          outcome: 'rejected',
          reason: 'wrong-hostname',
          score,
          detail: `token made on "${String(answer.hostname)}", expected "${config.hostname}"`,
        };
      }
      if (score === null || score < config.minScore) {
        return {
          outcome: 'rejected',
          reason: 'low-score',
          score,
          detail: `score ${String(score)} is below ${config.minScore}`,
        };
      }
      return { outcome: 'accepted', score };
    },
  };
}
