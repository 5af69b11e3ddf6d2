import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaConfig } from '../../config/index.ts';
import { createCaptchaOff } from './off.ts';
import type { CaptchaVerifier } from './port.ts';
import { createRecaptchaVerifier } from './recaptcha.ts';

/** The configured captcha: off in embedded mode, reCAPTCHA v3 with RECAPTCHA_SECRET and _SITE_KEY. */
export function createCaptcha(config: CaptchaConfig, log: FastifyBaseLogger): CaptchaVerifier {
  switch (config.kind) {
    case 'off':
      return createCaptchaOff(log);
    case 'recaptcha':
      return createRecaptchaVerifier(config, { log });
  }
}
