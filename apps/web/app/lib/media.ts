/** Widths the media endpoint renders, per place a picture is shown. */
export const imageWidths = {
  thumbnail: [150],
  card: [200, 400],
  normal: [400, 600],
  gallery: [400, 800, 1200],
  banner: [600, 1200, 1920],
} as const;

export const PLACEHOLDER_IMAGE = '/media/site/placeholder';

/** `src` at one width; the server picks AVIF, WebP or JPEG from the browser's Accept header. */
export function mediaUrl(src: string, width: number): string {
  if (!src.startsWith('/media/')) return src;
  return `${src}?w=${width}`;
}

export function mediaSrcSet(src: string, widths: readonly number[]): string | undefined {
  if (!src.startsWith('/media/')) return undefined;
  return widths.map((width) => `${mediaUrl(src, width)} ${width}w`).join(', ');
}
