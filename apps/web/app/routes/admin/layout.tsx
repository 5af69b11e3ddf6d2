import type { PageHandle } from '@labshop/shared/load-context';
import type { Me } from '@labshop/shared/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { data, isRouteErrorResponse, Link, Outlet, redirectDocument } from 'react-router';
import type { Route } from './+types/layout';
import { Header } from '../../components/header.tsx';
import { ScrollToTop } from '../../components/scroll-to-top.tsx';
import { AdminSidebar } from '../../features/admin/components/admin-sidebar.tsx';
import { ConfirmProvider } from '../../features/admin/components/confirm-dialog.tsx';
import { loadMe, loginUrl } from '../../features/auth/api/me.ts';
import { AccountLinks } from '../../features/auth/components/account-links.tsx';
import { loadShopContact } from '../../features/content/api/content.ts';
import type { ShopContact } from '../../lib/shop-contact.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { SITE } from '../../lib/site.ts';

/** Admin screens keep their lists' state in the URL, and login returns to all of it. */
export const handle: PageHandle = { queryParams: 'all' };

/**
 * The admin shell. Anonymous visitors go to login (and come back here); signed-in users who
 * are not administrators get a 'not allowed' page. The API checks again on every call: this
 * guard is for people, the server's is for safety.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await loadMe(request, context);
  if (!me.user) {
    const url = new URL(request.url);
    // A document redirect: /auth/login is the server's, not a page of this app.
    throw redirectDocument(loginUrl(`${url.pathname}${url.search}`));
  }
  const contact = await loadShopContact(context);
  if (!me.isAdmin) throw data({ me, contact }, { status: 403 });
  return { me, contact, analyticsUrl: context.publicConfig.analyticsUrl };
}

export function meta() {
  return [{ title: `Admin | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

function Shell({
  me,
  contact,
  children,
}: {
  me: Me;
  contact: ShopContact | null;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <Header contact={contact} accountSlot={<AccountLinks me={me} />} />
      {children}
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // One client per page load, kept while the admin moves between screens: lists and forms
  // share its cache (admin screens load their data on the client).
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Shell me={loaderData.me} contact={loaderData.contact}>
        <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-4 px-4 py-4 lg:flex-row lg:gap-8 lg:py-8">
          <AdminSidebar analyticsUrl={loaderData.analyticsUrl} />
          <main id="main" className="min-w-0 flex-1">
            <ConfirmProvider>
              <Outlet />
            </ConfirmProvider>
          </main>
        </div>
      </Shell>
    </QueryClientProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 403) throw error;
  const { me, contact } = error.data as { me: Me; contact: ShopContact | null };
  return (
    <Shell me={me} contact={contact}>
      <main
        id="main"
        className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-24 text-center"
      >
        <title>{`Not allowed | ${SITE.name}`}</title>
        <ShieldAlert className="h-14 w-14 text-accent-700" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold text-brand-900">Not allowed</h1>
        <p className="mt-3 text-slate-600">
          You are signed in as {me.user?.email ?? me.user?.name}, but the admin area is only for the
          shop&apos;s administrators. If you need access, ask an administrator to add your e-mail
          address.
        </p>
        <Link
          to="/home"
          className="mt-8 rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Go to the home page
        </Link>
      </main>
    </Shell>
  );
}
