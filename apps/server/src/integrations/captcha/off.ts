import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaVerifier } from './port.ts';

/** Embedded mode: no captcha. Every submission passes; the first one says so in the log. */
export function createCaptchaOff(log: FastifyBaseLogger): CaptchaVerifier {
  let told = false;
  return {
    kind: 'off',
    async verify({ action }) {
      if (!told) {
        told = true;
        log.info(
          { action },
          'captcha is off (no RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY): form submissions are not checked for bots',
        );
      }
      return { outcome: 'accepted', score: null };
    },
  };
}
