import type { ReactNode } from 'react';
import { ADD_TO_CART_FIELD } from '../../cart/cart-forms.ts';

/**
 * An 'Add to Cart' button that works before and without the page's code: a form posted to the
 * page itself, whose action adds the product (cart-actions.server.ts). Once the code runs
 * it adds in the browser instead, as before, and nothing is posted.
 */
export function AddToCartForm({
  productNumber,
  onAdd,
  className,
  children,
}: {
  productNumber: string;
  onAdd: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        onAdd();
      }}
    >
      <input type="hidden" name={ADD_TO_CART_FIELD} value={productNumber} />
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}
