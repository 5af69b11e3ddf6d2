import { parseTokenizerMessage } from '@labshop/shared/schemas/checkout';
import { useEffect, useState, type RefObject } from 'react';

/** What the card tokenizer frame reported last: a token (with its expiry) or a problem. */
export interface CardTokenState {
  /** The card token; null until a valid card was entered, and after an invalid one. */
  token: string | null;
  /** MMYY or YYYYMM as the frame reported it, '' when it did not. */
  expiry: string;
  /** The frame's text for an invalid card, shown under the frame. */
  validationError: string | null;
}

export const NO_CARD: CardTokenState = { token: null, expiry: '', validationError: null };

/** The expiry as the payment call takes it: 4 or 6 digits, else '' (the format varies). */
export function normalizeExpiry(expiry: string | undefined): string {
  const digits = (expiry ?? '').replace(/\D/g, '');
  return digits.length === 4 || digits.length === 6 ? digits : '';
}

/**
 * The card state after one message event, or null when the event is not the tokenizer's: only
 * messages from the frame's origin AND from the frame's own window count (any page could post
 * a string to us, and another frame could share the origin).
 */
export function cardStateFromMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  frameWindow: Window | null | undefined,
  tokenizerOrigin: string,
): CardTokenState | null {
  if (!frameWindow || event.source !== frameWindow) return null;
  if (event.origin !== tokenizerOrigin) return null;
  const message = parseTokenizerMessage(event.data);
  if (!message) return null;
  if (message.validationError) {
    return { token: null, expiry: '', validationError: message.validationError };
  }
  const token = message.message?.trim() ?? '';
  if (!token) return NO_CARD;
  return { token, expiry: normalizeExpiry(message.expiry), validationError: null };
}

/** Listens for the tokenizer frame's messages and keeps the latest token or problem. */
export function useCardToken(
  frameRef: RefObject<HTMLIFrameElement | null>,
  tokenizerOrigin: string,
): CardTokenState {
  const [state, setState] = useState<CardTokenState>(NO_CARD);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const next = cardStateFromMessage(event, frameRef.current?.contentWindow, tokenizerOrigin);
      if (next) setState(next);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frameRef, tokenizerOrigin]);
  return state;
}
