import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../core/app-error.ts';

/**
 * Who may call a route. Every route under /api declares one in its config (`access`); the app
 * refuses to start otherwise, so no endpoint is open by omission. 'user' and 'admin' routes get
 * a guard that runs first, before the body is even parsed: 401 without a user, 403 without the
 * administrator role; their answers are sent with `Cache-Control: private, no-store`.
 */
export type RouteAccess = 'public' | 'user' | 'admin';

/** The signed-in caller, from the session cookie or a Bearer token. */
export interface RequestUser {
  subject: string;
  email: string | null;
  /** The identity provider vouches for `email` (the account links a lab by it). */
  emailVerified: boolean;
  name: string | null;
  isAdmin: boolean;
  /** How the caller proved who they are. */
  via: 'session' | 'bearer';
}

export interface AccessTableEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The caller, looked up once per request on first use; null for anonymous callers. */
    currentUser(): Promise<RequestUser | null>;
  }
  interface FastifyInstance {
    /** Every route with its declared access, for the route-table test and the docs. */
    readonly accessTable: readonly AccessTableEntry[];
  }
}

export interface AccessOptions {
  resolveUser(request: FastifyRequest): Promise<RequestUser | null>;
  /** The site origin: cookie-authenticated writes must come from it. */
  siteOrigin: string;
}

export const MESSAGES = {
  signInRequired: 'Please log in to continue.',
  tokenInvalid: 'The access token is not valid or has expired.',
  adminRequired: 'Only administrators may do this.',
  crossSite: 'Cross-site requests are not accepted.',
  formBody: 'Changes made with the session cookie must be sent as JSON or as a file upload.',
} as const;

/**
 * Bodies an HTML form on another site can send without the browser asking first (CORS-safelisted
 * content types, multipart aside, which the admin's uploads need): never accepted with the
 * session cookie.
 */
const FORM_MEDIA_TYPES = new Set(['text/plain', 'application/x-www-form-urlencoded']);

/** Methods that change nothing: no forgery check. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const access = fp(
  async (app: FastifyInstance, options: AccessOptions) => {
    const table: AccessTableEntry[] = [];
    app.decorate('accessTable', table);

    app.decorateRequest('currentUser', async () => null);
    app.addHook('onRequest', async (request) => {
      let lookup: Promise<RequestUser | null> | undefined;
      request.currentUser = () => (lookup ??= options.resolveUser(request));
    });

    // What a signed-in caller or an administrator is answered is theirs (customers' data,
    // live sync state): no browser or proxy may keep it. A route may still say otherwise.
    const guards: Record<'user' | 'admin', onRequestHookHandler> = {
      user: async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        await requireUser(request, options.siteOrigin);
      },
      admin: async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const user = await requireUser(request, options.siteOrigin);
        if (!user.isAdmin) throw new AppError('forbidden', MESSAGES.adminRequired);
      },
    };

    app.addHook('onRoute', (route) => {
      const declared = route.config?.access;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!declared && isApiRoute(route.url)) {
        throw new Error(
          `${methods.join(',')} ${route.url} declares no access level (config.access)`,
        );
      }
      const level = declared ?? 'public';
      for (const method of methods) table.push({ method, url: route.url, access: level });
      if (level === 'public') return;
      const existing = route.onRequest ?? [];
      route.onRequest = [guards[level], ...(Array.isArray(existing) ? existing : [existing])];
    });
  },
  { name: 'access' },
);

function isApiRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

async function requireUser(request: FastifyRequest, siteOrigin: string): Promise<RequestUser> {
  const user = await request.currentUser();
  if (!user) {
    throw new AppError(
      'unauthorized',
      request.headers.authorization ? MESSAGES.tokenInvalid : MESSAGES.signInRequired,
    );
  }
  // The cookie is SameSite=Lax; an Origin check on writes closes the remaining gaps
  // (same-site subdomains, old browsers), and form-like bodies are refused outright.
  if (user.via === 'session' && !SAFE_METHODS.has(request.method)) {
    if (isForeignRequest(request, siteOrigin)) {
      throw new AppError('forbidden', MESSAGES.crossSite);
    }
    const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== undefined && FORM_MEDIA_TYPES.has(mediaType)) {
      throw new AppError('unsupported_media_type', MESSAGES.formBody);
    }
  }
  return user;
}

/**
 * Whether the browser says this request was started by another site: Sec-Fetch-Site other than
 * same-origin or none, an Origin other than the site's (including `null`), or, without Origin,
 * a Referer from elsewhere. A request with none of them comes from no browser (browsers send
 * Origin on every cross-site write), so it is no forgery and passes.
 */
export function isForeignRequest(request: FastifyRequest, siteOrigin: string): boolean {
  if (isCrossSiteFetch(request.headers['sec-fetch-site'])) return true;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== siteOrigin;
  const referer = request.headers.referer;
  if (referer === undefined) return false;
  try {
    return new URL(referer).origin !== siteOrigin;
  } catch {
    return true;
  }
}

/**
 * Whether the browser says another site started this request (Fetch Metadata's
 * Sec-Fetch-Site): anything but same-origin or none (typed in, a bookmark). A request without
 * the header (an old browser, a script) is not judged here.
 */
export function isCrossSiteFetch(secFetchSite: string | string[] | undefined): boolean {
  if (secFetchSite === undefined) return false;
  const value = Array.isArray(secFetchSite) ? secFetchSite.join(',') : secFetchSite;
  return value !== 'same-origin' && value !== 'none';
}

/** A route guarded 'user' or 'admin' has its caller: the guard ran before the handler. */
export async function callerOf(request: FastifyRequest): Promise<RequestUser> {
  const user = await request.currentUser();
  if (!user) throw new Error('a signed-in route was reached without a user');
  return user;
}
