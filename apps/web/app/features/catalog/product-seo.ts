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

/**
 * The product page's title, description, canonical link and sharing tags (React Router's meta
 * descriptors). Made by the loader, so the browser's bundle carries none of this.
 */
export function productMetaTags(product: ProductDto, publicUrl: string, siteName: string) {
  const description = metaDescription(product.description);
  const canonical = productCanonicalUrl(product.number, publicUrl);
  const image = mainImage(product);
  return [
    { title: `${product.title} | ${siteName}` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: product.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    ...(image ? [{ property: 'og:image', content: absoluteUrl(image, publicUrl) }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
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
    // The shipping weight, in pounds (UN/CEFACT LBR), where the staff entered one.
    ...(product.shippingWeightLb !== null && {
      weight: { '@type': 'QuantitativeValue', value: product.shippingWeightLb, unitCode: 'LBR' },
    }),
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
