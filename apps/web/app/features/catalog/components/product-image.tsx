import { imageSources } from '@labshop/shared/images';

export interface ProductImageProps {
  url: string;
  /** PublicConfig.storageBaseUrl: stored images have 400 and 800 px WebP variants. */
  storageBaseUrl: string;
  alt: string;
  /** The <img sizes> hint: how wide the image shows, so the browser picks a variant. */
  sizes: string;
  /** Intrinsic size; the demo pictures are square 800 px JPEGs. */
  size?: number;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low' | 'auto';
  className?: string;
}

/** A product picture with its resized variants and fixed dimensions (no layout shift). */
export function ProductImage({
  url,
  storageBaseUrl,
  alt,
  sizes,
  size = 800,
  loading = 'lazy',
  fetchPriority,
  className,
}: ProductImageProps) {
  const { src, srcSet } = imageSources(url, storageBaseUrl);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={size}
      height={size}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      className={className}
    />
  );
}
