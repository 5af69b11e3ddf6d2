import { isUnavailable, type ProductDto } from '@labshop/shared/schemas/catalog';
import { CheckIcon, CircleAlertIcon, ShoppingCartIcon } from '../../../components/page-icons.tsx';
import { Link } from 'react-router';
import { AddToCartForm } from './add-to-cart-form.tsx';
import { useFocusAfterAdd } from './use-focus-after-add.ts';

export const UNAVAILABLE_MESSAGE = 'Product is currently not available';

export interface ProductBuyBoxProps {
  product: Pick<ProductDto, 'number' | 'title'>;
  inCart: boolean;
  onAddToCart: () => void;
}

/**
 * The product page's buying area: Add to Cart; once in the cart an 'In Cart' badge and a View
 * Cart link; for unavailable products a notice instead of a button.
 */
export function ProductBuyBox({ product, inCart, onAddToCart }: ProductBuyBoxProps) {
  const { cartLink, addToCart } = useFocusAfterAdd(inCart, onAddToCart);

  if (isUnavailable(product)) {
    return (
      <p className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-900">
        <CircleAlertIcon className="h-5 w-5 shrink-0" aria-hidden="true" />
        {UNAVAILABLE_MESSAGE}
      </p>
    );
  }
  if (inCart) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-3 py-1.5 text-sm font-bold text-emerald-900">
          <CheckIcon className="h-4 w-4" aria-hidden="true" />
          In Cart
        </span>
        <Link
          ref={cartLink}
          to="/cart"
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          <ShoppingCartIcon className="h-5 w-5" aria-hidden="true" />
          View Cart
        </Link>
      </div>
    );
  }
  return (
    <AddToCartForm
      productNumber={product.number}
      onAdd={addToCart}
      className="inline-flex min-h-11 items-center gap-2 rounded-md bg-accent-700 px-6 py-2.5 font-semibold text-white shadow-sm hover:brightness-90"
    >
      <ShoppingCartIcon className="h-5 w-5" aria-hidden="true" />
      Add to Cart
    </AddToCartForm>
  );
}
