import type { TextPageDto } from '@labshop/shared/schemas/content';
import { Suspense, useEffect } from 'react';
import { Await, data, isRouteErrorResponse, useAsyncError, useLocation } from 'react-router';
import type { Route } from './+types/text-page';
import { MessagePage } from '../../components/message-page.tsx';
import { fetchTextPage, fetchTextPageInBrowser } from '../../features/content/api/content.ts';
import { AboutIntro } from '../../features/content/components/about-intro.tsx';
import { LoadingSpinner } from '../../features/content/components/loading-spinner.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { textPageForPath, type StorefrontTextPage } from '../../features/content/text-pages.ts';
import { RETRY_ADVICE, SITE } from '../../lib/site.ts';

/**
 * The eight static text pages (SPEC.md "Static text pages"): one module, one route per page;
 * the path names the page. The first visit gets the text in the HTML.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = textPageForPath(new URL(request.url).pathname);
  if (!page) throw data(null, { status: 404 });
  return { page: await fetchTextPage(context, page.name) };
}

/**
 * On a client-side navigation the About, Privacy, Terms of Use and Cookies pages open at once
 * with 'Loading...' and fill in when the text arrives (the spec's spinner); the other pages
 * wait for their text like any other page. The browser asks the API itself: through the
 * server loader the text would arrive with the shell's data, only after the navigation.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = textPageForPath(new URL(request.url).pathname);
  if (!page) throw data(null, { status: 404 });
  const pending = fetchTextPageInBrowser(page.name, request.signal);
  if (!page.spinner) return { page: await pending };
  // A navigation that moves on before the text arrives leaves nobody to await it.
  pending.catch(() => undefined);
  return { page: pending };
}

export function meta({ location }: Route.MetaArgs) {
  const page = textPageForPath(location.pathname);
  return [{ title: page ? `${page.title} | ${SITE.name}` : SITE.name }];
}

export default function TextPage({ loaderData }: Route.ComponentProps) {
  const page = textPageForPath(useLocation().pathname);
  if (!page) return null;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 lg:py-12">
      {/* A new key per page: moving between pages shows the spinner again. */}
      <Suspense
        key={page.name}
        fallback={<PageHeading page={page} visible={page.name === 'About'} />}
      >
        <Await resolve={loaderData.page} errorElement={<PageUnavailable page={page} />}>
          {(loaded: TextPageDto) => <PageBody page={page} content={loaded.content} />}
        </Await>
      </Suspense>
    </article>
  );
}

function PageBody({ page, content }: { page: StorefrontTextPage; content: string }) {
  const empty = content.trim() === '';
  return (
    <>
      {/* The page text brings its own headings; the page name stays the document's heading. */}
      <PageHeading page={page} visible={page.name === 'About' || empty} spinner={false} />
      {page.name === 'About' && (
        <div className="mb-8">
          <AboutIntro />
        </div>
      )}
      {empty ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-12 text-center text-slate-600">
          This page has no content yet.
        </p>
      ) : (
        <RichText html={content} />
      )}
    </>
  );
}

/** The page's h1; while loading (the Suspense fallback) it comes with the spinner. */
function PageHeading({
  page,
  visible,
  spinner = true,
}: {
  page: StorefrontTextPage;
  visible: boolean;
  spinner?: boolean;
}) {
  return (
    <>
      <h1 className={visible ? 'mb-6 text-3xl font-bold text-brand-900 sm:text-4xl' : 'sr-only'}>
        {page.title}
      </h1>
      {spinner && <LoadingSpinner />}
    </>
  );
}

/** The text did not arrive after a client-side navigation: logged, and said politely. */
function PageUnavailable({ page }: { page: StorefrontTextPage }) {
  const error = useAsyncError();
  useEffect(() => {
    console.error(`Loading the page ${page.name} failed:`, error);
  }, [error, page.name]);
  return (
    <>
      <PageHeading page={page} visible spinner={false} />
      <p className="text-slate-600">
        This page cannot be shown right now. Please try again in a moment.
      </p>
    </>
  );
}

/** The page text could not be read: say so inside the shop's shell, with a way to retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const page = textPageForPath(useLocation().pathname);
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <MessagePage
      title={page ? `${page.title} cannot be shown right now` : 'This page cannot be shown'}
      actions={[{ to: page?.path ?? '/home', label: 'Try again', reloadDocument: true }]}
    >
      <title>{`${page?.title ?? 'Page'} | ${SITE.name}`}</title>
      <p className="mt-3 text-slate-600">{RETRY_ADVICE}</p>
    </MessagePage>
  );
}
