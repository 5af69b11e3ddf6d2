import type { AppLoadContext } from 'react-router';

/**
 * A GET through the load context's in-process API, as the visitor, for loaders: the JSON and
 * the headers of a successful answer; any other answer throws, and the caller decides what a
 * failure shows.
 */
export async function getApiJsonWithHeaders<T>(
  context: AppLoadContext,
  path: string,
): Promise<{ json: T; headers: Headers }> {
  const response = await context.apiFetch(path);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return { json: (await response.json()) as T, headers: response.headers };
}

/** The same, when only the JSON matters. */
export async function getApiJson<T>(context: AppLoadContext, path: string): Promise<T> {
  return (await getApiJsonWithHeaders<T>(context, path)).json;
}
