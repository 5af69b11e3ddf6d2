import { NEWSLETTER_MESSAGES } from '@labshop/shared/schemas/newsletter';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { confirmByLink, resultStatus, unsubscribeByLink } from './link-actions.ts';

function contextAnswering(status: number) {
  const apiFetch = vi.fn(async () => Response.json({}, { status }));
  return { context: { apiFetch } as unknown as AppLoadContext, apiFetch };
}

describe('unsubscribeByLink', () => {
  it('posts the signed link to the API and answers the page text', async () => {
    const { context, apiFetch } = contextAnswering(200);
    const result = await unsubscribeByLink(context, { email: 'a@lab.example', sig: 'abc' });
    expect(result).toEqual({ ok: true, message: NEWSLETTER_MESSAGES.unsubscribedPage });
    expect(apiFetch).toHaveBeenCalledWith(
      '/api/newsletter/unsubscribe?email=a%40lab.example&sig=abc',
      { method: 'POST' },
    );
    expect(resultStatus(result)).toBe(200);
  });

  it('says a refused link is not valid, and anything else is an error', async () => {
    const refused = await unsubscribeByLink(contextAnswering(403).context, {
      email: 'a@lab.example',
      sig: 'forged',
    });
    expect(refused).toMatchObject({ ok: false, message: NEWSLETTER_MESSAGES.linkInvalid });
    expect(resultStatus(refused)).toBe(403);

    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = await unsubscribeByLink(contextAnswering(500).context, {
      email: 'a@lab.example',
      sig: 'abc',
    });
    expect(failed).toMatchObject({ ok: false, message: NEWSLETTER_MESSAGES.genericError });
  });

  it('does not call the API for an incomplete link', async () => {
    const { context, apiFetch } = contextAnswering(200);
    const result = await unsubscribeByLink(context, { email: 'a@lab.example', sig: '' });
    expect(result).toMatchObject({ ok: false, message: NEWSLETTER_MESSAGES.linkInvalid });
    expect(apiFetch).not.toHaveBeenCalled();
  });
});

describe('confirmByLink', () => {
  const link = { email: 'a@lab.example', name: 'Ann', expires: '1893456000000', sig: 'abc' };

  it('posts the link as JSON and answers the confirmation', async () => {
    const { context, apiFetch } = contextAnswering(200);
    const result = await confirmByLink(context, link);
    expect(result).toEqual({ ok: true, message: NEWSLETTER_MESSAGES.signupConfirmed });
    const [path, init] = apiFetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/newsletter/confirm');
    expect(JSON.parse(init.body as string)).toEqual({ ...link, expires: 1893456000000 });
  });

  it('tells an expired link from a forged one', async () => {
    const expired = await confirmByLink(contextAnswering(410).context, link);
    expect(expired).toMatchObject({ ok: false, message: NEWSLETTER_MESSAGES.linkExpired });
    expect(resultStatus(expired)).toBe(410);
    const forged = await confirmByLink(contextAnswering(403).context, link);
    expect(forged).toMatchObject({ ok: false, message: NEWSLETTER_MESSAGES.linkInvalid });
  });
});
