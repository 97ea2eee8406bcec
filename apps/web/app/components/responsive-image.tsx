import { useState, type ImgHTMLAttributes } from 'react';
import { mediaSrcSet, mediaUrl, PLACEHOLDER_IMAGE } from '../lib/media';

interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'width' | 'height'
> {
  src: string;
  alt: string;
  /** Intrinsic size: reserves the box before the image arrives (no layout shift). */
  width: number;
  height: number;
  /** Candidate widths for srcset. */
  widths: readonly number[];
  /** The `sizes` attribute: how wide the image shows at each viewport. */
  sizes: string;
  /** Above-the-fold hero or main image: fetched eagerly and first. */
  priority?: boolean;
}

/** An image from the media endpoint with srcset, fixed aspect ratio and a placeholder on failure. */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  widths,
  sizes,
  priority = false,
  ...rest
}: ResponsiveImageProps) {
  const [failed, setFailed] = useState(false);
  const source = failed || !src ? PLACEHOLDER_IMAGE : src;
  return (
    <img
      {...rest}
      src={mediaUrl(source, widths[widths.length - 1] ?? 400)}
      srcSet={mediaSrcSet(source, widths)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      onError={() => setFailed(true)}
    />
  );
}
