import { formatDollars } from '@labshop/shared/money';
import type { ProductDto } from '@labshop/shared/schemas/catalog';
import { ImageOff } from 'lucide-react';
import { Link } from 'react-router';
import { OldPrice } from './price-text.tsx';
import { ProductImage, type ProductImageProps } from './product-image.tsx';

export function productDetailsPath(number: string): string {
  return `/product-details/${encodeURIComponent(number)}`;
}

/**
 * A card's title as a link covering the whole card (the card is `relative`). A title cut for
 * the card (`shownTitle`) keeps the whole title for screen readers and as a tooltip.
 */
export function CardTitleLink({
  product,
  shownTitle,
  className,
}: {
  product: ProductDto;
  shownTitle: string;
  className: string;
}) {
  const cut = shownTitle !== product.title;
  return (
    <Link
      to={productDetailsPath(product.number)}
      className={`break-words after:absolute after:inset-0 ${className}`}
      title={cut ? product.title : undefined}
    >
      {cut ? (
        <>
          <span aria-hidden="true">{shownTitle}</span>
          <span className="sr-only">{product.title}</span>
        </>
      ) : (
        product.title
      )}
    </Link>
  );
}

/** A card's prices: the old one struck through, the new one, and wholesale when signed in. */
export function CardPrices({ product, signedIn }: { product: ProductDto; signedIn: boolean }) {
  return (
    <div className="mt-auto pt-3">
      <p className="flex flex-wrap items-baseline gap-x-2">
        {product.oldPrice !== null && (
          <OldPrice dollars={product.oldPrice} className="text-sm text-slate-600" />
        )}
        <span className="text-lg font-bold text-brand-900">
          {product.oldPrice !== null && <span className="sr-only">Now </span>}
          {formatDollars(product.newPrice)}
        </span>
      </p>
      {signedIn && product.wholesalePrice !== null && (
        <p className="text-sm font-semibold text-emerald-800" data-testid="wholesale-price">
          {`Wholesale: ${formatDollars(product.wholesalePrice)}`}
        </p>
      )}
    </div>
  );
}

/**
 * A product's main picture (`url`), or where it has none a crossed-out picture icon, centred in
 * the picture's box, in its place.
 */
export function ProductPicture({
  url,
  iconClassName,
  ...image
}: Omit<ProductImageProps, 'url'> & {
  url: string | null | undefined;
  /** The icon's size, e.g. 'h-10 w-10'. */
  iconClassName: string;
}) {
  if (url) return <ProductImage url={url} {...image} />;
  return (
    <div className="flex h-full items-center justify-center text-slate-400">
      <ImageOff className={iconClassName} aria-hidden="true" />
    </div>
  );
}
