import { useEffect, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  type LinksFunction,
} from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
// The same file app.css's core @font-face names: Vite gives both one hashed asset.
import interCoreWoff2 from './fonts/inter-core.woff2?url';
import './lib/load-context.ts';
import { makeZodJitless } from './lib/zod-jitless.ts';
import { whenDeferredHydrated } from './lib/lazy-hydrated.tsx';
import { useNonce } from './lib/nonce.tsx';
import { START_HELD_SCRIPTS } from './lib/scripts-after-load.ts';
import { SITE } from './lib/site.ts';

// Before any form module makes a schema: the CSP allows no eval (lib/zod-jitless.ts).
if (typeof document !== 'undefined') makeZodJitless();

export const links: LinksFunction = () => [
  // The text font, fetched with the stylesheet rather than after it has been parsed.
  {
    rel: 'preload',
    href: interCoreWoff2,
    as: 'font',
    type: 'font/woff2',
    crossOrigin: 'anonymous',
  },
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function loader({ context }: Route.LoaderArgs) {
  return { publicConfig: context.publicConfig };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b2a42" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts nonce={nonce} />
        {/* Starts the scripts above once the page has loaded (lib/scripts-after-load.ts). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: START_HELD_SCRIPTS }}
        />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page interactive: browser tests wait for it before judging client-side state.
  // The parts whose code comes after the page (lazyHydrated) are waited for too.
  useEffect(() => {
    whenDeferredHydrated(() => (document.documentElement.dataset.hydrated = 'true'));
  }, []);
  return <Outlet />;
}

/** The last resort when a page failed to render: no stack trace, a way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-4 text-center">
      <title>{`${notFound ? 'Page not found' : 'Something went wrong'} | ${SITE.name}`}</title>
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{SITE.name}</p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">
        {notFound ? 'Page not found' : 'Something went wrong'}
      </h1>
      <p className="mt-3 text-slate-600">
        {notFound
          ? 'The page you asked for does not exist.'
          : 'Please try again in a moment. If it keeps happening, call us and we will help.'}
      </p>
      <a
        href="/home"
        className="mt-6 rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
      >
        Go to the home page
      </a>
    </main>
  );
}
