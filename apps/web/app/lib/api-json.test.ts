import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getApiJson } from './api-json.ts';

/** A load context whose in-process API answers `response` to every call. */
const contextAnswering = (response: Response) =>
  ({ apiFetch: () => Promise.resolve(response) }) as unknown as AppLoadContext;

/** What a loader throws, as React Router sees it once the loader has thrown. */
async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the call did not throw');
}

describe('getApiJson', () => {
  it('answers the JSON of a successful answer', async () => {
    const context = contextAnswering(Response.json({ total: 2 }));
    await expect(getApiJson(context, '/api/products')).resolves.toEqual({ total: 2 });
  });

  it("throws the API's 503 on as a 503 with Retry-After, so the page is a 503 too", async () => {
    const unavailable = Response.json(
      { error: 'The shop is briefly unavailable. Please try again in a moment.' },
      { status: 503, headers: { 'retry-after': '5' } },
    );
    const thrown = await thrownBy(getApiJson(contextAnswering(unavailable), '/api/products'));
    // React Router turns a thrown data() into the route error response the error page gets.
    expect(thrown).toMatchObject({ type: 'DataWithResponseInit', init: { status: 503 } });
    const init = (thrown as { init: ResponseInit }).init;
    expect(new Headers(init.headers).get('retry-after')).toBe('5');
  });

  it('throws any other failure as an error naming the call', async () => {
    const failed = Response.json({ error: 'x' }, { status: 500 });
    const thrown = await thrownBy(getApiJson(contextAnswering(failed), '/api/products'));
    expect(thrown).toBeInstanceOf(Error);
    expect(String(thrown)).toContain('GET /api/products answered 500');
  });
});
