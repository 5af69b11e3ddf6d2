import { rewriteLegacyOrigin } from '@labshop/shared/images';
import { centsToDollars } from '@labshop/shared/money';
import type { CategoryDto, ProductDto } from '@labshop/shared/schemas/catalog';
import type { ImageUrlConfig } from '../../config/index.ts';
import { BROCHURE_FOLDER } from './brochures.ts';
import type { CategoryRow } from './categories-repo.ts';
import type { ProductRow } from './products-repo.ts';

/** Who asks for a product, which decides the prices it shows. */
export interface Viewer {
  /** Signed-in users (partners) see the wholesale and partner prices. */
  seesPartnerPrices: boolean;
}

/**
 * Rows as the API answers them: image URLs on the shop's image origin (legacy hosts
 * rewritten), a brochure's link, prices in dollars, partner prices only for partners.
 */
export function createCatalogAnswers(images: ImageUrlConfig, storageBaseUrl: string) {
  const showUrl = (url: string) => rewriteLegacyOrigin(url, images.legacyOrigins, images.origin);

  function brochureUrl(brochure: string | null): string | null {
    if (!brochure) return null;
    if (/^https?:\/\//i.test(brochure) || brochure.startsWith('/')) return showUrl(brochure);
    // A bare file name refers to the storage's brochures folder.
    return `${storageBaseUrl}${BROCHURE_FOLDER}/${encodeURIComponent(brochure)}`;
  }

  return {
    showUrl,

    /**
     * A product's answer. The list and the product page send it as JSON text without the
     * route's schema, so its fields must be exactly ProductDtoSchema's: the type holds it to
     * them, and catalog.test.ts compares the reads with the schema-serialised writes.
     */
    productDto(row: ProductRow, viewer: Viewer): ProductDto {
      return {
        _id: row.id,
        number: row.number,
        title: row.title,
        description: row.description,
        category: row.categoryName ?? '',
        images: row.images.map(showUrl),
        newPrice: centsToDollars(row.newPriceCents),
        oldPrice: row.oldPriceCents === null ? null : centsToDollars(row.oldPriceCents),
        wholesalePrice: viewer.seesPartnerPrices ? centsToDollars(row.wholesalePriceCents) : null,
        partnerPricex3:
          viewer.seesPartnerPrices && row.partnerPriceX3Cents !== null
            ? centsToDollars(row.partnerPriceX3Cents)
            : null,
        shippingWeightLb: row.shippingWeightLb,
        brochure: row.brochure,
        brochureUrl: brochureUrl(row.brochure),
        createdAt: row.createdAt.toISOString(),
        guid: row.guid,
      };
    },

    categoryDto(row: CategoryRow): CategoryDto {
      return {
        _id: row.id,
        name: row.name,
        thumbnail: row.thumbnail ? showUrl(row.thumbnail) : null,
      };
    },
  };
}

export type CatalogAnswers = ReturnType<typeof createCatalogAnswers>;
