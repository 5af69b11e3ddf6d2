import { data } from 'react-router';
import { MessagePage } from '../../components/message-page.tsx';
import { SITE } from '../../lib/site.ts';
import type { Route } from './+types/not-found';

// A real page that answers 404, so search engines drop the address.
export function loader() {
  return data(null, { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: `Page not found | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return (
    <MessagePage
      badge={<p className="text-6xl font-extrabold text-brand-500">404</p>}
      title="Page not found"
      actions={[
        { to: '/home', label: 'Go to the home page' },
        { to: '/shop', label: 'Browse products' },
      ]}
    >
      <p className="mt-3 text-slate-600">
        The page you were looking for does not exist or has moved. Our products and the home page
        are a click away.
      </p>
    </MessagePage>
  );
}
