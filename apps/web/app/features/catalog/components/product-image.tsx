import { imageSources } from '@labshop/shared/images';
import { preload } from 'react-dom';

export interface ProductImageProps {
  url: string;
  /** PublicConfig.storageBaseUrl: stored images have 240, 400 and 800 px WebP and JPEG variants. */
  storageBaseUrl: string;
  alt: string;
  /** The `sizes` hint: how wide the image shows, so the browser picks a variant. */
  sizes: string;
  /** Intrinsic size, for the aspect ratio before it loads; demo pictures are 800 px squares. */
  width?: number;
  height?: number;
  /** Eager for pictures in the first screen; lazy ones load when scrolled near. */
  loading?: 'eager' | 'lazy';
  /**
   * The page's largest picture (its LCP): loads eagerly with high priority and is preloaded from
   * the <head>, so the browser asks for it before it has read the body.
   */
  priority?: boolean;
  className?: string;
}

/**
 * A stored picture (product, category, gallery, avatar) as <picture>: the WebP variants for the
 * browsers that take them, the JPEG variants for the others, fixed dimensions and lazy loading.
 */
export function ProductImage({
  url,
  storageBaseUrl,
  alt,
  sizes,
  width = 800,
  height = width,
  loading = 'lazy',
  priority = false,
  className,
}: ProductImageProps) {
  const { src, webpSrcSet, jpegSrcSet } = imageSources(url, storageBaseUrl);
  if (priority) {
    // The same srcset, sizes and type as the <source> below: the browser reuses the preloaded
    // file instead of fetching another. React puts the <link> in the <head> of the SSR answer.
    preload(src, {
      as: 'image',
      type: webpSrcSet ? 'image/webp' : undefined,
      imageSrcSet: webpSrcSet,
      imageSizes: webpSrcSet ? sizes : undefined,
      fetchPriority: 'high',
    });
  }
  const img = (
    <img
      src={src}
      srcSet={jpegSrcSet}
      sizes={jpegSrcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      className={className}
    />
  );
  if (!webpSrcSet) return img;
  return (
    // `contents`: the <img> lays out as if it stood alone (in flex rows too), sized by its class.
    <picture className="contents">
      <source type="image/webp" srcSet={webpSrcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
