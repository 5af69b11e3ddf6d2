/** What a storefront form shows after sending: the server's text, or a fallback. */
export type PublicFormResult = { ok: true; message: string } | { ok: false; error: string };

/** What a storefront form's page gets back from its action: the outcome, and what was typed. */
export interface PublicFormActionData<Field extends string> {
  result: PublicFormResult;
  /** The fields as posted, to fill the form again after a refusal; null once sent. */
  values: Record<Field, string> | null;
}

/**
 * POSTs a storefront form's JSON (the contact form, the newsletter sign-up) and answers the
 * server's `message` or `error` text. A failure without one (the network, a proxy's error page)
 * becomes `texts.failed`; a success without one, `texts.sent`.
 */
export async function postPublicForm(
  path: string,
  body: unknown,
  texts: {
    sent: string;
    failed: string;
    /** For the console, e.g. 'The newsletter sign-up'. */ what: string;
  },
): Promise<PublicFormResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch (error) {
    console.error(`${texts.what} failed:`, error);
    return { ok: false, error: texts.failed };
  }
  return formResultOf(response, texts);
}

/** What a form shows for the API's answer: its `message` or `error`, or `texts` without one. */
export async function formResultOf(
  response: Response,
  texts: { sent: string; failed: string },
): Promise<PublicFormResult> {
  const text = await readAnswerText(response, response.ok ? 'message' : 'error');
  if (response.ok) return { ok: true, message: text ?? texts.sent };
  return { ok: false, error: text ?? texts.failed };
}

/** The answer's `message` or `error` text, if it has one. */
async function readAnswerText(
  response: Response,
  field: 'message' | 'error',
): Promise<string | null> {
  try {
    const body = (await response.json()) as Record<string, unknown> | null;
    const value = body?.[field];
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  } catch {
    return null;
  }
}
