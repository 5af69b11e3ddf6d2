import { z } from 'zod';
import { numberField, requireAlongside, secretField, urlField, type VarsOf } from './fields.ts';

/** reCAPTCHA v3 on the contact form and at Pay Now; off without its keys. */
export const captchaFields = {
  RECAPTCHA_SECRET: secretField(),
  RECAPTCHA_SITE_KEY: z
    .string()
    .regex(/^[\w-]+$/, 'must be the site key Google shows (letters, digits, - and _)')
    .optional(),
  RECAPTCHA_VERIFY_URL: urlField({ default: 'https://www.google.com/recaptcha/api/siteverify' }),
  RECAPTCHA_SCRIPT_URL: urlField({ default: 'https://www.google.com/recaptcha/api.js' }),
  RECAPTCHA_MIN_SCORE: numberField({
    of: 'a number from 0 to 1',
    min: 0,
    max: 1,
    outOfRange: 'must be a number from 0 to 1',
    default: 0.5,
  }),
};

/** reCAPTCHA v3, or off (embedded mode: every submission passes, logged once). */
export type CaptchaConfig =
  | { kind: 'off'; scriptUrl: string }
  | {
      kind: 'recaptcha';
      secret: string;
      siteKey: string;
      verifyUrl: string;
      /** The browser's script (`?render=<siteKey>` is added by the page). */
      scriptUrl: string;
      /** Lowest score accepted (0.0 bot .. 1.0 human). */
      minScore: number;
      /** The hostname Google must report: PUBLIC_URL's. */
      hostname: string;
    };

export interface CaptchaSettings {
  captcha: CaptchaConfig;
}

/** The captcha is on only with both its secret and its site key. */
export function captchaSettings(
  vars: VarsOf<typeof captchaFields>,
  publicUrl: URL,
): CaptchaSettings {
  if (!vars.RECAPTCHA_SECRET && !vars.RECAPTCHA_SITE_KEY) {
    return { captcha: { kind: 'off', scriptUrl: vars.RECAPTCHA_SCRIPT_URL } };
  }
  if (vars.RECAPTCHA_SECRET) requireAlongside(vars, 'RECAPTCHA_SECRET', ['RECAPTCHA_SITE_KEY']);
  else requireAlongside(vars, 'RECAPTCHA_SITE_KEY', ['RECAPTCHA_SECRET']);
  return {
    captcha: {
      kind: 'recaptcha',
      secret: vars.RECAPTCHA_SECRET ?? '',
      siteKey: vars.RECAPTCHA_SITE_KEY ?? '',
      verifyUrl: vars.RECAPTCHA_VERIFY_URL,
      scriptUrl: vars.RECAPTCHA_SCRIPT_URL,
      minScore: vars.RECAPTCHA_MIN_SCORE,
      hostname: publicUrl.hostname,
    },
  };
}
