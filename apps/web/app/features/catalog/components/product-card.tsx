import { type ProductDto, mainImage, savingDollars } from '@labshop/shared/schemas/catalog';
import { shopCardTitle } from '@labshop/shared/text';
import { CardPrices, CardTitleLink, ProductPicture } from './card-parts.tsx';
import { SaveBadge } from './price-text.tsx';
import { ProductCardButton } from './product-card-button.tsx';

export interface ProductCardProps {
  product: ProductDto;
  storageBaseUrl: string;
  /** Signed-in users see the wholesale price too. */
  signedIn: boolean;
  inCart: boolean;
  onAddToCart: (product: ProductDto) => void;
  /** Cards in the first row load their picture at once; the others when scrolled near. */
  eagerImage?: boolean;
  /** The first card: its picture is the listing's largest paint, so it is preloaded. */
  priorityImage?: boolean;
}

/** A product in the shop grid (SPEC.md "Shop page"); the title link covers the whole card. */
export function ProductCard({
  product,
  storageBaseUrl,
  signedIn,
  inCart,
  onAddToCart,
  eagerImage = false,
  priorityImage = false,
}: ProductCardProps) {
  const image = mainImage(product);
  const saving = savingDollars(product);
  const shownTitle = shopCardTitle(product.title);

  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative aspect-square bg-slate-50">
        <ProductPicture
          url={image}
          storageBaseUrl={storageBaseUrl}
          alt=""
          sizes="(min-width: 1280px) 240px, (min-width: 768px) 30vw, 45vw"
          loading={eagerImage ? 'eager' : 'lazy'}
          priority={priorityImage}
          className="h-full w-full object-contain"
          iconClassName="h-10 w-10"
        />
        {saving !== null && <SaveBadge dollars={saving} className="absolute top-2 left-2" />}
      </div>

      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <p className="text-xs font-medium text-slate-600">[{product.number}]</p>
        <h2 className="mt-1 text-sm leading-snug font-semibold text-brand-900 sm:text-base">
          <CardTitleLink
            product={product}
            shownTitle={shownTitle}
            className="hover:text-brand-600"
          />
        </h2>

        <CardPrices product={product} signedIn={signedIn} />

        {/* Above the card-wide link, so the button gets the clicks. */}
        <div className="relative z-10 pt-3">
          <ProductCardButton
            product={product}
            inCart={inCart}
            onAddToCart={() => onAddToCart(product)}
          />
        </div>
      </div>
    </article>
  );
}
