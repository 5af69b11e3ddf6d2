import { isUnavailable, mainImage, type ProductDto } from '@labshop/shared/schemas/catalog';

/** Search engines show about this many characters of a meta description. */
export const META_DESCRIPTION_LENGTH = 155;

/** The description on one line, cut at a word near 155 characters with '...'. */
export function metaDescription(text: string, limit = META_DESCRIPTION_LENGTH): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= limit) return oneLine;
  const cut = oneLine.slice(0, limit - 3);
  const lastSpace = cut.lastIndexOf(' ');
  // Cut at a word boundary unless that would drop most of the text.
  const kept = lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut;
  return `${kept.replace(/[\s,.;:]+$/, '')}...`;
}

/** `url` made absolute against the public site origin (images may be stored on another host). */
export function absoluteUrl(url: string, publicUrl: string): string {
  try {
    return new URL(url, publicUrl).href;
  } catch {
    return url;
  }
}

export function productCanonicalUrl(number: string, publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/product-details/${encodeURIComponent(number)}`;
}

/** The images with the main one (the last of the list) first, as absolute URLs. */
export function productImageUrls(product: Pick<ProductDto, 'images'>, publicUrl: string): string[] {
  const main = mainImage(product);
  const ordered = main ? [main, ...product.images.slice(0, -1)] : [];
  return ordered.map((url) => absoluteUrl(url, publicUrl));
}

/** schema.org Product data for search engines (rendered as JSON-LD). */
export function productJsonLd(product: ProductDto, publicUrl: string, brandName: string) {
  const url = productCanonicalUrl(product.number, publicUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    sku: product.number,
    image: productImageUrls(product, publicUrl),
    description: product.description,
    category: product.category,
    brand: { '@type': 'Brand', name: brandName },
    offers: {
      '@type': 'Offer',
      url,
      price: product.newPrice,
      priceCurrency: 'USD',
      itemCondition: 'https://schema.org/NewCondition',
      availability: isUnavailable(product)
        ? 'https://schema.org/OutOfStock'
        : 'https://schema.org/InStock',
    },
  };
}
