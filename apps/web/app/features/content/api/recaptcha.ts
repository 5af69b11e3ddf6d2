/**
 * reCAPTCHA v3 in the browser: the script is loaded once per page (with this page's CSP nonce)
 * and asked for a token at submit time. Anything that goes wrong answers null, and the form
 * says 'Captcha not available. Please refresh and try again.'
 */

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** How long the script and a token may take before the captcha counts as unavailable. */
const CAPTCHA_TIMEOUT_MS = 10_000;

let loading: Promise<Grecaptcha> | null = null;

/** The nonce the server put on this page's scripts (the browser hides the attribute's value). */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(
      () => reject(new Error(`${what} took longer than ${CAPTCHA_TIMEOUT_MS} ms`)),
      CAPTCHA_TIMEOUT_MS,
    );
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Loads the captcha script (once; a failed load is tried again on the next call). */
export function loadRecaptcha(scriptUrl: string, siteKey: string): Promise<Grecaptcha> {
  if (window.grecaptcha) return Promise.resolve(window.grecaptcha);
  loading ??= withTimeout(
    new Promise<Grecaptcha>((resolve, reject) => {
      const url = new URL(scriptUrl, window.location.href);
      url.searchParams.set('render', siteKey);
      const script = document.createElement('script');
      script.src = url.href;
      script.async = true;
      script.nonce = pageNonce();
      script.onload = () =>
        window.grecaptcha
          ? resolve(window.grecaptcha)
          : reject(new Error('The captcha script loaded without grecaptcha'));
      script.onerror = () => reject(new Error(`The captcha script ${url.origin} did not load`));
      document.head.append(script);
    }),
    'Loading the captcha script',
  ).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** A token for `action`, or null when the captcha cannot be reached (logged). */
export async function captchaToken(
  scriptUrl: string,
  siteKey: string,
  action: string,
): Promise<string | null> {
  try {
    const grecaptcha = await loadRecaptcha(scriptUrl, siteKey);
    await withTimeout(new Promise<void>((resolve) => grecaptcha.ready(resolve)), 'The captcha');
    const token = await withTimeout(grecaptcha.execute(siteKey, { action }), 'A captcha token');
    return token || null;
  } catch (error) {
    console.error('The captcha is not available:', error);
    return null;
  }
}
