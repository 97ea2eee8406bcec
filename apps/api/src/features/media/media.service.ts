import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/** The widths the storefront asks for (brief, section 9); other requests snap up to one of them. */
export const mediaWidths = [150, 200, 400, 600, 800, 1200, 1920] as const;
export const mediaCollections = [
  'products',
  'categories',
  'banners',
  'blogs',
  'charts',
  'site',
] as const;
export type MediaCollection = (typeof mediaCollections)[number];
export type MediaFormat = 'avif' | 'webp' | 'jpeg';

const sourceExtensions = ['svg', 'png', 'jpg', 'webp'] as const;
const DEFAULT_WIDTH = 1200;

export function snapWidth(requested: number | undefined): number {
  if (requested === undefined) return DEFAULT_WIDTH;
  return mediaWidths.find((width) => width >= requested) ?? mediaWidths[mediaWidths.length - 1]!;
}

export function negotiateFormat(accept: string | undefined): MediaFormat {
  const header = accept ?? '';
  if (header.includes('image/avif')) return 'avif';
  if (header.includes('image/webp')) return 'webp';
  return 'jpeg';
}

export const mediaContentTypes: Record<MediaFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/**
 * Originals live under DATA_DIR/media/originals; each size and format is rendered once with sharp
 * and kept under DATA_DIR/media/cache. Concurrent first requests for one variant share one render.
 */
export function createMediaService(mediaDir: string) {
  const originalsDir = join(mediaDir, 'originals');
  const cacheDir = join(mediaDir, 'cache');
  const inFlight = new Map<string, Promise<string | undefined>>();

  async function findOriginal(collection: MediaCollection, name: string) {
    for (const extension of sourceExtensions) {
      const path = join(originalsDir, collection, `${name}.${extension}`);
      try {
        await stat(path);
        return path;
      } catch {
        // try the next extension
      }
    }
    return undefined;
  }

  async function render(
    collection: MediaCollection,
    name: string,
    width: number,
    format: MediaFormat,
    target: string,
  ): Promise<string | undefined> {
    const original = await findOriginal(collection, name);
    if (!original) return undefined;
    const input = await readFile(original);
    let pipeline = sharp(input, { density: original.endsWith('.svg') ? 144 : 72 }).resize({
      width,
      withoutEnlargement: !original.endsWith('.svg'),
    });
    pipeline =
      format === 'avif'
        ? pipeline.avif({ quality: 55, effort: 2 })
        : format === 'webp'
          ? pipeline.webp({ quality: 78 })
          : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
    const bytes = await pipeline.toBuffer();
    await mkdir(join(cacheDir, collection), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
    return target;
  }

  return {
    /** Path of the rendered variant, or undefined when there is no such image. */
    async variantPath(
      collection: MediaCollection,
      name: string,
      width: number,
      format: MediaFormat,
    ): Promise<string | undefined> {
      const target = join(cacheDir, collection, `${name}-${width}.${format}`);
      try {
        await stat(target);
        return target;
      } catch {
        // not rendered yet
      }
      let pending = inFlight.get(target);
      if (!pending) {
        pending = render(collection, name, width, format, target).finally(() =>
          inFlight.delete(target),
        );
        inFlight.set(target, pending);
      }
      return pending;
    },
    open: (path: string) => createReadStream(path),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
