import { ChartLine, ChevronDown, ExternalLink, LayoutDashboard, Menu } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ADMIN_SCREENS, adminScreen } from '../screens.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-brand-50 hover:text-brand-800'
  }`;

/** Every entry of the admin navigation: the overview, each screen, and Analytics if set. */
function AdminLinks({
  analyticsUrl,
  className,
  onNavigate,
}: {
  analyticsUrl: string | null;
  className: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className={className}>
      <li>
        <NavLink to="/admin" end className={linkClass} onClick={onNavigate}>
          <LayoutDashboard className="h-4 w-4 shrink-0" aria-hidden="true" />
          Overview
        </NavLink>
      </li>
      {ADMIN_SCREENS.map((screen) => (
        <li key={screen.path}>
          <NavLink to={`/admin/${screen.path}`} className={linkClass} onClick={onNavigate}>
            <screen.icon className="h-4 w-4 shrink-0" aria-hidden="true" />
            {screen.label}
          </NavLink>
        </li>
      ))}
      {analyticsUrl && (
        <li>
          <a
            href={analyticsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass({ isActive: false })}
            onClick={onNavigate}
          >
            <ChartLine className="h-4 w-4 shrink-0" aria-hidden="true" />
            Analytics
            <ExternalLink className="h-3.5 w-3.5 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      )}
    </ul>
  );
}

/** The screen the address names, for the phone menu's button ('Overview' at /admin). */
function currentLabel(pathname: string): string {
  const [, , path, rest] = pathname.split('/');
  if (!path) return 'Overview';
  if (path === 'product-new' || (path === 'products-edit' && rest)) return 'Products';
  return adminScreen(path)?.label ?? 'Overview';
}

/**
 * The admin navigation. Wide screens: a column beside the content, every entry in sight. Below
 * that: a Menu button naming the current screen, which opens the whole list (two columns) above
 * the content. The button is a native <details>, so it works in the server's HTML before the
 * page's code has started; the code closes it after a choice and on Escape.
 */
export function AdminSidebar({ analyticsUrl }: { analyticsUrl: string | null }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  const closeOnEscape = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !menu.current?.open) return;
    menu.current.open = false;
    summary.current?.focus();
  };

  return (
    <nav aria-label="Admin" className="lg:w-60 lg:shrink-0">
      <details
        ref={menu}
        onKeyDown={closeOnEscape}
        className="group rounded-lg border border-slate-200 bg-white shadow-sm lg:hidden"
      >
        <summary
          ref={summary}
          className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2.5 text-sm font-semibold text-slate-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden"
        >
          <Menu className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
          <span>Menu</span>
          <span className="min-w-0 truncate font-normal text-slate-600">
            <span aria-hidden="true">· </span>
            <span className="sr-only">, current screen: </span>
            {currentLabel(pathname)}
          </span>
          <ChevronDown
            className="ml-auto h-4 w-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
            aria-hidden="true"
          />
        </summary>
        <AdminLinks
          analyticsUrl={analyticsUrl}
          className="grid grid-cols-1 gap-1 border-t border-slate-200 p-2 min-[360px]:grid-cols-2"
          onNavigate={() => {
            if (menu.current) menu.current.open = false;
          }}
        />
      </details>
      <AdminLinks analyticsUrl={analyticsUrl} className="hidden flex-col gap-1 lg:flex" />
    </nav>
  );
}
