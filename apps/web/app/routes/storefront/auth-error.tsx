import type { PageHandle } from '@labshop/shared/load-context';
import { loginErrorMessage } from '@labshop/shared/auth';
import { TriangleAlert } from 'lucide-react';
import type { Route } from './+types/auth-error';
import { MessagePage } from '../../components/message-page.tsx';
import { SITE } from '../../lib/site.ts';

export const handle: PageHandle = { queryParams: ['reason'] };

/** Where a login that could not complete lands (AUTH_ERROR_PATH), with ?reason=. */
export function loader({ request }: Route.LoaderArgs) {
  return { message: loginErrorMessage(new URL(request.url).searchParams.get('reason')) };
}

export function meta() {
  return [{ title: `Login failed | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function AuthError({ loaderData }: Route.ComponentProps) {
  return (
    <MessagePage
      badge={<TriangleAlert className="h-14 w-14 text-accent-700" aria-hidden="true" />}
      title="Login failed"
      actions={[
        // /auth/login is the server's, not a page of this app.
        { to: '/auth/login', label: 'Try again', reloadDocument: true },
        { to: '/home', label: 'Go to the home page' },
      ]}
    >
      <p role="alert" className="mt-3 text-lg font-semibold text-red-800">
        {loaderData.message}
      </p>
      <p className="mt-2 text-slate-600">
        Your sign-in could not be completed. Start it again; if it keeps failing, call us and we
        will help.
      </p>
    </MessagePage>
  );
}
