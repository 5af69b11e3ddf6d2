import { isUnavailable, type ProductDto } from '@labshop/shared/schemas/catalog';
import { Ban, Check, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { AddToCartForm } from './add-to-cart-form.tsx';
import { useFocusAfterAdd } from './use-focus-after-add.ts';

export interface ProductCardButtonProps {
  product: Pick<ProductDto, 'number' | 'title'>;
  inCart: boolean;
  onAddToCart: () => void;
}

const BUTTON =
  'flex min-h-10 w-full items-center justify-center gap-1.5 rounded-md px-2 py-2 text-sm font-semibold sm:gap-2 sm:px-3';

/**
 * The card's one button (SPEC.md "Shop page"): 'Add to Cart'; 'In Cart / View' (to the cart)
 * once the cart holds the product; a disabled 'Not Available' for unavailable products.
 */
export function ProductCardButton({ product, inCart, onAddToCart }: ProductCardButtonProps) {
  const { cartLink, addToCart } = useFocusAfterAdd(inCart, onAddToCart);

  if (isUnavailable(product)) {
    return (
      <button
        type="button"
        disabled
        className={`${BUTTON} cursor-not-allowed bg-slate-100 text-slate-600`}
      >
        <Ban className="h-4 w-4" aria-hidden="true" />
        Not Available
      </button>
    );
  }
  if (inCart) {
    return (
      <Link
        ref={cartLink}
        to="/cart"
        className={`${BUTTON} border border-brand-600 bg-brand-50 text-brand-700 hover:bg-brand-100`}
      >
        <Check className="h-4 w-4" aria-hidden="true" />
        In Cart / View
      </Link>
    );
  }
  return (
    <AddToCartForm
      productNumber={product.number}
      onAdd={addToCart}
      className={`${BUTTON} bg-accent-700 text-white shadow-sm hover:brightness-90`}
    >
      <ShoppingCart className="h-4 w-4" aria-hidden="true" />
      Add to Cart
    </AddToCartForm>
  );
}
