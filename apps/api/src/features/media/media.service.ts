import sharp from 'sharp';
import { conflict, invalid } from '@shop/domain/errors';
import {
  configureSharp,
  MAX_ORIGINAL_PIXELS,
  originalContentTypes,
  originalExtensions,
  renderVariants,
  sniffOriginal,
  type OriginalExtension,
} from './media-renderer.ts';
import type { MediaObject, MediaStore } from './media-store.ts';
import {
  mediaCollections,
  mediaContentTypes,
  mediaWidths,
  nearestStoredVariant,
  nearestWidth,
  negotiateFormat,
  parseVariantName,
  plannedVariants,
  variantName,
  type MediaCollection,
} from './media-variants.ts';
import { createRenderQueue } from './render-queue.ts';

export { mediaCollections, type MediaCollection } from './media-variants.ts';

/** What answers one image request. */
export interface MediaAnswer {
  key: string;
  contentType: string;
  /** The rendition this URL and Accept header always get: it may be cached for good. */
  final: boolean;
  /** An SVG original, served while its renditions are being made. */
  vector: boolean;
}

interface StoredImage {
  collection: MediaCollection;
  name: string;
  original: { key: string; extension: OriginalExtension };
  /** Names of the renditions stored (`400.avif`). */
  variants: Set<string>;
  /** When its last render failed: requests do not queue it again for a while. */
  failedAt?: number;
}

/** Image names: lower-case words joined by hyphens. */
export const mediaNamePattern = /^[a-z0-9][a-z0-9-]{0,150}$/;
const RETRY_FAILED_RENDER_AFTER_MS = 10 * 60_000;

const originalKey = (collection: string, name: string, extension: OriginalExtension) =>
  `originals/${collection}/${name}.${extension}`;
const variantsPrefix = (collection: string, name: string) => `variants/${collection}/${name}/`;
const isCollection = (value: string): value is MediaCollection =>
  (mediaCollections as readonly string[]).includes(value);

/** Pictures everybody sees first are rendered first at start; photos' first views next. */
function startOrder(image: StoredImage): number {
  if (['banners', 'categories', 'site'].includes(image.collection)) return 0;
  if (image.collection === 'products' && image.name.endsWith('-1')) return 1;
  return 2;
}

function shuffle<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}

/**
 * Serves stored renditions only: the widths the storefront uses are rendered when an image is
 * stored (an upload waits for them) or, for images stored without them (the demo's pictures at
 * the first start), by the render queue, which also takes any image a request finds incomplete.
 * A request is never rendered for: it gets the nearest stored rendition, else the original.
 */
export function createMediaService(options: {
  store: MediaStore;
  /** Renders at once (1 or 2). */
  renderConcurrency: number;
  onRenderError?: (image: string, error: unknown) => void;
}) {
  configureSharp();
  const { store } = options;
  /** Images known to exist, by `collection/name`: bounded by the images stored. */
  const images = new Map<string, StoredImage>();
  const lookups = new Map<string, Promise<StoredImage | undefined>>();
  let variantsRendered = 0;

  async function storedVariants(collection: MediaCollection, name: string) {
    const prefix = variantsPrefix(collection, name);
    const keys = await store.list(prefix);
    return new Set(
      keys.map((key) => key.slice(prefix.length)).filter((key) => parseVariantName(key)),
    );
  }

  async function findImage(collection: MediaCollection, name: string) {
    for (const extension of originalExtensions) {
      const key = originalKey(collection, name, extension);
      if (await store.has(key)) {
        const variants = await storedVariants(collection, name);
        const image: StoredImage = { collection, name, original: { key, extension }, variants };
        return image;
      }
    }
    return undefined;
  }

  function imageOf(collection: MediaCollection, name: string) {
    const id = `${collection}/${name}`;
    const known = images.get(id);
    if (known) return Promise.resolve(known);
    let lookup = lookups.get(id);
    if (!lookup) {
      lookup = findImage(collection, name)
        .then((image) => {
          if (image && !images.has(id)) images.set(id, image);
          return images.get(id);
        })
        .finally(() => lookups.delete(id));
      lookups.set(id, lookup);
    }
    return lookup;
  }

  const missingVariants = (image: StoredImage) =>
    plannedVariants(image.collection).filter((variant) => !image.variants.has(variant));

  async function render(id: string) {
    const image = images.get(id);
    if (!image) return;
    // Another process sharing the store may have rendered some meanwhile.
    image.variants = await storedVariants(image.collection, image.name);
    const wanted = missingVariants(image).map((variant) => parseVariantName(variant)!);
    if (wanted.length === 0) return;
    const original = await store.read(image.original.key);
    if (!original) {
      images.delete(id);
      return;
    }
    try {
      for await (const variant of renderVariants(original, image.original.extension, wanted)) {
        const name = variantName(variant.width, variant.format);
        await store.write(
          variantsPrefix(image.collection, image.name) + name,
          variant.bytes,
          mediaContentTypes[variant.format],
        );
        image.variants.add(name);
        variantsRendered += 1;
      }
      delete image.failedAt;
    } catch (error) {
      image.failedAt = Date.now();
      throw error;
    }
  }

  const queue = createRenderQueue({
    concurrency: options.renderConcurrency,
    run: render,
    onError: (id, error) => options.onRenderError?.(id, error),
  });

  function scheduleRender(image: StoredImage, urgent: boolean) {
    if (
      image.failedAt !== undefined &&
      Date.now() - image.failedAt < RETRY_FAILED_RENDER_AFTER_MS
    ) {
      return Promise.resolve();
    }
    return queue.add(`${image.collection}/${image.name}`, { urgent });
  }

  return {
    /**
     * The stored file that answers `?w=` with this Accept header: the planned width nearest to
     * it in AVIF or JPEG; while that is not rendered yet, the nearest stored rendition (the image
     * is queued), else the original. Undefined when there is no such image.
     */
    async answer(
      collection: MediaCollection,
      name: string,
      requestedWidth: number | undefined,
      accept: string | undefined,
    ): Promise<MediaAnswer | undefined> {
      const image = await imageOf(collection, name);
      if (!image) return undefined;
      const width = nearestWidth(mediaWidths[collection], requestedWidth);
      const format = negotiateFormat(accept);
      const prefix = variantsPrefix(collection, name);
      const wanted = variantName(width, format);
      if (image.variants.has(wanted)) {
        return {
          key: prefix + wanted,
          contentType: mediaContentTypes[format],
          final: true,
          vector: false,
        };
      }
      void scheduleRender(image, true);
      const nearest = nearestStoredVariant(image.variants, width, format);
      if (nearest) {
        return {
          key: prefix + variantName(nearest.width, nearest.format),
          contentType: mediaContentTypes[nearest.format],
          final: false,
          vector: false,
        };
      }
      const { key, extension } = image.original;
      return {
        key,
        contentType: originalContentTypes[extension],
        final: false,
        vector: extension === 'svg',
      };
    },

    open: (key: string): Promise<MediaObject | undefined> => store.open(key),

    /**
     * Stores a new picture (PNG, JPEG or WebP, told by its bytes) and resolves once the widths
     * the storefront uses are rendered, through the render queue.
     */
    async storeOriginal(collection: MediaCollection, name: string, bytes: Buffer) {
      if (!mediaNamePattern.test(name)) throw invalid('Invalid image name');
      const extension = sniffOriginal(bytes);
      if (!extension) throw invalid('Images must be PNG, JPEG or WebP files');
      const { width = 0, height = 0 } = await sharp(bytes).metadata();
      if (width * height > MAX_ORIGINAL_PIXELS)
        throw invalid('Images may have at most 50 megapixels');
      if (await imageOf(collection, name)) throw conflict('An image with this name already exists');
      const key = originalKey(collection, name, extension);
      await store.write(key, bytes, originalContentTypes[extension]);
      const image: StoredImage = {
        collection,
        name,
        original: { key, extension },
        variants: new Set(),
      };
      images.set(`${collection}/${name}`, image);
      await scheduleRender(image, true);
      if (missingVariants(image).length > 0) {
        images.delete(`${collection}/${name}`);
        await store.remove(key);
        throw invalid('The image could not be read');
      }
    },

    /**
     * Removes an image's original and every rendition, in whatever store is configured; nothing
     * happens for parts already gone. Requests for it then answer 404 (in other processes once
     * their own lookup finds the files gone).
     */
    async remove(collection: MediaCollection, name: string) {
      if (!mediaNamePattern.test(name)) throw invalid('Invalid image name');
      images.delete(`${collection}/${name}`);
      // Renditions first: while the original is there, a sweep interrupted here finds it again.
      const variants = await store.list(variantsPrefix(collection, name));
      await Promise.all(variants.map((key) => store.remove(key)));
      await Promise.all(
        originalExtensions.map((extension) =>
          store.remove(originalKey(collection, name, extension)),
        ),
      );
    },

    /** The names of the images stored in a collection (from their originals). */
    async namesIn(collection: MediaCollection): Promise<string[]> {
      const prefix = `originals/${collection}/`;
      const names = (await store.list(prefix)).map((key) =>
        key.slice(prefix.length).replace(/\.[a-z]+$/, ''),
      );
      return [...new Set(names)].filter((name) => mediaNamePattern.test(name));
    },

    /**
     * Queues every stored image that lacks a planned rendition (at start: the demo's pictures of
     * a new data folder, a width added to the plan). Answers how many were queued.
     */
    async renderMissing(): Promise<number> {
      const [originalKeys, variantKeys] = await Promise.all([
        store.list('originals/'),
        store.list('variants/'),
      ]);
      const variantsById = new Map<string, Set<string>>();
      for (const key of variantKeys) {
        const match = /^variants\/([a-z]+\/[a-z0-9][a-z0-9-]*)\/([^/]+)$/.exec(key);
        if (!match || !parseVariantName(match[2]!)) continue;
        let set = variantsById.get(match[1]!);
        if (!set) variantsById.set(match[1]!, (set = new Set()));
        set.add(match[2]!);
      }
      const incomplete: StoredImage[] = [];
      for (const key of originalKeys) {
        const match = /^originals\/([a-z]+)\/([a-z0-9][a-z0-9-]*)\.(svg|png|jpg|webp)$/.exec(key);
        const [collection = '', name = ''] = [match?.[1], match?.[2]];
        if (!isCollection(collection) || !mediaNamePattern.test(name)) continue;
        const id = `${collection}/${name}`;
        let image = images.get(id);
        if (!image) {
          const extension = match![3] as OriginalExtension;
          image = {
            collection,
            name,
            original: { key, extension },
            variants: variantsById.get(id) ?? new Set(),
          };
          images.set(id, image);
        }
        if (missingVariants(image).length > 0) incomplete.push(image);
      }
      // Shuffled within each rank: processes sharing a bucket then mostly take different images.
      const ranked = [0, 1, 2].flatMap((rank) =>
        shuffle(incomplete.filter((image) => startOrder(image) === rank)),
      );
      for (const image of ranked) void scheduleRender(image, false);
      return ranked.length;
    },

    /** Resolves once the render queue is empty. */
    idle: () => queue.idle(),

    stats: () => ({ variantsRendered, waiting: queue.waiting, running: queue.running }),

    /** Stops rendering (what runs finishes) and lets the store go. */
    async close() {
      await queue.close();
      await store.close();
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
