import type { CategoryDto } from '@labshop/shared/schemas/catalog';
import { titleCase } from '@labshop/shared/text';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { categoryPath } from '../category-path.ts';

export interface CategoryNavProps {
  categories: CategoryDto[];
  /** The shown category's name; null for All Products. */
  activeCategory: string | null;
}

// One list, two looks: a horizontally scrolling chip row on small screens, a sidebar from lg.
const ITEM =
  'block whitespace-nowrap rounded-full border px-3.5 py-1.5 text-sm font-semibold transition-colors lg:rounded-md lg:border-0 lg:border-l-4 lg:px-3 lg:py-2 lg:whitespace-normal';
const ACTIVE =
  'border-brand-700 bg-brand-700 text-white lg:border-accent-600 lg:bg-brand-50 lg:text-brand-800';
const IDLE =
  'border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700 lg:border-transparent lg:bg-transparent lg:hover:bg-slate-100';

/** The shop's category list: 'All Products' and every category, title-cased. */
export function CategoryNav({ categories, activeCategory }: CategoryNavProps) {
  const list = useRef<HTMLUListElement>(null);
  const active = activeCategory?.toLowerCase() ?? null;

  // On phones the active chip may sit off screen to the right: bring it into the row's view.
  useEffect(() => {
    const row = list.current;
    const chip = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !chip || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = chip.offsetLeft - (row.clientWidth - chip.offsetWidth) / 2;
  }, [active]);

  const items = [
    { key: '', label: 'All Products', to: '/shop', current: active === null },
    ...categories.map((category) => ({
      key: category._id,
      label: titleCase(category.name),
      to: categoryPath(category.name),
      current: category.name.toLowerCase() === active,
    })),
  ];

  return (
    <nav aria-labelledby="category-nav-heading">
      <h2
        id="category-nav-heading"
        className="sr-only lg:not-sr-only lg:mb-2 lg:block lg:px-3 lg:text-xs lg:font-semibold lg:tracking-wider lg:text-slate-600 lg:uppercase"
      >
        Categories
      </h2>
      <ul
        ref={list}
        className="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] lg:mx-0 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0 lg:pb-0"
      >
        {items.map((item) => (
          <li key={item.key} className="shrink-0 snap-start">
            <Link
              to={item.to}
              aria-current={item.current ? 'page' : undefined}
              className={`${ITEM} ${item.current ? ACTIVE : IDLE}`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
