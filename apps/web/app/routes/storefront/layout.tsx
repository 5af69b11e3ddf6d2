import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/layout';
import {
  LazyCookieBanner,
  LazyFooter,
  LazyHeader,
  LazySupportButton,
} from '../../components/lazy-chrome.tsx';
import { ScrollToTop } from '../../components/scroll-to-top.tsx';
import { loadMe } from '../../features/auth/api/me.ts';
import { loadShopContact } from '../../features/content/api/content.ts';
import { LazyAccountLinks } from '../../features/auth/components/lazy-account-links.tsx';
import { LazyCartLink } from '../../features/cart/components/lazy-cart-link.tsx';
import { readCartCount } from '../../features/cart/cart-count.ts';
import { LazyNewsletterSignup } from '../../features/newsletter/components/lazy-newsletter-signup.tsx';
import { loadNotifications } from '../../features/notifications/api/notifications.ts';
import { LazyNotificationsBell } from '../../features/notifications/components/lazy-notifications-bell.tsx';
import { readNotificationIds } from '../../features/notifications/read-cookie.ts';

/** The storefront shell: header, page, footer, cookie banner and Customer Support button. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cookieHeader = request.headers.get('cookie');
  // The bell's list is in the first HTML. Visitors without a session share the page cache's
  // render, made without cookies (nothing read, an empty cart), so this costs one query per
  // cached page, not per visit; their browser then applies their own cookies.
  const [me, notifications, contact] = await Promise.all([
    loadMe(request, context),
    loadNotifications(context),
    loadShopContact(context),
  ]);
  return {
    // Without a Cookie header this may be the shared render, sent to visitors with a cart too:
    // the count is then unknown here (null), and the browser shows it, rather than a wrong 0.
    cartCount: cookieHeader === null ? null : readCartCount(cookieHeader),
    me,
    notifications,
    // The Contacts Data for the header, footer and pages (features/content/shop-contact.ts).
    contact,
    readNotificationIds: [...readNotificationIds(cookieHeader)],
  };
}

/**
 * Moving between pages changes nothing this loader reads: login and logout are full page loads,
 * the cart count follows its cookie in the browser, and the bell keeps its own read state; a
 * change of the contact data shows on the next page load. So plain navigations skip the round
 * trip; form submissions still reload it.
 */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export default function StorefrontLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <LazyHeader
        contact={loaderData.contact}
        accountSlot={<LazyAccountLinks me={loaderData.me} />}
        cartSlot={<LazyCartLink serverCount={loaderData.cartCount} />}
        notificationsSlot={
          <LazyNotificationsBell
            notifications={loaderData.notifications}
            readIds={loaderData.readNotificationIds}
          />
        }
      />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {/* In the flow under the page, or in the window's right margin when there is one. */}
      <LazySupportButton />
      <LazyFooter contact={loaderData.contact} newsletterSlot={<LazyNewsletterSignup />} />
      <LazyCookieBanner />
    </div>
  );
}
