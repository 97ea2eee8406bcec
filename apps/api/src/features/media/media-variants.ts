/**
 * Which renditions of an image the shop stores, and which stored one answers a request. Widths
 * are the ones the storefront asks for (its `srcset`s and `mediaUrl` calls, apps/web); any other
 * width is answered with the nearest stored one, so no request can ask for new work.
 */
export const mediaCollections = [
  'products',
  'categories',
  'banners',
  'blogs',
  'charts',
  'site',
  'uploads',
] as const;
export type MediaCollection = (typeof mediaCollections)[number];

/** AVIF for every browser that takes it; JPEG for the rest, crawlers and link previews. */
export const mediaFormats = ['avif', 'jpeg'] as const;
export type MediaFormat = (typeof mediaFormats)[number];

export const mediaContentTypes: Record<MediaFormat, string> = {
  avif: 'image/avif',
  jpeg: 'image/jpeg',
};

/** Widths the storefront requests, per collection. */
export const mediaWidths: Record<MediaCollection, readonly number[]> = {
  // Thumbnails, search and checkout lines 150; cart 200; cards 200/400/600; wishlist and deals
  // 400; gallery 400/800/1200; the share image 1200.
  products: [150, 200, 400, 600, 800, 1200],
  // The home page's category carousel.
  categories: [200, 400],
  // Mobile banners 400/800, desktop banners 600/1200/1920.
  banners: [400, 600, 800, 1200, 1920],
  // The journal's cards 400/600/800 and its article overlay 400/800/1200.
  blogs: [400, 600, 800, 1200],
  // The size-chart dialog.
  charts: [400, 800, 1200],
  // The placeholder stands in for any picture, at any of the widths above.
  site: [150, 200, 400, 600, 800, 1200, 1920],
  // Photos uploaded in the back office may become a product's, a banner's or an article's: every
  // width any of those asks for.
  uploads: [150, 200, 400, 600, 800, 1200, 1920],
};

/** The width of a request without `w`. */
const DEFAULT_WIDTH = 1200;

/** The planned width nearest to the one asked for (halfway goes to the larger one). */
export function nearestWidth(widths: readonly number[], requested: number | undefined): number {
  const wanted = requested ?? DEFAULT_WIDTH;
  let best = widths[0]!;
  for (const width of widths) {
    const distance = Math.abs(width - wanted);
    const bestDistance = Math.abs(best - wanted);
    if (distance < bestDistance || (distance === bestDistance && width > best)) best = width;
  }
  return best;
}

/** AVIF when the browser says it takes it; JPEG otherwise (every client shows JPEG). */
export function negotiateFormat(accept: string | undefined): MediaFormat {
  return /\bimage\/avif\b/.test(accept ?? '') ? 'avif' : 'jpeg';
}

/** One rendition: `400.avif`. */
export const variantName = (width: number, format: MediaFormat) => `${width}.${format}`;

export function parseVariantName(name: string): { width: number; format: MediaFormat } | undefined {
  const match = /^(\d{1,5})\.(avif|jpeg)$/.exec(name);
  if (!match) return undefined;
  return { width: Number(match[1]), format: match[2] as MediaFormat };
}

/** Every rendition an image of this collection should have. */
export function plannedVariants(collection: MediaCollection): string[] {
  return mediaWidths[collection].flatMap((width) =>
    mediaFormats.map((format) => variantName(width, format)),
  );
}

/**
 * The stored rendition nearest in width to `width`, in `format` or in JPEG (which every client
 * shows); at equal distance the larger width, then the asked format. Undefined when none is stored.
 */
export function nearestStoredVariant(
  stored: Iterable<string>,
  width: number,
  format: MediaFormat,
): { width: number; format: MediaFormat } | undefined {
  let best: { width: number; format: MediaFormat } | undefined;
  const score = (candidate: { width: number; format: MediaFormat }) => [
    Math.abs(candidate.width - width),
    -candidate.width,
    candidate.format === format ? 0 : 1,
  ];
  for (const name of stored) {
    const candidate = parseVariantName(name);
    if (!candidate || (candidate.format !== format && candidate.format !== 'jpeg')) continue;
    if (!best) {
      best = candidate;
      continue;
    }
    const [a, b] = [score(candidate), score(best)];
    const better = a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
    if (better < 0) best = candidate;
  }
  return best;
}
