import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

export interface ShopPaginationProps {
  page: number;
  pageCount: number;
  /** The address of a page, keeping the search. */
  hrefFor: (page: number) => string;
}

/** Pages to link: the first, the last, and the current one with its neighbours; null = gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1]);
  const sorted = [...pages].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const n of sorted) {
    const previous = result.at(-1);
    if (typeof previous === 'number' && n - previous > 1)
      result.push(n - previous === 2 ? n - 1 : null);
    result.push(n);
  }
  return result;
}

const CELL =
  'flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-semibold';

/** Page links under the grid; shown only when the matches do not fit on one page. */
export function ShopPagination({ page, pageCount, hrefFor }: ShopPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link
              to={hrefFor(page - 1)}
              className={`${CELL} border-slate-300 text-brand-700 hover:bg-slate-50`}
            >
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only sm:ml-1">Previous</span>
            </Link>
          </li>
        )}
        {pageWindow(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className="px-1 text-slate-600" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                className={`${CELL} ${
                  n === page
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 text-brand-700 hover:bg-slate-50'
                }`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link
              to={hrefFor(page + 1)}
              className={`${CELL} border-slate-300 text-brand-700 hover:bg-slate-50`}
            >
              <span className="sr-only sm:not-sr-only sm:mr-1">Next</span>
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
