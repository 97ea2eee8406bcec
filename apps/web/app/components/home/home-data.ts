import type { Category, Product } from '@shop/contracts/catalogue';
import type { Banner } from '@shop/contracts/content';
import { errorMessage, type ApiClient } from '../../lib/api-client';

/** A section's data, or the message of the call that failed (rendered, never thrown). */
export type Loaded<T> = { ok: true; data: T } | { ok: false; error: string };

export interface MosaicImage {
  src: string;
  alt: string;
}

export interface HomeData {
  banners: Loaded<Banner[]>;
  mobileBanners: Loaded<Banner[]>;
  featured: Loaded<Product | null>;
  categories: Loaded<Category[]>;
  mosaic: MosaicImage[];
}

/** The bra mosaic shows 7 images. */
export const MOSAIC_IMAGE_COUNT = 7;
/** The featured block is the first product of the catalogue's first page (limit 10). */
const FEATURED_QUERY = { page: 1, limit: 10 };

async function settle<T>(promise: Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await promise };
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}

/** What the mosaic reads of a product. */
type MosaicSource = Pick<Product, 'name' | 'images'> & { colors: { images: string[] }[] };

/**
 * A product's images in the order the mosaic prefers them: the first image of each colour,
 * starting from colour `turn` so neighbouring tiles show different colours, then the rest.
 */
function mosaicCandidates(product: MosaicSource, turn: number): string[] {
  const colors = product.colors;
  const firsts = colors.map((_, offset) => colors[(turn + offset) % colors.length]?.images[0]);
  return [...new Set([...firsts, ...product.images].filter((src): src is string => !!src))];
}

/**
 * One image per product in turn (each in a different colour where it can), then each one's
 * next, so the mosaic shows as many different bras as there are before it repeats a product.
 */
export function pickMosaicImages(
  products: MosaicSource[],
  count = MOSAIC_IMAGE_COUNT,
): MosaicImage[] {
  const candidates = products.map((product, turn) => mosaicCandidates(product, turn));
  const picked: MosaicImage[] = [];
  const deepest = Math.max(0, ...candidates.map((list) => list.length));
  for (let depth = 0; depth < deepest && picked.length < count; depth += 1) {
    candidates.forEach((list, index) => {
      const src = list[depth];
      if (src && picked.length < count) picked.push({ src, alt: products[index]!.name });
    });
  }
  return picked;
}

async function loadMosaic(api: ApiClient, categories: Category[]): Promise<MosaicImage[]> {
  const bras =
    categories.find((category) => category.slug === 'bras') ??
    categories.find((category) => /\bbras?\b/i.test(category.name));
  if (!bras) return [];
  try {
    const list = await api.listProductsByCategory(bras._id, {
      page: 1,
      limit: MOSAIC_IMAGE_COUNT,
    });
    return pickMosaicImages(list.products);
  } catch {
    // The mosaic is decoration: without images it still offers SHOP NOW.
    return [];
  }
}

/** Everything the home page renders on the server, fetched in parallel. */
export async function loadHomeData(api: ApiClient): Promise<HomeData> {
  const categories = settle(api.listCategories());
  const [banners, mobileBanners, featured, loadedCategories, mosaic] = await Promise.all([
    settle(api.listBanners()),
    settle(api.listMobileBanners()),
    settle(api.listProducts(FEATURED_QUERY).then((list) => list.products[0] ?? null)),
    categories,
    categories.then((result) => (result.ok ? loadMosaic(api, result.data) : [])),
  ]);
  return { banners, mobileBanners, featured, categories: loadedCategories, mosaic };
}
