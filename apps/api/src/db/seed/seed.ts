import { eq, sql } from 'drizzle-orm';
import { discountFormSchema } from '@shop/contracts/admin-discounts';
import { offerFormSchema } from '@shop/contracts/offers';
import { bannerInput } from '@shop/contracts/banners-admin';
import { blogInput } from '@shop/contracts/blog-admin';
import { categoryCreateInput, subcategoryCreateInput } from '@shop/contracts/categories-admin';
import { productInput, type ProductInput } from '@shop/contracts/products-admin';
import { sizeChartInput } from '@shop/contracts/fit';
import { defaultShopSettings } from '@shop/contracts/shop-settings';
import { slugify } from '@shop/domain/catalogue';
import { queryRows, type Database, type Transaction } from '../client.ts';
import { categories, shopState } from '../schema.ts';
import type { AuditActor } from '../../features/audit/audit.service.ts';
import { createCategoriesAdminRepository } from '../../features/catalogue/categories-admin.repository.ts';
import { createCategoriesAdminService } from '../../features/catalogue/categories-admin.service.ts';
import { createProductsAdminRepository } from '../../features/catalogue/products-admin.repository.ts';
import { createProductsAdminService } from '../../features/catalogue/products-admin.service.ts';
import { announceCatalogueRewrite } from '../../features/catalogue/catalogue-changes.ts';
import { createSizeChartsRepository } from '../../features/catalogue/size-charts.repository.ts';
import { createSizeChartsService } from '../../features/catalogue/size-charts.service.ts';
import { createBannersAdminService } from '../../features/content/banners-admin.service.ts';
import { insertBlogPost } from '../../features/content/blog-admin.service.ts';
import { createDiscountIn } from '../../features/discounts/discounts-admin.service.ts';
import { createOfferIn } from '../../features/offers/offers-admin.service.ts';
import { createLocalMediaStore, type MediaStore } from '../../features/media/media-store.ts';
import { createReviewsRepository } from '../../features/reviews/reviews.repository.ts';
import { seedDemoReviews } from '../../features/reviews/reviews.service.ts';
import { createCatalogueRepository } from '../../features/catalogue/catalogue.repository.ts';
import { demoReviewsOf } from './review-data.ts';
import { seedCategories, seedProducts } from './catalogue-data.ts';
import { seedChartOf, seedSizeCharts, type SeedChartKey } from './size-chart-data.ts';
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
      await insertCatalogue(tx, db, now);
      await insertDiscounts(tx, now);
      await insertOffers(tx);
      // Processes already serving this database (the seed command run beside them, or a process
      // that started first) reload on this notice, sent at the commit.
      await announceCatalogueRewrite(tx);
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
    await createDiscountIn(
      tx,
      discountFormSchema.parse({ ...form, eligibleCategoryIds: onlyBras && bras ? [bras.id] : [] }),
      SEED_ACTOR,
    );
  }
}

/**
 * The shop's live offer, 'Any 3 panties for ₹999' on the Panties category, written as the back
 * office's form would send it and through the same schema and write, so the demo shows it.
 */
async function insertOffers(tx: Transaction) {
  const [panties] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, 'panties'));
  if (!panties) return;
  await createOfferIn(
    tx,
    offerFormSchema.parse({
      name: 'Any 3 panties for ₹999',
      label: '3 for ₹999',
      slug: 'any-3-panties-for-999',
      kind: 'bundle_price',
      units: 3,
      bundlePrice: 999,
      categoryIds: [panties.id],
      stacking: 'none',
    }),
    SEED_ACTOR,
  );
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

/**
 * Who the audit log says made the demo data: no person, like the operator's commands (`npm run
 * owner`), so the history of every seeded product, category and banner starts at its creation.
 */
export const SEED_ACTOR: AuditActor = { userId: null, email: 'seed' };

/**
 * The back office's services as the seed uses them: inside its one transaction, each write tells
 * no cache on its own; the seed announces the whole catalogue once, at its commit
 * (`announceCatalogueRewrite`), rather than one notice per product.
 */
function backOfficeServices(db: Database) {
  const nothingCached = async () => {};
  return {
    categories: createCategoriesAdminService({
      db,
      repository: createCategoriesAdminRepository(),
      catalogueChanged: nothingCached,
    }),
    products: createProductsAdminService({
      db,
      repository: createProductsAdminRepository(),
      catalogueChanged: nothingCached,
      newProductThreshold: async () => defaultShopSettings.lowStockThreshold,
    }),
    banners: createBannersAdminService({ db, catalogueChanged: nothingCached }),
    reviews: {
      repository: createReviewsRepository(db),
      recordRatings: createCatalogueRepository().recordRatings,
    },
    sizeCharts: createSizeChartsService({
      db,
      repository: createSizeChartsRepository(),
      catalogueChanged: nothingCached,
    }),
  };
}

/** A seed product as the product form would send it, its photos the seeded drawings. */
export function seedProductForm(
  product: SeedProduct,
  ids: { categoryId: string; subcategoryId: string; sizeChartId: string | null },
): ProductInput {
  return {
    name: product.name,
    subheading: product.subheading,
    description: product.description,
    brand: product.brand,
    categoryId: ids.categoryId,
    subcategoryId: ids.subcategoryId,
    sizeChartId: ids.sizeChartId,
    price: product.price,
    originalPrice: product.originalPrice ?? null,
    tags: product.tags,
    specifications: product.specifications,
    colors: product.colors.map((color) => ({
      colorName: color.colorName,
      colorHex: color.colorHex,
      photos: Array.from({ length: color.imageCount }, (_, view) => ({
        url: seedImageUrls.product(product, color.colorName, view),
        alt: `${product.name} in ${color.colorName}, view ${view + 1}`,
      })),
      sizeStock: color.sizeStock,
    })),
    isActive: true,
    countryOfOrigin: 'India',
    netQuantity: product.netQuantity,
  };
}

/**
 * The demo catalogue, written through the back office's services with their input schemas
 * parsing each item: a rule the owner's forms enforce (MRP at least the price, the GST gap, a
 * unique address, each colour and size once) holds for the demo data too, and a seed item that
 * breaks one stops the seed with the form's message.
 */
async function insertCatalogue(tx: Transaction, db: Database, now: Date) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const services = backOfficeServices(db);
  const [threshold] = await queryRows<{ value: unknown }>(
    tx,
    sql`select value from shop_settings where key = 'lowStockThreshold'`,
  );
  const newThreshold =
    typeof threshold?.value === 'number' ? threshold.value : defaultShopSettings.lowStockThreshold;

  const categoryIds = new Map<string, string>();
  const subcategoryIds = new Map<string, string>();
  for (const category of seedCategories) {
    const created = await services.categories.createIn(
      tx,
      categoryCreateInput.parse({
        name: category.name,
        description: category.description,
        image: seedImageUrls.category(category.name),
        hsnCode: category.hsnCode,
      }),
      SEED_ACTOR,
    );
    categoryIds.set(category.name, created.id);
    for (const subcategory of category.subcategories) {
      const sub = await services.categories.createSubcategoryIn(
        tx,
        created.id,
        subcategoryCreateInput.parse({
          name: subcategory.name,
          description: subcategory.description,
        }),
        SEED_ACTOR,
      );
      subcategoryIds.set(subcategory.name, sub.id);
    }
  }

  // The size charts, as the back office's chart form creates them (rows checked by its rules).
  const chartDefinitions = seedSizeCharts({
    bra: seedImageUrls.sizeChart('bra'),
    apparel: seedImageUrls.sizeChart('apparel'),
  });
  const chartIds = {} as Record<SeedChartKey, string>;
  for (const key of Object.keys(chartDefinitions) as SeedChartKey[]) {
    const chart = await services.sizeCharts.createIn(
      tx,
      sizeChartInput.parse(chartDefinitions[key]),
      SEED_ACTOR,
    );
    chartIds[key] = chart._id;
  }

  const history: { id: string; at: string }[] = [];
  const reviewed: { id: string; product: SeedProduct }[] = [];
  for (const product of seedProducts) {
    const categoryId = categoryIds.get(product.category);
    const subcategoryId = subcategoryIds.get(product.subcategory);
    if (!categoryId || !subcategoryId) {
      throw new Error(`Seed product "${product.name}" names an unknown category or subcategory`);
    }
    const chartOf = seedChartOf(product);
    const form = seedProductForm(product, {
      categoryId,
      subcategoryId,
      sizeChartId: chartOf === null ? null : chartIds[chartOf],
    });
    const parsed = productInput.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(
        `Seed product "${product.name}": ${issue?.path.join('.')}: ${issue?.message ?? 'invalid'}`,
      );
    }
    const saved = await services.products.saveIn(tx, undefined, parsed.data, SEED_ACTOR, {
      action: 'product.create',
      stockNote: 'Demo data',
      newThreshold,
    });
    history.push({ id: saved._id, at: daysAgo(product.createdDaysAgo).toISOString() });
    reviewed.push({ id: saved._id, product });
  }
  // What the form does not edit: when each product came to the shop (the listing's "newest"
  // order), spread over months as a shop's catalogue grows. One statement for all of them.
  await tx.execute(
    sql`update products p
        set created_at = v.at, updated_at = v.at
        from jsonb_to_recordset(${JSON.stringify(history)}::jsonb) as v(id uuid, at timestamptz)
        where p.id = v.id`,
  );
  // The demo's stars are its reviews, written and approved through the reviews' own rules, which
  // set each product's rating from its approved reviews as a decision on the desk does.
  for (const { id, product } of reviewed) {
    await seedDemoReviews(tx, services.reviews, id, demoReviewsOf(product, now));
  }

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

  // The seeded mobile banners are other pictures than the desktop ones: banners of their own,
  // shown at the mobile width only, after the desktop ones in the back office's order.
  const bannerForms = [
    ...seedDesktopBanners.map((banner, index) => ({
      name: banner.name,
      image: seedImageUrls.banner('desktop', index),
      mobileImage: null,
      link: banner.link,
    })),
    ...seedMobileBanners.map((banner, index) => ({
      name: banner.name,
      image: null,
      mobileImage: seedImageUrls.banner('mobile', index),
      link: banner.link,
    })),
  ];
  for (const form of bannerForms) {
    await services.banners.createIn(
      tx,
      bannerInput.parse({ ...form, startsAt: null, endsAt: null }),
      SEED_ACTOR,
    );
  }
}
