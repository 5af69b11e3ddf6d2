import { ChartLine, ExternalLink, LayoutDashboard } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ADMIN_SCREENS } from '../screens.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex shrink-0 items-center gap-2.5 rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
    isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-brand-50 hover:text-brand-800'
  }`;

/**
 * The admin navigation: a column beside the content on wide screens, a row that scrolls
 * sideways above it on phones.
 */
export function AdminSidebar({ analyticsUrl }: { analyticsUrl: string | null }) {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On phones the row scrolls sideways: bring the current screen's entry into view. The list
  // is `relative`, so an entry's offsetLeft is measured from the list.
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]')?.parentElement;
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav aria-label="Admin" className="lg:w-60 lg:shrink-0">
      <ul
        ref={listRef}
        className="relative -mx-4 flex gap-1 overflow-x-auto px-4 pb-2 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0 lg:pb-0"
      >
        <li>
          <NavLink to="/admin" end className={linkClass}>
            <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
            Overview
          </NavLink>
        </li>
        {ADMIN_SCREENS.map((screen) => (
          <li key={screen.path}>
            <NavLink to={`/admin/${screen.path}`} className={linkClass}>
              <screen.icon className="h-4 w-4" aria-hidden="true" />
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
            >
              <ChartLine className="h-4 w-4" aria-hidden="true" />
              Analytics
              <ExternalLink className="h-3.5 w-3.5 text-slate-500" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
