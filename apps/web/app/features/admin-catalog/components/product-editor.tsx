import type { ProductDto } from '@labshop/shared/schemas/catalog';
import { ArrowLeft, ExternalLink, PackageX, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { createProductBody, updateProductBody } from '../api/product-body.ts';
import { useCategories } from '../api/get-categories.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useProduct } from '../api/get-product.ts';
import { ApiError } from '../../admin/api/http.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { ProductForm, type ProductSubmission } from './product-form.tsx';
import { panelClass } from '../../admin/components/styles.ts';
import { productsListPath } from '../products-list-address.ts';

/** To the list as the admin left it (search, filter, order, page), else the bare list. */
function BackToProducts() {
  const to = productsListPath(useLocation().state);
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to products
    </Link>
  );
}

function EditorFrame({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby="product-editor-heading">
      <BackToProducts />
      <h1 id="product-editor-heading" className="mt-2 text-2xl font-bold text-brand-900">
        {heading}
      </h1>
      <div className={`mt-6 ${panelClass}`}>{children}</div>
    </section>
  );
}

/** Add New Product: an empty form; after a save it is empty again for the next product. */
export function NewProductEditor() {
  const categories = useCategories();
  const create = useCreateProduct();
  const listState: unknown = useLocation().state;
  const save = ({
    values,
    newImages,
    brochureFile,
    confirmPrices,
  }: ProductSubmission): Promise<ProductDto> =>
    create.mutateAsync(createProductBody(values, newImages, { confirmPrices, brochureFile }));
  // The form is empty again for the next product; the one just made is a click away.
  const createdLinks = (created: ProductDto) => (
    <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
      <span>
        Product <span className="font-semibold text-slate-900">{created.number}</span>:
      </span>
      <Link
        to={`/product-details/${encodeURIComponent(created.number)}`}
        className="inline-flex items-center gap-1 font-semibold text-brand-700 underline"
      >
        <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
        View in shop
      </Link>
      <Link
        to={`/admin/products-edit/${encodeURIComponent(created.number)}`}
        state={listState}
        className="inline-flex items-center gap-1 font-semibold text-brand-700 underline"
      >
        <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
        Edit
      </Link>
    </p>
  );
  return (
    <EditorFrame heading="Add New Product">
      <ProductForm
        mode="create"
        categories={categories.data}
        onSave={save}
        createdLinks={createdLinks}
      />
    </EditorFrame>
  );
}

/** Update Product: the product by its number (the route parameter), in the same form. */
export function EditProductEditor({ number }: { number: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const listPath = productsListPath(location.state);
  const product = useProduct(number);
  const categories = useCategories();
  const update = useUpdateProduct();

  if (product.isPending) {
    return (
      <EditorFrame heading="Update Product">
        <LoadingIndicator label="Loading the product..." />
      </EditorFrame>
    );
  }
  if (product.isError) {
    // A malformed number (too long, say) is as missing as an unknown one.
    const missing =
      product.error instanceof ApiError &&
      (product.error.status === 404 || product.error.status === 400);
    return (
      <EditorFrame heading="Update Product">
        <div className="flex items-start gap-3 text-slate-700">
          <PackageX className="mt-0.5 h-5 w-5 shrink-0 text-accent-700" aria-hidden="true" />
          <div>
            <p className="font-semibold text-slate-900">
              {missing
                ? `There is no product with the number ${number}.`
                : 'The product could not be loaded.'}
            </p>
            <p className="mt-1 text-sm">
              {missing
                ? 'It may have been deleted, or its number changed.'
                : 'Please try again in a moment.'}{' '}
              <Link to={listPath} className="font-semibold text-brand-700 underline">
                Go to the product list
              </Link>
            </p>
          </div>
        </div>
      </EditorFrame>
    );
  }

  const current = product.data;
  const save = async ({
    values,
    existingImages,
    newImages,
    imageOrder,
    brochureFile,
    confirmPrices,
  }: ProductSubmission) => {
    const saved = await update.mutateAsync({
      number: current.number,
      body: updateProductBody(values, existingImages, newImages, {
        confirmPrices,
        imageOrder,
        brochureFile,
      }),
    });
    // A changed number changes the address; the form (keyed by _id) stays with its message.
    if (saved.number !== number) {
      await navigate(`/admin/products-edit/${encodeURIComponent(saved.number)}`, {
        replace: true,
        state: location.state,
      });
    }
    return saved;
  };
  return (
    <EditorFrame heading="Update Product">
      <p className="-mt-2 mb-5 text-sm text-slate-600">
        Product <span className="font-semibold text-slate-900">{current.number}</span>
        {' · '}
        <Link
          to={`/product-details/${encodeURIComponent(current.number)}`}
          className="font-semibold text-brand-700 underline"
        >
          View in the shop
        </Link>
      </p>
      <ProductForm
        key={current._id}
        mode="edit"
        product={current}
        categories={categories.data}
        onSave={save}
      />
    </EditorFrame>
  );
}
