import { NEWSLETTER_MESSAGES } from '@labshop/shared/schemas/newsletter';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsletterSignup } from './newsletter-signup.tsx';

let answer: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  answer = () => Response.json({ message: NEWSLETTER_MESSAGES.signupThanks }, { status: 202 });
  fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  render(<NewsletterSignup />);
}

describe('NewsletterSignup', () => {
  it('checks the address, then posts the name, the address and the trap field', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(NEWSLETTER_MESSAGES.emailRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Name (optional)'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann@lab.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText(NEWSLETTER_MESSAGES.signupThanks)).toBeTruthy();
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/newsletter/signup');
    expect(JSON.parse(init.body as string)).toEqual({
      displayName: 'Ann',
      email: 'ann@lab.example',
      companyFax: '',
    });
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('');
  });

  it('says nothing when the empty form is tabbed through; a typed address is checked on leaving', async () => {
    renderForm();
    const name = screen.getByLabelText('Name (optional)');
    const email = screen.getByLabelText('E-mail');
    fireEvent.focus(name);
    fireEvent.blur(name);
    fireEvent.focus(email);
    fireEvent.blur(email);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(NEWSLETTER_MESSAGES.emailRequired)).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(email, { target: { value: 'ann@' } });
    fireEvent.blur(email);
    expect(await screen.findByText(NEWSLETTER_MESSAGES.emailInvalid)).toBeTruthy();
    fireEvent.change(email, { target: { value: '' } });
    fireEvent.blur(email);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(NEWSLETTER_MESSAGES.emailInvalid)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's error", async () => {
    answer = () => Response.json({ error: 'Too many requests.' }, { status: 429 });
    renderForm();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann@lab.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    const message = await screen.findByText('Too many requests.');
    expect(message.closest('[aria-live]')?.getAttribute('aria-live')).toBe('assertive');
  });
});
