import {
  PRODUCT_MESSAGES,
  productCountText,
  type ProductDto,
} from '@labshop/shared/schemas/catalog';
import { truncate } from '@labshop/shared/text';
import { FileText, MoveHorizontal, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useProducts } from '../api/get-products.ts';
import { failureMessage } from '../../admin/api/http.ts';
import { useConfirm } from '../../admin/components/confirm-dialog.tsx';
import { FeedbackRegions, type Feedback } from '../../admin/components/feedback.tsx';
import { SearchBox } from '../../admin/components/search-box.tsx';
import { listAddress, pageInAddress, useListPages } from '../../admin/components/list-pages.ts';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { buttonClass } from '../../admin/components/styles.ts';
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

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (value: number | null) => (value === null ? '—' : usd.format(value));

/**
 * Products Management (SPEC.md "Admin screens"): search by product number (on the server, as
 * the admin types), the price sync (price-sync.tsx), and the table with Delete and Edit. The search and the
 * page live in the address (?number=&page=), so a reload or Back keeps them.
 */
export function ProductsManagement() {
  const [searchParams, setSearchParams] = useSearchParams();
  const number = searchParams.get('number') ?? '';
  const page = pageInAddress(searchParams);
  const [feedback, setFeedback] = useState<Feedback>(null);

  const products = useProducts({ number, page, limit: PRODUCTS_PAGE_SIZE });
  const remove = useDeleteProduct();
  const confirm = useConfirm();

  const setQuery = (next: { number?: string; page?: number }) => {
    // A new search replaces the history entry (one per pause in typing); a page adds one.
    setSearchParams(listAddress({ number: next.number ?? number }, next.page ?? 1), {
      replace: next.page === undefined,
      preventScrollReset: true,
    });
  };

  const deleteProduct = async (product: ProductDto) => {
    const confirmed = await confirm({
      question: PRODUCT_MESSAGES.deleteConfirm,
      detail: `${product.number} ${product.title}`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!confirmed) return;
    setFeedback(null);
    try {
      await remove.mutateAsync(product.number);
      setFeedback({ kind: 'success', lines: [`Product ${product.number} was deleted.`] });
    } catch (error) {
      console.error('Deleting the product failed:', error);
      setFeedback({
        kind: 'error',
        lines: [failureMessage(error, `Product ${product.number} was not deleted due to error.`)],
      });
    }
  };

  const total = products.data?.total ?? 0;
  const totalCapped = products.data?.totalCapped ?? false;
  const pages = useListPages({
    list: products,
    total,
    pageSize: PRODUCTS_PAGE_SIZE,
    page,
    addressOfPage: (next) => listAddress({ number }, next),
  });
  const rows = products.data?.products ?? [];

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
          <Link to="/admin/product-new" className={buttonClass.primary}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add New Product
          </Link>
        </div>
      </div>

      <PriceSyncPanel />

      <SearchBox
        label="Search by product number"

        placeholder="Search by product number"
        initial={number}
        onSearch={(value) => {
          if (value !== number) setQuery({ number: value });
        }}
      />

      <FeedbackRegions feedback={feedback} className="mt-4" />

      {products.isPending ? (
        <LoadingIndicator label="Loading products..." />
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600" aria-live="polite">
            {products.isError
              ? ''
              : total === 0
                ? number
                  ? `No products with a number containing “${number}”.`
                  : 'No products yet.'
                : `${productCountText(total, totalCapped)}${
                    number ? ` with a number containing “${number}”` : ''
                  }${pages > 1 ? `, page ${page} of ${pages}` : ''}.`}
          </p>
          {rows.length > 0 && (
            <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-500">
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

const th = tableHeadCellClass;
const td = tableCellClass;
// From tablet width up, actions and number stay in view while the other columns scroll.
const stickyActions = 'w-24 min-w-24 md:sticky md:left-0 md:z-10';
const stickyNumber =
  'min-w-28 md:sticky md:left-24 md:z-10 md:shadow-[inset_-1px_0_0_var(--color-slate-200)]';

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
}: {
  products: ProductDto[];
  busy: boolean;
  deleting: string | undefined;
  onDelete: (product: ProductDto) => void;
}) {
  return (
    <AdminTable
      caption="Products"
      busy={busy}
      head={
        <>
          <th scope="col" className={`${th} ${stickyActions} bg-slate-50`}>
            Actions
          </th>
          <th scope="col" className={`${th} ${stickyNumber} bg-slate-50`}>
            Product No
          </th>
          <th scope="col" className={th}>
            Title
          </th>
          <th scope="col" className={th}>
            Description
          </th>
          <th scope="col" className={th}>
            Category
          </th>
          <th scope="col" className={`${th} text-right`}>
            Old Price
          </th>
          <th scope="col" className={`${th} text-right`}>
            New Price
          </th>
          <th scope="col" className={`${th} text-right`}>
            Wholesale Price
          </th>
          <th scope="col" className={`${th} text-right`}>
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
              <button
                type="button"
                onClick={() => onDelete(product)}
                disabled={deleting === product.number}
                className={buttonClass.dangerSmall}
                aria-label={`Delete ${product.number}`}
              >
                <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
                Delete
              </button>
              <Link
                to={`/admin/products-edit/${encodeURIComponent(product.number)}`}
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
          <td className={`${td} min-w-48 text-slate-900`}>{product.title}</td>
          <td className={`${td} min-w-64 text-slate-600`} title={product.description}>
            {truncate(product.description, DESCRIPTION_PREVIEW)}
          </td>
          <td className={`${td} min-w-32`}>{product.category}</td>
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
                className="inline-flex max-w-40 items-center gap-1 font-semibold text-brand-700 underline"
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
            <div className="flex w-[8.5rem] flex-wrap gap-1">
              {product.images.map((url, index) => (
                <img
                  key={url}
                  src={url}
                  alt={`${product.number} image ${index + 1}`}
                  width={40}
                  height={40}
                  loading="lazy"
                  className="h-10 w-10 rounded border border-slate-200 object-cover"
                />
              ))}
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
