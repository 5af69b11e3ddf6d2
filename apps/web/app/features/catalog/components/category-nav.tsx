import type { CategoryDto } from '@labshop/shared/schemas/catalog';
import { titleCase } from '@labshop/shared/text';
import { useEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { categoryPath } from '../category-path.ts';

export interface CategoryNavProps {
  categories: Pick<CategoryDto, 'name'>[];
  /** The shown category's name; null for All Products. */
  activeCategory: string | null;
}

/**
 * The shop's category list: 'All Products' and every category, title-cased. A catalogue may have
 * hundreds of categories, and every shop page renders them all on the server: the links are
 * plain anchors styled by one class (`category-link` in app.css), and one click handler on the
 * list opens them in the app, as React Router's Link would.
 */
export function CategoryNav({ categories, activeCategory }: CategoryNavProps) {
  const list = useRef<HTMLUListElement>(null);
  const navigate = useNavigate();
  const active = activeCategory?.toLowerCase() ?? null;

  // On phones the active chip may sit off screen to the right: bring it into the row's view.
  useEffect(() => {
    const row = list.current;
    const chip = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !chip || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = chip.offsetLeft - (row.clientWidth - chip.offsetWidth) / 2;
  }, [active]);

  const items = [
    // Category names are unique (case-insensitively), and 'All Products' is no category's path.
    { key: '/shop', label: 'All Products', to: '/shop', current: active === null },
    ...categories.map((category) => ({
      key: category.name,
      label: titleCase(category.name),
      to: categoryPath(category.name),
      current: category.name.toLowerCase() === active,
    })),
  ];

  // A plain left click opens the page in the app; other clicks are the browser's (new tab...).
  const openInApp = (event: MouseEvent<HTMLUListElement>) => {
    const link = (event.target as Element).closest('a');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(link.getAttribute('href')!);
  };

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
        onClick={openInApp}
        className="-mx-4 flex snap-x gap-2 *:shrink-0 *:snap-start overflow-x-auto px-4 pb-2 [scrollbar-width:thin] lg:mx-0 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0 lg:pb-0"
      >
        {items.map((item) => (
          <li key={item.key}>
            <a
              href={item.to}
              aria-current={item.current ? 'page' : undefined}
              className="category-link"
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
