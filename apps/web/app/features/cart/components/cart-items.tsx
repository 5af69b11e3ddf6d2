import { PAYMENT } from '@labshop/shared/constants';
import { formatCents } from '@labshop/shared/money';
import type { PriceTier } from '@labshop/shared/auth';
import { mainImage } from '@labshop/shared/schemas/catalog';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { productDetailsPath, ProductPicture } from '../../catalog/components/card-parts.tsx';
import type { PricedCartItem } from '../cart-items.ts';
import { CART_LINE_FORM } from '../cart-line-form.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

/**
 * The cart's lines (SPEC.md "Cart page"): on phones and tablets stacked cards; from laptop width a
 * table-like grid with a header row. One list either way: on wide screens the cards' inner
 * wrappers dissolve (`lg:contents`) and every part takes its column.
 */
/** Lines whose picture loads at once: those in the first screen on a phone. */
const EAGER_IMAGES = 3;

const ROW_GRID = 'lg:grid lg:grid-cols-[5rem_minmax(0,1fr)_8.5rem_9rem_7.5rem_6.5rem] lg:gap-x-4';

export function CartItems({
  items,
  tier,
  storageBaseUrl,
  onQuantityChange,
  onRemove,
}: {
  items: PricedCartItem[];
  tier: PriceTier;
  storageBaseUrl: string;
  onQuantityChange: (item: PricedCartItem, quantity: number) => void;
  onRemove: (item: PricedCartItem) => void;
}) {
  return (
    <div>
      {/* The column names for sighted users; each cell names itself to screen readers. */}
      <div
        aria-hidden="true"
        className={`hidden border-b border-slate-200 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase ${ROW_GRID}`}
      >
        <span className="col-span-2">Product</span>
        <span className="text-right">Price</span>
        <span className="text-center">Quantity</span>
        <span className="text-right">Total</span>
        <span />
      </div>
      <ul aria-label="Items in your cart" className="space-y-3 lg:space-y-0">
        {items.map((item, index) => (
          <CartItemRow
            key={item.product.number}
            item={item}
            eagerImage={index < EAGER_IMAGES}
            tier={tier}
            storageBaseUrl={storageBaseUrl}
            onQuantityChange={(quantity) => onQuantityChange(item, quantity)}
            onRemove={() => onRemove(item)}
          />
        ))}
      </ul>
    </div>
  );
}

/** Which price a line pays, for signed-in users (anonymous visitors always pay retail). */
function priceNote(item: PricedCartItem, tier: PriceTier): string | null {
  if (tier === 'retail') return null;
  const partner = item.product.partnerPricex3;
  if (partner !== null && item.quantity >= PAYMENT.partnerPriceMinQuantity) {
    return `Partner price (${PAYMENT.partnerPriceMinQuantity}+)`;
  }
  return 'Wholesale price';
}

function CartItemRow({
  item,
  eagerImage,
  tier,
  storageBaseUrl,
  onQuantityChange,
  onRemove,
}: {
  item: PricedCartItem;
  eagerImage: boolean;
  tier: PriceTier;
  storageBaseUrl: string;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { product } = item;
  const image = mainImage(product);
  const note = priceNote(item, tier);
  return (
    <li
      data-testid="cart-item"
      className={`flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:items-center lg:gap-y-0 lg:rounded-none lg:border-x-0 lg:border-t-0 lg:px-0 lg:py-4 lg:shadow-none ${ROW_GRID}`}
    >
      <div className="flex gap-4 lg:contents">
        <div className="h-20 w-20 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-50 lg:col-start-1 lg:row-start-1">
          <ProductPicture
            url={image}
            storageBaseUrl={storageBaseUrl}
            alt=""
            sizes="80px"
            loading={eagerImage ? 'eager' : 'lazy'}
            className="h-full w-full object-contain"
            iconClassName="h-6 w-6"
          />
        </div>
        <div className="min-w-0 flex-1 lg:contents">
          <div className="min-w-0 lg:col-start-2 lg:row-start-1">
            <Link
              to={productDetailsPath(product.number)}
              className="leading-snug font-semibold break-words text-brand-800 hover:text-brand-600 hover:underline"
            >
              {product.title}
            </Link>
            <p className="mt-0.5 text-xs text-slate-600">[{product.number}]</p>
          </div>
          <div className="mt-1 text-sm lg:col-start-3 lg:row-start-1 lg:mt-0 lg:text-right">
            <p className="font-semibold text-slate-900">
              <span className="sr-only">Unit price: </span>
              {formatCents(item.unitPriceCents)}
              <span className="font-normal text-slate-600 lg:hidden"> each</span>
            </p>
            {note && <p className="text-xs font-semibold text-emerald-800">{note}</p>}
          </div>
        </div>
      </div>

      {/* Phones: stepper and line total side by side, Remove under them (the focus order
          stays minus, input, plus, Remove). */}
      <form
        method="post"
        onSubmit={(event) => event.preventDefault()}
        className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 lg:contents"
      >
        <input type="hidden" name={CART_LINE_FORM.number} value={product.number} />
        <input type="hidden" name={CART_LINE_FORM.title} value={product.title} />
        {/* The form's first button, which Enter in the quantity field presses (not minus). */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
          Update
        </button>
        <div className="lg:col-start-4 lg:row-start-1 lg:justify-self-center">
          <QuantityStepper
            value={item.quantity}
            onChange={onQuantityChange}
            productTitle={product.title}
          />
        </div>
        <p className="text-right lg:col-start-5 lg:row-start-1">
          <span className="block text-xs text-slate-600 lg:sr-only">Line total</span>
          <span className="font-bold text-brand-900" data-testid="line-total">
            {formatCents(item.lineTotalCents)}
          </span>
        </p>
        <button
          type="submit"
          name={CART_LINE_FORM.remove}
          value="1"
          onClick={(event) => {
            event.preventDefault();
            onRemove();
          }}
          className="col-span-2 -mr-2 inline-flex min-h-10 items-center gap-1.5 justify-self-end rounded-md px-2 text-sm font-semibold text-red-700 hover:bg-red-50 lg:col-span-1 lg:col-start-6 lg:row-start-1 lg:mr-0"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Remove <span className="sr-only">{product.title} from the cart</span>
        </button>
      </form>
    </li>
  );
}
