import {
  addToCart,
  CART_COOKIE_MAX_VALUE_LENGTH,
  parseCartCookie,
  serializeCartCookie,
} from '@labshop/shared/cart-cookie';
import { COOKIES } from '@labshop/shared/constants';
import { QUICK_ORDER_MAX_TEXT_LENGTH, QUICK_ORDER_MESSAGES } from '@labshop/shared/quick-order';
import { data, redirect, type AppLoadContext } from 'react-router';
import { readCookie } from '../../lib/cookies.ts';
import { cartCookieLine } from '../cart/cart-actions.server.ts';
import { postQuickOrder } from './api/quick-order.ts';
import {
  QUICK_ORDER_FIELDS,
  QUICK_ORDER_PAGE_MESSAGES,
  type QuickOrderPosted,
} from './quick-order-form-fields.ts';

/**
 * The most a posted form may be: the text and a CSV file, each up to the API's length, in
 * UTF-8 and multipart dress. The page's server reads a form whole, so a bigger one is refused
 * before it is read.
 */
const MAX_FORM_BYTES = 4 * QUICK_ORDER_MAX_TEXT_LENGTH;

/**
 * 'Add N products to cart', posted by the browser itself, before or after the page's code has
 * started: the typed text and the CSV file's are resolved by the same API call the page makes
 * (in-process, as the visitor, so at their price tier), the lines that can go into the cart go
 * in (quantities added to products it holds, as cart-cookie.ts's addToCart does), and the
 * visitor goes to the cart (303, so a reload does not post again). When no line can, or the
 * text cannot be resolved, the page is shown again with the lines and the error (4xx).
 */
export async function quickOrderAction(request: Request, context: AppLoadContext) {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (!(declared <= MAX_FORM_BYTES)) {
    return posted({ text: '', answer: null, error: QUICK_ORDER_MESSAGES.textTooLong }, 413);
  }
  const form = await request.formData();
  const typed = form.get(QUICK_ORDER_FIELDS.text);
  const file = form.get(QUICK_ORDER_FIELDS.file);
  const text = [
    typeof typed === 'string' ? typed : '',
    file instanceof File ? await file.text() : '',
  ]
    .filter((part) => part.trim() !== '')
    .join('\n')
    // A form sends a textarea's lines ended by CRLF; the page's textarea holds them with LF.
    .replace(/\r\n?/g, '\n');
  if (text === '')
    return posted({ text, answer: null, error: QUICK_ORDER_PAGE_MESSAGES.empty }, 400);

  const result = await postQuickOrder(context.apiFetch, text);
  if (result.answer === null) {
    return posted({ text, answer: null, error: result.error }, result.status);
  }
  const { answer } = result;
  const ready = answer.lines.flatMap((line) =>
    line.error === null && line.title !== null && line.quantity !== null
      ? [{ number: line.number, title: line.title, quantity: line.quantity }]
      : [],
  );
  if (ready.length === 0) {
    return posted({ text, answer, error: QUICK_ORDER_PAGE_MESSAGES.nothingToAdd }, 400);
  }
  const entries = parseCartCookie(readCookie(COOKIES.cart, request.headers.get('cookie')));
  const next = addToCart(entries, ready);
  if (serializeCartCookie(next).length > CART_COOKIE_MAX_VALUE_LENGTH) {
    return posted({ text, answer, error: QUICK_ORDER_PAGE_MESSAGES.tooManyForCart }, 400);
  }
  throw redirect('/cart', {
    status: 303,
    headers: { 'set-cookie': cartCookieLine(new URL(request.url), next) },
  });
}

function posted(answer: QuickOrderPosted, status: number) {
  return data(answer, { status });
}
