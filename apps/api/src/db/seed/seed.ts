import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { discountFormSchema } from '@shop/contracts/admin-discounts';
import { blogInput } from '@shop/contracts/blog-admin';
import { averageRating, productSearchText, slugify } from '@shop/domain/catalogue';
import { rupeesToPaise } from '@shop/domain/money';
import { queryRows, type Database, type Transaction } from '../client.ts';
import {
  banners,
  categories,
  productColorImages,
  productColors,
  products,
  productSizeStock,
  productSpecifications,
  productTags,
  shopState,
  sizeCharts,
  subcategories,
  tags,
} from '../schema.ts';
import { insertBlogPost } from '../../features/content/blog-admin.service.ts';
import { insertDiscount } from '../../features/discounts/discounts-admin.service.ts';
import { createLocalMediaStore, type MediaStore } from '../../features/media/media-store.ts';
import { seedCategories, seedProducts } from './catalogue-data.ts';
import { seedBlogs, seedDesktopBanners, seedMobileBanners } from './content-data.ts';
import {
  drawBanner,
  drawBlogCover,
  drawCategoryImage,
  drawPlaceholder,
  drawProductImage,
  drawSizeChart,
} from './image-drawings.ts';
import type { SeedBanner, SeedProduct } from './seed-types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Any constant works; it only has to be the same in every process that may seed at once. */
const SEED_LOCK_KEY = 7_310_001;

/** Media URLs of the seeded images; the media route renders each from its SVG original. */
export const seedImageUrls = {
  category: (name: string) => `/media/categories/${slugify(name)}`,
  product: (product: SeedProduct, colorName: string, view: number) =>
    `/media/products/${slugify(product.name)}-${slugify(colorName)}-${view + 1}`,
  banner: (placement: 'desktop' | 'mobile', index: number) =>
    `/media/banners/${placement}-${index + 1}`,
  blog: (title: string) => `/media/blogs/${slugify(title)}`,
  sizeChart: (kind: 'bra' | 'apparel') => `/media/charts/${kind}-size-guide`,
  placeholder: '/media/site/placeholder',
};

/**
 * Writes the SVG original behind every seeded image URL that has none yet. The server's render
 * queue renders their widths after it starts; until then each is served as drawn.
 */
export async function writeSeedImages(media: MediaStore): Promise<number> {
  const files: { url: string; svg: () => string }[] = [];
  for (const category of seedCategories) {
    files.push({
      url: seedImageUrls.category(category.name),
      svg: () => drawCategoryImage(category.garment, category.colorHex, category.name),
    });
  }
  for (const product of seedProducts) {
    for (const color of product.colors) {
      for (let view = 0; view < color.imageCount; view += 1) {
        files.push({
          url: seedImageUrls.product(product, color.colorName, view),
          svg: () => drawProductImage(product.garment, color.colorHex, view),
        });
      }
    }
  }
  const bannerSets: ['desktop' | 'mobile', SeedBanner[]][] = [
    ['desktop', seedDesktopBanners],
    ['mobile', seedMobileBanners],
  ];
  for (const [layout, list] of bannerSets) {
    list.forEach((banner, index) =>
      files.push({
        url: seedImageUrls.banner(layout, index),
        svg: () => drawBanner({ ...banner, layout }),
      }),
    );
  }
  for (const blog of seedBlogs) {
    files.push({
      url: seedImageUrls.blog(blog.title),
      svg: () => drawBlogCover(blog.garment, blog.colorHex, blog.title),
    });
  }
  files.push({ url: seedImageUrls.sizeChart('bra'), svg: () => drawSizeChart('bra') });
  files.push({ url: seedImageUrls.sizeChart('apparel'), svg: () => drawSizeChart('apparel') });
  files.push({ url: seedImageUrls.placeholder, svg: drawPlaceholder });

  const stored = new Set(await media.list('originals/'));
  let written = 0;
  for (const file of files) {
    const key = `originals/${file.url.replace(/^\/media\//, '')}.svg`;
    if (stored.has(key)) continue;
    await media.write(key, Buffer.from(file.svg()), 'image/svg+xml');
    written += 1;
  }
  return written;
}

/** The `shop_state` key that records the demo data was put in. */
const DEMO_SEEDED = 'demo_seeded_at';
/** Its value when the shop had a catalogue of its own, so the demo was left out for good. */
const OWN_CATALOGUE = 'own-catalogue';

/**
 * Puts the demo catalogue, content and discount codes into a database once in its life: never
 * again after (the `shop_state` mark stays when an owner empties a table), and never into a shop
 * that already has a catalogue of its own. Safe to call from several processes at once (an
 * advisory lock serialises them). `demo: false` only draws the demo's pictures into this
 * machine's media folder when the database has the demo, as a process joining a shop does.
 */
export async function seedDatabase(
  db: Database,
  options: {
    mediaDir: string;
    /** Where the demo's pictures go; the local folder `mediaDir` when not given. */
    media?: MediaStore;
    now?: Date;
    demo?: boolean;
  },
) {
  const seedDemo = options.demo ?? true;
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [mark] = await queryRows<{ value: string }>(
      tx,
      sql`select value from shop_state where key = ${DEMO_SEEDED}`,
    );
    if (mark) return { seeded: false, demoPresent: mark.value !== OWN_CATALOGUE };
    if (!seedDemo) return { seeded: false, demoPresent: false };
    const [existing] = await queryRows<{ count: number }>(
      tx,
      sql`select count(*)::int as count from categories`,
    );
    const seeded = (existing?.count ?? 0) === 0;
    if (seeded) {
      const now = options.now ?? new Date();
      await insertCatalogue(tx, now);
      await insertDiscounts(tx, now);
    }
    await tx
      .insert(shopState)
      .values({ key: DEMO_SEEDED, value: seeded ? new Date().toISOString() : OWN_CATALOGUE });
    return { seeded, demoPresent: seeded };
  });
  // Each machine keeps its own media folder (or they share a bucket): the demo's pictures are
  // drawn wherever they are missing.
  if (outcome.demoPresent) {
    await writeSeedImages(options.media ?? createLocalMediaStore(options.mediaDir));
  }
  return { seeded: outcome.seeded };
}

/**
 * The shop's launch discounts, written as the back office's form would send them and through the
 * same schema and write, so a seeded code is one the owner could have made.
 */
async function insertDiscounts(tx: Transaction, now: Date) {
  const [bras] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, 'bras'));
  for (const { onlyBras, ...form } of seedDiscounts(now)) {
    await insertDiscount(
      tx,
      discountFormSchema.parse({ ...form, eligibleCategoryIds: onlyBras && bras ? [bras.id] : [] }),
    );
  }
}

function seedDiscounts(now: Date) {
  const days = (n: number) => new Date(now.getTime() + n * DAY_MS).toISOString();
  return [
    {
      code: 'NEW10',
      type: 'coupon',
      description: 'Introductory flat 10% off your first order',
      kind: 'percent',
      value: 10,
      perUserLimit: 1,
      firstOrderOnly: true,
      onlyBras: false,
    },
    {
      code: 'WELCOME200',
      type: 'voucher',
      description: '₹200 off orders of ₹1,499 or more',
      kind: 'flat',
      value: 200,
      minOrder: 1499,
      perUserLimit: 1,
      onlyBras: false,
    },
    {
      code: 'BRA15',
      type: 'coupon',
      description: '15% off bras, up to ₹500',
      kind: 'percent',
      value: 15,
      maxDiscount: 500,
      expiresAt: days(90),
      onlyBras: true,
    },
    {
      code: 'FESTIVE20',
      type: 'coupon',
      description: 'Festive season: 20% off (ended)',
      kind: 'percent',
      value: 20,
      startsAt: days(-60),
      expiresAt: days(-30),
      onlyBras: false,
    },
  ];
}

async function insertCatalogue(tx: Transaction, now: Date) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

  const categoryIds = new Map<string, string>();
  const subcategoryIds = new Map<string, string>();
  const categoryRows = seedCategories.map((category, position) => {
    const id = randomUUID();
    categoryIds.set(category.name, id);
    return {
      id,
      name: category.name,
      slug: slugify(category.name),
      description: category.description,
      image: seedImageUrls.category(category.name),
      hsnCode: category.hsnCode,
      position,
    };
  });
  await tx.insert(categories).values(categoryRows);

  const subcategoryRows = seedCategories.flatMap((category) =>
    category.subcategories.map((subcategory, position) => {
      const id = randomUUID();
      subcategoryIds.set(subcategory.name, id);
      return {
        id,
        categoryId: categoryIds.get(category.name)!,
        name: subcategory.name,
        slug: slugify(subcategory.name),
        description: subcategory.description,
        position,
      };
    }),
  );
  await tx.insert(subcategories).values(subcategoryRows);

  const chartIds = { bra: randomUUID(), apparel: randomUUID() };
  await tx.insert(sizeCharts).values([
    { id: chartIds.bra, name: 'Bra size guide', image: seedImageUrls.sizeChart('bra') },
    { id: chartIds.apparel, name: 'Apparel size guide', image: seedImageUrls.sizeChart('apparel') },
  ]);

  const tagIds = new Map<string, string>();
  for (const product of seedProducts) {
    for (const tag of product.tags) if (!tagIds.has(tag)) tagIds.set(tag, randomUUID());
  }
  await tx.insert(tags).values([...tagIds].map(([name, id]) => ({ id, name })));

  const productRows: (typeof products.$inferInsert)[] = [];
  const colorRows: (typeof productColors.$inferInsert)[] = [];
  const imageRows: (typeof productColorImages.$inferInsert)[] = [];
  const stockRows: (typeof productSizeStock.$inferInsert)[] = [];
  const specRows: (typeof productSpecifications.$inferInsert)[] = [];
  const productTagRows: (typeof productTags.$inferInsert)[] = [];

  seedProducts.forEach((product, position) => {
    const id = randomUUID();
    const categoryId = categoryIds.get(product.category);
    const subcategoryId = subcategoryIds.get(product.subcategory);
    if (!categoryId || !subcategoryId) {
      throw new Error(`Seed product "${product.name}" names an unknown category or subcategory`);
    }
    const createdAt = daysAgo(product.createdDaysAgo);
    productRows.push({
      id,
      name: product.name,
      slug: slugify(product.name),
      subheading: product.subheading,
      description: product.description,
      brand: product.brand,
      categoryId,
      subcategoryId,
      pricePaise: rupeesToPaise(product.price),
      originalPricePaise:
        product.originalPrice === undefined ? null : rupeesToPaise(product.originalPrice),
      netQuantity: product.netQuantity,
      ratings: product.ratings,
      ratingAverage: averageRating(product.ratings),
      sizeChartId: product.sizeChart === 'none' ? null : chartIds[product.sizeChart],
      position,
      searchText: productSearchText({
        name: product.name,
        subheading: product.subheading,
        categoryName: product.category,
        subcategoryName: product.subcategory,
        tags: product.tags,
        colorNames: product.colors.map((color) => color.colorName),
      }),
      createdAt,
      updatedAt: createdAt,
    });
    product.colors.forEach((color, colorPosition) => {
      const colorId = randomUUID();
      colorRows.push({
        id: colorId,
        productId: id,
        colorName: color.colorName,
        colorHex: color.colorHex,
        position: colorPosition,
      });
      for (let view = 0; view < color.imageCount; view += 1) {
        imageRows.push({
          colorId,
          url: seedImageUrls.product(product, color.colorName, view),
          alt: `${product.name} in ${color.colorName}, view ${view + 1}`,
          position: view,
        });
      }
      color.sizeStock.forEach((entry, sizePosition) =>
        stockRows.push({ colorId, size: entry.size, stock: entry.stock, position: sizePosition }),
      );
    });
    product.specifications.forEach((spec, order) =>
      specRows.push({ productId: id, label: spec.label, description: spec.description, order }),
    );
    product.tags.forEach((tag, tagPosition) =>
      productTagRows.push({ productId: id, tagId: tagIds.get(tag)!, position: tagPosition }),
    );
  });

  await tx.insert(products).values(productRows);
  await tx.insert(productColors).values(colorRows);
  await tx.insert(productColorImages).values(imageRows);
  await tx.insert(productSizeStock).values(stockRows);
  await tx.insert(productSpecifications).values(specRows);
  await tx.insert(productTags).values(productTagRows);

  // The journal's articles are written as the back office writes them: the same schema (and
  // its address rule), the same sanitizing, published on the day each was written.
  for (const blog of seedBlogs) {
    await insertBlogPost(
      tx,
      blogInput.parse({
        title: blog.title,
        excerpt: blog.content,
        image: seedImageUrls.blog(blog.title),
        markup: blog.markup,
        status: 'published',
      }),
      daysAgo(blog.createdDaysAgo),
    );
  }

  await tx.insert(banners).values([
    ...seedDesktopBanners.map((banner, position) => ({
      name: banner.name,
      image: seedImageUrls.banner('desktop', position),
      link: banner.link,
      position,
    })),
    // The seeded mobile banners are other pictures than the desktop ones: banners of their own,
    // shown at the mobile width only, after the desktop ones in the back office's order.
    ...seedMobileBanners.map((banner, index) => ({
      name: banner.name,
      mobileImage: seedImageUrls.banner('mobile', index),
      link: banner.link,
      position: seedDesktopBanners.length + index,
    })),
  ]);
}
