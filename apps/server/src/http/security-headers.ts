import { randomFillSync } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's CSP nonce; SSR puts it on every inline script it writes. */
    cspNonce: string;
  }
}

export interface SecurityHeadersOptions {
  /** HTTPS deployments get HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** Vite's dev server needs inline scripts and a websocket; production never does. */
  development: boolean;
  /** Extra origins a page may frame (the captcha) or load images from (map tiles). */
  frameOrigins?: string[];
  /**
   * The card tokenizer frame's origin (CardPointe's hosted tokenizer, or this site itself for
   * the sandbox tokenizer); added to frame-src.
   */
  tokenizerOrigin?: string;
  imageOrigins?: string[];
  /** Extra origins a page may load scripts from (the captcha). */
  scriptOrigins?: string[];
}

export const securityHeaders = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    await app.register(helmet, {
      // Written below with a per-request nonce.
      contentSecurityPolicy: false,
      hsts: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'deny' },
    });

    app.decorateRequest('cspNonce', '');
    // The policy is the same for every request but for its nonce (none in development): made
    // once with a marker where the nonce goes.
    const policyTemplate = contentSecurityPolicy(NONCE_MARKER, options);
    const nextNonce = nonceSource();
    app.addHook('onRequest', async (request, reply) => {
      request.cspNonce = nextNonce();
      reply.header(
        'content-security-policy',
        policyTemplate.replaceAll(NONCE_MARKER, request.cspNonce),
      );
      reply.header(
        'permissions-policy',
        'camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()',
      );
    });
  },
  { name: 'security-headers' },
);

/** No nonce looks like it (base64 has no NUL). */
const NONCE_MARKER = '\u0000nonce\u0000';
const NONCE_BYTES = 16;
/** Nonces' random bytes are drawn this many at a time: one system call per 256 requests. */
const NONCE_POOL_BYTES = NONCE_BYTES * 256;

/**
 * Fresh CSP nonces: 16 bytes from the system's secure random source each, never reused, taken
 * from a pool filled in one call (a call per request was 2% of the server's time under load).
 */
export function nonceSource(): () => string {
  const pool = Buffer.alloc(NONCE_POOL_BYTES);
  let next = NONCE_POOL_BYTES;
  return () => {
    if (next === NONCE_POOL_BYTES) {
      randomFillSync(pool);
      next = 0;
    }
    const nonce = pool.toString('base64', next, next + NONCE_BYTES);
    next += NONCE_BYTES;
    return nonce;
  };
}

export function contentSecurityPolicy(nonce: string, options: SecurityHeadersOptions): string {
  const scriptSrc = [
    ...(options.development
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
      : ["'self'", `'nonce-${nonce}'`]),
    ...(options.scriptOrigins ?? []),
  ];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': scriptSrc,
    // React writes style attributes and map/carousel libraries set inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Any https host: admins place pictures from elsewhere in text pages and testimonials.
    // Pictures cannot run code; scripts, frames and connections stay on the lists above.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(options.imageOrigins ?? [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': options.development ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    'frame-src': [
      ...new Set([
        "'self'",
        ...(options.frameOrigins ?? []),
        ...(options.tokenizerOrigin ? [options.tokenizerOrigin] : []),
      ]),
    ],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  if (options.https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}
