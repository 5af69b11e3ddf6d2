import type { AppLoadContext } from 'react-router';
import { formResultOf, type PublicFormActionData } from './post-public-form.ts';

/**
 * A storefront form (the contact form, the newsletter sign-up) posted by the browser itself,
 * before or without the page's code: its fields go to the same API call the code makes (JSON,
 * in-process as the visitor, so the same checks, limits and messages apply), and the page shows
 * the server's message or error. After a refusal the page gets the typed text back, so nothing
 * is lost. `status` is the API's (200 for its successes), for the page's answer.
 */
export async function postFormToApi<Field extends string>(
  request: Request,
  context: AppLoadContext,
  path: string,
  fields: readonly Field[],
  texts: { sent: string; failed: string },
): Promise<{ answer: PublicFormActionData<Field>; status: number }> {
  const form = await request.formData();
  const values = Object.fromEntries(
    fields.map((name) => {
      const value = form.get(name);
      return [name, typeof value === 'string' ? value : ''];
    }),
  ) as Record<Field, string>;
  let response: Response;
  try {
    response = await context.apiFetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(values),
    });
  } catch (error) {
    console.error(`POST ${path} failed:`, error);
    return { answer: { result: { ok: false, error: texts.failed }, values }, status: 503 };
  }
  const result = await formResultOf(response, texts);
  return {
    answer: { result, values: result.ok ? null : values },
    status: response.ok ? 200 : response.status,
  };
}
