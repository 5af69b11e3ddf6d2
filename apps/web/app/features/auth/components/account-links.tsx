import { LogIn } from 'lucide-react';
import { useLocation } from 'react-router';

/** Login (and, once signed in, the user's name and Logout); the server runs the login flow. */
export function AccountLinks() {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <a
      href={`/auth/login?returnTo=${encodeURIComponent(returnTo)}`}
      className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      <LogIn className="h-4 w-4" aria-hidden="true" />
      Login
    </a>
  );
}
