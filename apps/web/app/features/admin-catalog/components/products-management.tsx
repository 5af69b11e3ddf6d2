import {
  DEFAULT_PRODUCT_SORT,
  isProductSort,
  PRODUCT_MESSAGES,
  productCountText,
  type ProductDto,
  type ProductSort,
} from '@labshop/shared/schemas/catalog';
import { truncate } from '@labshop/shared/text';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  FileText,
  MoveHorizontal,
  Pencil,
  Plus,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useCategories } from '../api/get-categories.ts';
import { useProducts } from '../api/get-products.ts';
import { productsListState, type ProductsListState } from '../products-list-address.ts';
import { failureMessage } from '../../admin/api/http.ts';
import { useConfirmedDelete } from '../../admin/components/use-confirmed-delete.ts';
import { DeleteButton } from '../../admin/components/delete-button.tsx';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { SearchBox } from '../../admin/components/search-box.tsx';
import {
  listAddress,
  pageInAddress,
  pageOfPages,
  useListPages,
} from '../../admin/components/list-pages.ts';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { buttonClass, inputClass } from '../../admin/components/styles.ts';
import { Pager } from '../../admin/components/pager.tsx';
import {
  AdminTable,
  tableCellClass,
  tableHeadCellClass,
} from '../../admin/components/admin-table.tsx';
import { PriceSyncPanel } from './price-sync.tsx';

/** Rows per page; the demo catalogue (76 products) takes two. */
export const PRODUCTS_PAGE_SIZE = 50;
const DESCRIPTION_PREVIEW = 80;
/** Thumbnails shown in a row; the rest are counted ('+3'). */
const THUMBNAILS_SHOWN = 4;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (value: number | null) => (value === null ? '—' : usd.format(value));

/** What the list shows, as the address holds it. */
interface ListView {
  q: string;
  category: string;
  sort: ProductSort;
}

/** The list's address for a view and a page; the defaults are left out. */
function viewAddress(view: ListView, page: number): URLSearchParams {
  const sort = view.sort === DEFAULT_PRODUCT_SORT ? '' : view.sort;
  return listAddress({ q: view.q, category: view.category, sort }, page);
}

/** What an address shows; an old link's ?number= is the search. */
function viewOf(params: URLSearchParams): ListView {
  const sortParam = params.get('sort') ?? '';
  return {
    q: params.get('q') ?? params.get('number') ?? '',
    category: params.get('category') ?? '',
    sort: isProductSort(sortParam) ? sortParam : DEFAULT_PRODUCT_SORT,
  };
}

/**
 * Products Management (SPEC.md "Admin screens"): search by title or product number (on the
 * server, as the admin types), a category filter, the price sync (price-sync.tsx), and the
 * table with Delete and Edit, sorted by a column header. What the list shows lives in the
 * address (?q=&category=&sort=&page=), so a reload, Back and 'Back to products' keep it. An
 * old link's ?number= is read as the search.
 */
export function ProductsManagement() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { search } = useLocation();
  const view = viewOf(searchParams);
  const page = pageInAddress(searchParams);
  const categoryFieldId = useId();

  const products = useProducts({ ...view, page, limit: PRODUCTS_PAGE_SIZE });
  const categories = useCategories();
  const remove = useDeleteProduct();
  const backHere = productsListState(search);

  const setQuery = (next: Partial<ListView> & { page?: number }) => {
    // A new search replaces the history entry (one per pause in typing); a filter, an order
    // or a page adds one, and starts at the first page unless a page is given.
    // From the address as it is now, not as this render saw it: a category picked right after
    // the search box's own change of the address must keep the search.
    const current = viewOf(new URLSearchParams(window.location.search));
    setSearchParams(viewAddress({ ...current, ...next }, next.page ?? 1), {
      replace: next.q !== undefined,
      preventScrollReset: true,
    });
  };

  const { feedback, deleteItem: deleteProduct } = useConfirmedDelete(
    (product: ProductDto) => remove.mutateAsync(product.number),
    {
      deleteConfirm: PRODUCT_MESSAGES.deleteConfirm,
      detail: (product) => `${product.number} ${product.title}`,
      deleted: (product) => `Product ${product.number} was deleted.`,
      notDeleted: (product, error) => [
        failureMessage(error, `Product ${product.number} was not deleted due to error.`),
      ],
    },
    'the product',
  );

  const total = products.data?.total ?? 0;
  const totalCapped = products.data?.totalCapped ?? false;
  const { pages } = useListPages({
    list: products,
    total,
    pageSize: PRODUCTS_PAGE_SIZE,
    page,
    addressOfPage: (next) => viewAddress(view, next),
  });
  const rows = products.data?.products ?? [];
  const narrowedBy = [
    view.q && `matching “${view.q}”`,
    view.category && `in ${view.category}`,
  ].filter(Boolean);

  return (
    <section aria-labelledby="products-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="products-heading" className="text-2xl font-bold text-brand-900">
            Products Management
          </h1>
          <p className="mt-1 text-slate-600">
            The catalogue: products, prices, images and brochures.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/product-new" state={backHere} className={buttonClass.primary}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add New Product
          </Link>
        </div>
      </div>

      <PriceSyncPanel />

      <div className="flex flex-wrap items-end gap-x-3">
        <div className="min-w-64 flex-1 [&>form]:max-w-none">
          <SearchBox
            label="Search by title or product number"
            placeholder="Search by title or product number"
            initial={view.q}
            onSearch={(value) => {
              if (value !== view.q) setQuery({ q: value });
            }}
          />
        </div>
        <div className="mt-3 w-full sm:w-56">
          <label htmlFor={categoryFieldId} className="text-xs font-semibold text-slate-600">
            Category
          </label>
          <select
            id={categoryFieldId}
            value={view.category}
            onChange={(event) => setQuery({ category: event.target.value })}
            className={`${inputClass} mt-1`}
          >
            <option value="">All categories</option>
            {view.category &&
              !categories.data?.some((category) => category.name === view.category) && (
                <option value={view.category}>{view.category}</option>
              )}
            {categories.data?.map((category) => (
              <option key={category._id} value={category.name}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      <FeedbackRegions feedback={feedback} className="mt-4" />

      {products.isPending ? (
        <LoadingIndicator label="Loading products..." />
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600" aria-live="polite">
            {products.isError
              ? ''
              : total === 0
                ? narrowedBy.length > 0
                  ? `No products ${narrowedBy.join(' ')}.`
                  : 'No products yet.'
                : `${productCountText(total, totalCapped)}${
                    narrowedBy.length > 0 ? ` ${narrowedBy.join(' ')}` : ''
                  }${pageOfPages(page, pages)}.`}
          </p>
          {rows.length > 0 && (
            // From 1280 px up the table fits beside the menu; narrower, it scrolls in its box.
            <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-500 xl:hidden">
              <MoveHorizontal className="h-3.5 w-3.5" aria-hidden="true" />
              Scroll the table sideways for prices, brochures and images.
            </p>
          )}
          {rows.length > 0 && (
            <ProductsTable
              products={rows}
              busy={products.isFetching}
              deleting={remove.isPending ? remove.variables : undefined}
              onDelete={deleteProduct}
              sort={view.sort}
              onSort={(sort) => setQuery({ sort })}
              backHere={backHere}
            />
          )}
          {pages > 1 && (
            <Pager
              label="Product pages"
              page={page}
              pages={pages}
              onPage={(next) => setQuery({ page: next })}
            />
          )}
        </>
      )}
    </section>
  );
}

// Narrower cells and a smaller type than the other admin tables: eleven columns, prices up to
// $99,999.99 and a long unbroken title fit beside the menu at 1440 px.
const th = `${tableHeadCellClass.replace('px-3', 'px-1.5')} align-bottom`;
const td = `${tableCellClass.replace('px-3', 'px-1.5')} text-[13px]`;
// Headers of narrow columns wrap between words ('Partner Price / QTY x3').
const thWrapping = th.replace('whitespace-nowrap', '');
// Long unbroken words (a title without spaces) break anywhere instead of widening the table.
const breakAnywhere = '[overflow-wrap:anywhere]';
// From tablet width up, actions and number stay in view while the other columns scroll.
const stickyActions = 'w-20 md:sticky md:left-0 md:z-10';
const stickyNumber =
  'min-w-16 md:sticky md:left-20 md:z-10 md:shadow-[inset_-1px_0_0_var(--color-slate-200)]';

/** A column the list can be sorted by: its field, ascending first. */
type SortField = 'number' | 'title' | 'category' | 'newPrice';

/**
 * A sortable column's header: a button that sorts by the column, ascending, then descending on
 * the next click; aria-sort tells which column orders the list.
 */
function SortableHeader({
  field,
  sort,
  onSort,
  className,
  children,
}: {
  field: SortField;
  sort: ProductSort;
  onSort: (sort: ProductSort) => void;
  className: string;
  children: ReactNode;
}) {
  const direction = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : null;
  const Icon =
    direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" className={className} aria-sort={direction ?? undefined}>
      <button
        type="button"
        onClick={() => onSort(direction === 'ascending' ? `-${field}` : field)}
        className="inline-flex items-center gap-1 text-left uppercase hover:text-brand-800"
      >
        {children}
        <Icon
          className={`h-3.5 w-3.5 shrink-0 ${direction ? 'text-brand-700' : 'text-slate-400'}`}
          aria-hidden="true"
        />
      </button>
    </th>
  );
}

/** The brochure's file name: the last part of what the admin entered (it may be a URL). */
function brochureLabel(product: ProductDto): string {
  const name = (product.brochure ?? '').split(/[/\\]/).filter(Boolean).at(-1) ?? '';
  try {
    return decodeURIComponent(name) || 'Brochure';
  } catch {
    return name || 'Brochure';
  }
}

function ProductsTable({
  products,
  busy,
  deleting,
  onDelete,
  sort,
  onSort,
  backHere,
}: {
  products: ProductDto[];
  busy: boolean;
  deleting: string | undefined;
  onDelete: (product: ProductDto) => void;
  sort: ProductSort;
  onSort: (sort: ProductSort) => void;
  /** Sent along to the editor, for its 'Back to products'. */
  backHere: ProductsListState;
}) {
  const sortable = { sort, onSort };
  return (
    <AdminTable
      caption="Products"
      busy={busy}
      head={
        <>
          <th scope="col" className={`${th} ${stickyActions} bg-slate-50`}>
            Actions
          </th>
          <SortableHeader
            field="number"
            {...sortable}
            className={`${thWrapping} ${stickyNumber} bg-slate-50`}
          >
            Product No
          </SortableHeader>
          <SortableHeader field="title" {...sortable} className={th}>
            Title
          </SortableHeader>
          <th scope="col" className={th}>
            Description
          </th>
          <SortableHeader field="category" {...sortable} className={th}>
            Category
          </SortableHeader>
          <th scope="col" className={`${thWrapping} text-right`}>
            Old Price
          </th>
          <SortableHeader field="newPrice" {...sortable} className={`${thWrapping} text-right`}>
            New Price
          </SortableHeader>
          <th scope="col" className={`${thWrapping} text-right`}>
            Wholesale Price
          </th>
          <th scope="col" className={`${thWrapping} text-right`}>
            Partner Price QTY x3
          </th>
          <th scope="col" className={th}>
            Brochure
          </th>
          <th scope="col" className={th}>
            Images
          </th>
        </>
      }
    >
      {products.map((product) => (
        <tr key={product._id}>
          <td className={`${td} ${stickyActions} bg-white`}>
            <div className="flex flex-col items-start gap-1">
              <DeleteButton
                label={`Delete ${product.number}`}
                onClick={() => onDelete(product)}
                disabled={deleting === product.number}
              />
              <Link
                to={`/admin/products-edit/${encodeURIComponent(product.number)}`}
                state={backHere}
                className={buttonClass.small}
                aria-label={`Edit ${product.number}`}
              >
                <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
                Edit
              </Link>
            </div>
          </td>
          <th
            scope="row"
            className={`${td} ${stickyNumber} bg-white font-semibold break-all text-slate-900`}
          >
            {product.number}
          </th>
          <td className={`${td} min-w-28 text-slate-900`}>
            {/* At most three lines; the whole title on hover. */}
            <span className={`line-clamp-3 ${breakAnywhere}`} title={product.title}>
              {product.title}
            </span>
          </td>
          <td className={`${td} min-w-20 text-slate-600`} title={product.description}>
            <span className={`line-clamp-3 ${breakAnywhere}`}>
              {truncate(product.description, DESCRIPTION_PREVIEW)}
            </span>
          </td>
          <td className={`${td} min-w-20 ${breakAnywhere}`}>{product.category}</td>
          <td className={`${td} text-right whitespace-nowrap text-slate-500`}>
            {product.oldPrice === null ? '—' : <s>{money(product.oldPrice)}</s>}
          </td>
          <td className={`${td} text-right font-semibold whitespace-nowrap`}>
            {money(product.newPrice)}
          </td>
          <td className={`${td} text-right whitespace-nowrap`}>{money(product.wholesalePrice)}</td>
          <td className={`${td} text-right whitespace-nowrap`}>{money(product.partnerPricex3)}</td>
          <td className={td}>
            {product.brochureUrl ? (
              <a
                href={product.brochureUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex max-w-16 items-center gap-1 font-semibold text-brand-700 underline"
                title={product.brochure ?? undefined}
              >
                <FileText className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                <span className="truncate">{brochureLabel(product)}</span>
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              <span className="text-slate-500">—</span>
            )}
          </td>
          <td className={td}>
            <div className="flex w-[3.625rem] flex-wrap items-center gap-0.5">
              {product.images.slice(0, THUMBNAILS_SHOWN).map((url, index) => (
                <img
                  key={url}
                  src={url}
                  alt={`${product.number} image ${index + 1}`}
                  width={28}
                  height={28}
                  loading="lazy"
                  className="h-7 w-7 rounded border border-slate-200 object-cover"
                />
              ))}
              {product.images.length > THUMBNAILS_SHOWN && (
                <span className="text-xs text-slate-500">
                  +{product.images.length - THUMBNAILS_SHOWN}
                  <span className="sr-only"> more images</span>
                </span>
              )}
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
