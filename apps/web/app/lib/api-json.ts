import { data, type AppLoadContext } from 'react-router';

/**
 * A GET through the load context's in-process API, as the visitor, for loaders: the JSON and
 * the headers of a successful answer; any other answer throws, and the caller decides what a
 * failure shows. The API's 503 (the database briefly unreachable) is thrown as a 503 route
 * error, so the page is a 503 too: a load balancer or crawler tries again instead of taking the
 * error page for the page.
 */
export async function getApiJsonWithHeaders<T>(
  context: AppLoadContext,
  path: string,
): Promise<{ json: T; headers: Headers }> {
  const response = await context.apiFetch(path);
  if (response.status === 503) {
    throw data(null, {
      status: 503,
      headers: { 'retry-after': response.headers.get('retry-after') ?? '5' },
    });
  }
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return { json: (await response.json()) as T, headers: response.headers };
}

/** The same, when only the JSON matters. */
export async function getApiJson<T>(context: AppLoadContext, path: string): Promise<T> {
  return (await getApiJsonWithHeaders<T>(context, path)).json;
}
