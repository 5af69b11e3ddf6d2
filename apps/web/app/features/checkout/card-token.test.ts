import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cardStateFromMessage, NO_CARD, normalizeExpiry, useCardToken } from './card-token.ts';

const ORIGIN = 'https://fts-uat.cardconnect.com';

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

function frame(): HTMLIFrameElement {
  const element = document.createElement('iframe');
  document.body.append(element);
  return element;
}

describe('cardStateFromMessage', () => {
  const frameWindow = {} as Window;
  const from = (data: unknown, origin = ORIGIN, source: unknown = frameWindow) =>
    cardStateFromMessage({ data, origin, source: source as Window }, frameWindow, ORIGIN);

  it('takes the token and expiry from the frame', () => {
    expect(from(JSON.stringify({ message: '9418594164541111', expiry: '1228' }))).toEqual({
      token: '9418594164541111',
      expiry: '1228',
      validationError: null,
    });
  });

  it('ignores messages from another origin or another window', () => {
    const data = JSON.stringify({ message: '9418594164541111' });
    expect(from(data, 'https://evil.example')).toBeNull();
    expect(from(data, ORIGIN, {} as Window)).toBeNull();
    expect(from(data, ORIGIN, null)).toBeNull();
    expect(cardStateFromMessage({ data, origin: ORIGIN, source: null }, null, ORIGIN)).toBeNull();
  });

  it('ignores what is not a tokenizer message', () => {
    expect(from('not json')).toBeNull();
    expect(from(JSON.stringify({ cardTyping: true }))).toBeNull();
    expect(from(42)).toBeNull();
  });

  it('clears the token on a validation error and keeps its text', () => {
    expect(from(JSON.stringify({ message: '', validationError: 'Invalid card number' }))).toEqual({
      token: null,
      expiry: '',
      validationError: 'Invalid card number',
    });
  });

  it('clears the token when the frame posts an empty one', () => {
    expect(from(JSON.stringify({ message: '' }))).toEqual(NO_CARD);
  });
});

describe('normalizeExpiry', () => {
  it('keeps 4 or 6 digits and drops anything else', () => {
    expect(normalizeExpiry('12/28')).toBe('1228');
    expect(normalizeExpiry('202812')).toBe('202812');
    expect(normalizeExpiry('2028-12-01')).toBe('');
    expect(normalizeExpiry(undefined)).toBe('');
  });
});

describe('useCardToken', () => {
  it("keeps the frame's latest token and ignores other senders", () => {
    const element = frame();
    const ref = { current: element };
    const { result } = renderHook(() => useCardToken(ref, ORIGIN));
    expect(result.current).toEqual(NO_CARD);

    const post = (data: unknown, origin: string, source: Window | null) =>
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
      });

    post(JSON.stringify({ message: '9411111111111111', expiry: '1228' }), ORIGIN, window);
    expect(result.current.token).toBeNull();
    post(
      JSON.stringify({ message: '9411111111111111', expiry: '1228' }),
      'https://x.example',
      element.contentWindow,
    );
    expect(result.current.token).toBeNull();

    post(
      JSON.stringify({ message: '9411111111111111', expiry: '1228' }),
      ORIGIN,
      element.contentWindow,
    );
    expect(result.current).toEqual({
      token: '9411111111111111',
      expiry: '1228',
      validationError: null,
    });

    post(
      JSON.stringify({ message: '', validationError: 'Invalid card' }),
      ORIGIN,
      element.contentWindow,
    );
    expect(result.current).toEqual({ token: null, expiry: '', validationError: 'Invalid card' });
  });
});
