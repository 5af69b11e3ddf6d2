import { pageLinks } from '@labshop/shared/schemas/erp';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

const linkBase =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md border px-2.5 text-sm font-semibold';
const idle = `${linkBase} border-slate-300 bg-white text-slate-700 shadow-sm hover:border-brand-500 hover:text-brand-800`;
const currentClass = `${linkBase} border-brand-700 bg-brand-700 text-white`;
const off = `${linkBase} cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400`;

/**
 * Previous, at most five page numbers with an ellipsis where pages are left out (SPEC.md
 * section 9), and Next. Each is a link to `?…&page=N` (`href(page)` gives the query string), so
 * the page is in the address and the browser's Back goes to the page before.
 */
export function PageLinks({
  label,
  page,
  pages,
  href,
}: {
  /** Names the navigation for screen readers ('Customer pages'). */
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  const to = (target: number) => ({ search: href(target) });
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          {page > 1 ? (
            <Link to={to(page - 1)} className={idle} rel="prev">
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Previous</span>
            </Link>
          ) : (
            <span className={off} aria-disabled="true">
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Previous</span>
            </span>
          )}
        </li>
        {pageLinks(page, pages).map((link, index) =>
          link === 'ellipsis' ? (
            <li key={`ellipsis-${index}`} className="px-1 text-slate-500" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link}>
              <Link
                to={to(link)}
                className={link === page ? currentClass : idle}
                aria-label={`Page ${link}`}
                aria-current={link === page ? 'page' : undefined}
              >
                {link}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link to={to(page + 1)} className={idle} rel="next">
              <span className="sr-only sm:not-sr-only">Next</span>
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          ) : (
            <span className={off} aria-disabled="true">
              <span className="sr-only sm:not-sr-only">Next</span>
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
