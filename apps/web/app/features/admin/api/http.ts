/**
 * The admin screens' way to the API: relative URLs only (the session cookie goes with
 * same-origin requests, and the server refuses cross-site cookie writes). An answer that is not
 * ok becomes an ApiError carrying the server's `{ error }` text, else the status text.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as unknown;
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const { error } = body as { error: unknown };
      if (typeof error === 'string' && error.trim() !== '') return error;
    }
  } catch {
    // Not JSON (a proxy's error page, an empty body): fall back to the status.
  }
  return response.statusText || `Request failed with status ${response.status}`;
}

/** Sends a request to the shop's API and answers the response, or throws an ApiError. */
export async function apiRequest(path: string, init: RequestInit = {}): Promise<Response> {
  if (!path.startsWith('/api/')) throw new Error(`Not an API path: ${path}`);
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(await errorMessage(response), response.status);
  return response;
}

/** apiRequest for an answer with a JSON body. */
export async function apiJson<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await apiRequest(path, init);
  return (await response.json()) as T;
}

/**
 * The lines of a failed write: the spec's message, then the server's reason when it gave one
 * (a field message, 'Only JPG images are allowed', a lost session).
 */
export function failureLines(error: unknown, message: string): string[] {
  const reason = error instanceof ApiError ? error.message.trim() : '';
  return reason && reason !== message ? [message, reason] : [message];
}

/** The message to show for a failed call: the server's text, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/** A request with a JSON body (fields left undefined are not sent). */
export function jsonRequest(method: 'POST' | 'PUT' | 'PATCH', value: unknown): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  };
}
