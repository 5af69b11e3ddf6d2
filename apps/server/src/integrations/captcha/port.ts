/**
 * The bot check on public forms (the contact form; checkout in issue 6). Embedded mode has it
 * off; production uses reCAPTCHA v3, whose token the browser gets for one named action.
 */
export interface CaptchaVerifier {
  /** 'off' accepts everything; the page then loads no captcha script and sends no token. */
  readonly kind: 'off' | 'recaptcha';
  /**
   * Checks a token the browser got for `action` (e.g. 'contact_submit', 'payment').
   * Never throws: an unreachable verifier is the 'unavailable' verdict (the caller fails
   * closed).
   */
  verify(request: CaptchaRequest): Promise<CaptchaVerdict>;
}

export interface CaptchaRequest {
  /** The token from the browser; absent or empty is refused when the captcha is on. */
  token: string | undefined;
  /** The action the token must have been made for. */
  action: string;
  /** The visitor's IP, passed on to the verifier. */
  remoteIp?: string;
}

export type CaptchaRejection =
  /** No token was sent. */
  | 'missing-token'
  /** The verifier refused the token: invalid, expired or used before. */
  | 'invalid-token'
  /** The token was made for another action. */
  | 'wrong-action'
  /** The token was made on another site. */
  | 'wrong-hostname'
  /** The verifier thinks a bot sent it (score below the configured minimum). */
  | 'low-score';

export type CaptchaVerdict =
  | { outcome: 'accepted'; score: number | null }
  | { outcome: 'rejected'; reason: CaptchaRejection; score: number | null; detail: string }
  | { outcome: 'unavailable'; detail: string };
