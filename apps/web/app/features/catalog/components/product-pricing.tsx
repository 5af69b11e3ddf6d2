import { formatDollars } from '@labshop/shared/money';
import { savingDollars, type ProductDto } from '@labshop/shared/schemas/catalog';
import { OldPrice, SaveBadge } from './price-text.tsx';

export interface ProductPricingProps {
  product: Pick<ProductDto, 'newPrice' | 'oldPrice' | 'wholesalePrice' | 'partnerPricex3'>;
  signedIn: boolean;
}

/**
 * The product page's prices (SPEC.md section 6). Anonymous visitors: the old price struck
 * through, the new price and the Save badge. Signed-in partners: retail, wholesale and, when
 * set, the partner price for 3 or more.
 */
export function ProductPricing({ product, signedIn }: ProductPricingProps) {
  const saving = savingDollars(product);
  const retail = (
    <span className="flex flex-wrap items-baseline gap-x-3">
      {product.oldPrice !== null && (
        <OldPrice dollars={product.oldPrice} className="text-lg text-slate-600" />
      )}
      <span className="text-3xl font-bold text-brand-900">
        {product.oldPrice !== null && <span className="sr-only">Now </span>}
        {formatDollars(product.newPrice)}
      </span>
    </span>
  );

  if (!signedIn || product.wholesalePrice === null) {
    return (
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2" data-testid="product-pricing">
        {retail}
        {saving !== null && <SaveBadge dollars={saving} className="text-sm" />}
      </div>
    );
  }

  return (
    <div data-testid="product-pricing">
      <table className="w-full max-w-md border-separate border-spacing-0 overflow-hidden rounded-lg border border-slate-200 text-left">
        <caption className="sr-only">Your prices</caption>
        <tbody>
          <tr>
            <th scope="row" className="px-4 py-3 text-sm font-semibold text-slate-600">
              Retail
            </th>
            <td className="px-4 py-3">
              <span className="flex flex-wrap items-baseline gap-x-2">
                {product.oldPrice !== null && (
                  <OldPrice dollars={product.oldPrice} className="text-sm text-slate-600" />
                )}
                <span className="font-semibold text-slate-800">
                  {product.oldPrice !== null && <span className="sr-only">Now </span>}
                  {formatDollars(product.newPrice)}
                </span>
                {saving !== null && <SaveBadge dollars={saving} />}
              </span>
            </td>
          </tr>
          <tr className="bg-emerald-50">
            <th
              scope="row"
              className="border-t border-slate-200 px-4 py-3 text-sm font-semibold text-emerald-900"
            >
              Wholesale
            </th>
            <td className="border-t border-slate-200 px-4 py-3 text-2xl font-bold text-emerald-800">
              {formatDollars(product.wholesalePrice)}
            </td>
          </tr>
          {product.partnerPricex3 !== null && (
            <tr>
              <th
                scope="row"
                className="border-t border-slate-200 px-4 py-3 text-sm font-semibold text-slate-600"
              >
                Partner price (3 or more)
              </th>
              <td className="border-t border-slate-200 px-4 py-3 font-semibold text-brand-900">
                {formatDollars(product.partnerPricex3)}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
