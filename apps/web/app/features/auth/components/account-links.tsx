import type { Me } from '@labshop/shared/auth';
import { LogIn, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { loginUrl } from '../api/me.ts';

/**
 * Login for anonymous visitors; for signed-in users their name (the link to their account), the
 * Admin link (administrators only) and Logout. Login and logout are full page loads: the server runs the login flow.
 */
export function AccountLinks({ me }: { me: Me }) {
  const location = useLocation();
  if (!me.user) {
    return (
      <a
        href={loginUrl(`${location.pathname}${location.search}`)}
        className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        <LogIn className="h-4 w-4" aria-hidden="true" />
        Login
      </a>
    );
  }
  const name = me.user.name ?? me.user.email ?? 'Signed in';
  return (
    <div className="flex flex-wrap items-center gap-1">
      {me.isAdmin && (
        <Link
          to="/admin"
          className="flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          Admin
        </Link>
      )}
      <Link
        to="/account"
        className="flex max-w-44 items-center lg:max-w-64 gap-1.5 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-brand-50"
        title={me.user.email ?? undefined}
        data-testid="signed-in-user"
      >
        <UserRound className="h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="sr-only">My account: </span>
          <span className="truncate font-semibold">{name}</span>
          <span className="text-xs text-emerald-800">Wholesale prices</span>
        </span>
      </Link>
      <form method="post" action="/auth/logout">
        <button
          type="submit"
          className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Logout
        </button>
      </form>
    </div>
  );
}
