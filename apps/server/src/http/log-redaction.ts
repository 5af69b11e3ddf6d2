import type { FastifyRequest } from 'fastify';

/** Query parameters whose values say nothing about anyone: kept in the logged URL. */
const HARMLESS_QUERY_PARAMETERS = new Set(['page', 'limit', 'reason']);

/**
 * Login-in-progress paths of the embedded provider whose next segment is the interaction id,
 * which is also the value of its `_interaction` cookie.
 */
const OIDC_ID_PATH = /^(\/oidc\/(?:interaction|auth)\/)[^/?]+/;

const CENSOR = '[redacted]';

/**
 * A request URL as the logs may keep it: query values replaced (customers' e-mail addresses
 * and searches, signed links, login codes and states travel there), except page and limit;
 * the embedded provider's interaction ids masked.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const pathname = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(
    OIDC_ID_PATH,
    `$1${CENSOR}`,
  );
  if (queryStart === -1) return pathname;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator === -1 ? pair : pair.slice(0, separator);
      if (separator === -1 || HARMLESS_QUERY_PARAMETERS.has(name)) return pair;
      return `${name}=${CENSOR}`;
    })
    .join('&');
  return `${pathname}?${query}`;
}

/** Fastify's request log serializer, with the URL redacted (and no headers, as Fastify's). */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
