import { addToCart, parseCartCookie } from '@labshop/shared/cart-cookie';
import { COOKIES } from '@labshop/shared/constants';
import type {
  AccountAnswer,
  AccountOrder,
  AccountOrdersAnswer,
  ReorderAnswer,
} from '@labshop/shared/schemas/account';
import { data, redirect, type AppLoadContext } from 'react-router';
import { readCookie } from '../../lib/cookies.ts';
import { loginUrl } from '../auth/api/me.ts';
import { cartCookieLine } from '../cart/cart-actions.server.ts';

/**
 * The account pages' calls, made on the server as the visitor (in-process): an anonymous
 * visitor is sent to login and back to the same address; another lab's order is a 404 page.
 */
export async function accountCall<T>(
  request: Request,
  context: AppLoadContext,
  path: string,
): Promise<T> {
  const response = await context.apiFetch(path);
  if (response.status === 401) {
    const url = new URL(request.url);
    throw redirect(loginUrl(`${url.pathname}${url.search}`));
  }
  if (response.status === 404) throw data(null, { status: 404 });
  if (!response.ok) throw data(null, { status: response.status >= 500 ? 503 : response.status });
  return (await response.json()) as T;
}

/**
 * Times as the shop says them ('Nov 28, 2026, 3:04 PM'), in its time zone, formatted on the
 * server so the browser shows the same text: one formatter for a page's times.
 */
function shopTimes(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  return (iso) => format.format(new Date(iso));
}

/** A day Business Central dates a shipment or invoice by (UTC midnight): the day alone. */
const erpDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** /account: the user, their lab, and a page of the lab's orders (?q=, ?page=). */
export async function loadAccountPage(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const search = url.searchParams.get('q')?.trim().slice(0, 100) ?? '';
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const query = new URLSearchParams({ search, page: String(page) });
  const [account, orders] = await Promise.all([
    accountCall<AccountAnswer>(request, context, '/api/account'),
    accountCall<AccountOrdersAnswer>(request, context, `/api/account/orders?${query}`),
  ]);
  const shopTime = shopTimes(context.publicConfig.shopTimeZone);
  return {
    account,
    search,
    orders: {
      ...orders,
      orders: orders.orders.map((order) => ({
        ...order,
        placedAtText: shopTime(order.placedAt),
      })),
    },
  };
}

/** /account/orders/:number: one of the lab's orders. */
export async function loadAccountOrder(request: Request, context: AppLoadContext, number: string) {
  const order = await accountCall<AccountOrder>(
    request,
    context,
    `/api/account/orders/${encodeURIComponent(number)}`,
  );
  const shopTime = shopTimes(context.publicConfig.shopTimeZone);
  return {
    order: {
      ...order,
      placedAtText: shopTime(order.placedAt),
      timeline: order.timeline.map((step) => ({
        ...step,
        atText: step.at
          ? step.dateOnly
            ? erpDay.format(new Date(step.at))
            : shopTime(step.at)
          : null,
      })),
      statusCheckedAtText: order.statusCheckedAt ? shopTime(order.statusCheckedAt) : null,
      // A day (YYYY-MM-DD), said as the day itself.
      dueOnText: order.payment.dueOn
        ? erpDay.format(new Date(`${order.payment.dueOn}T00:00:00Z`))
        : null,
    },
  };
}

/**
 * 'Buy again' (a plain form post, so it works before the page's code has loaded): puts the
 * order's products still for sale in the cart cookie, adding to what it holds. With nothing left
 * out it goes on to the cart; otherwise the order page says what was left out and why.
 */
export async function reorderAction(request: Request, context: AppLoadContext, number: string) {
  const answer = await accountCall<ReorderAnswer>(
    request,
    context,
    `/api/account/orders/${encodeURIComponent(number)}/reorder`,
  );
  const headers = new Headers();
  if (answer.add.length > 0) {
    const entries = parseCartCookie(readCookie(COOKIES.cart, request.headers.get('cookie')));
    headers.append(
      'set-cookie',
      cartCookieLine(new URL(request.url), addToCart(entries, answer.add)),
    );
  }
  if (answer.leftOut.length === 0) throw redirect('/cart', { status: 303, headers });
  return data({ reorder: answer }, { headers });
}
