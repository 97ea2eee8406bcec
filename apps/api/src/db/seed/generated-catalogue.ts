/**
 * A large, believable catalogue for measuring the shop at scale: the hand-written seed products
 * are the patterns, and each generated product is a new collection of one of them (its own name,
 * price, stock and age; no reviews, so no stars) that shares the pattern's images, so thousands of products cost
 * no image drawing and no extra media on disk.
 */
import { seedChartOf, seedSizeCharts } from './size-chart-data.ts';
import { randomUUID } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { productSearchText, slugify } from '@shop/domain/catalogue';
import { rupeesToPaise } from '@shop/domain/money';
import { queryRows, type Database, type Transaction } from '../client.ts';
import {
  productColorImages,
  productColors,
  products,
  productSizeStock,
  productSpecifications,
  productTags,
} from '../schema.ts';
import { announceCatalogueRewrite } from '../../features/catalogue/catalogue-changes.ts';
import { seedProducts } from './catalogue-data.ts';
import { seedImageUrls } from './seed.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per INSERT statement. */
const BATCH = 2_000;
/** Only one process tops the catalogue up at a time (any constant shared by all processes). */
const GENERATE_LOCK_KEY = 7_310_002;

const COLLECTIONS = [
  'Aster', 'Bloom', 'Celeste', 'Dahlia', 'Elara', 'Fern', 'Gulmohar', 'Hibiscus', 'Iris', 'Jasmine',
  'Kesar', 'Lotus', 'Mehr', 'Nila', 'Orchid', 'Parijat', 'Qamar', 'Rangoli', 'Saffron', 'Tulsi',
  'Usha', 'Vanilla', 'Willow', 'Zinnia', 'Amaltas', 'Chandni', 'Kiara', 'Mogra', 'Noor', 'Rajnigandha',
]; // prettier-ignore

/** A small deterministic generator (mulberry32), so every run builds the same catalogue. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}

/**
 * Adds generated products until the catalogue holds `total` products (the hand-written seed
 * counts towards it). Answers how many were added; nothing when the catalogue is already as large.
 */
export async function generateCatalogue(
  db: Database,
  options: { total: number; now?: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${GENERATE_LOCK_KEY})`);
    const [counts] = await queryRows<{ products: number; position: number }>(
      tx,
      sql`select count(*)::int as products, coalesce(max(position), 0)::int as position from products`,
    );
    const missing = options.total - (counts?.products ?? 0);
    if (missing <= 0) return 0;
    await insertGenerated(tx, missing, counts?.position ?? 0, options.now ?? new Date());
    // One notice for the whole top-up, sent at the commit: running processes reload once.
    await announceCatalogueRewrite(tx);
    return missing;
  });
}

async function insertGenerated(tx: Transaction, count: number, lastPosition: number, now: Date) {
  const lookup = async (table: string) =>
    new Map(
      (
        await queryRows<{ id: string; name: string }>(
          tx,
          sql`select id, name from ${sql.identifier(table)}`,
        )
      ).map((row) => [row.name, row.id]),
    );
  const categoryIds = await lookup('categories');
  const subcategoryIds = await lookup('subcategories');
  const tagIds = await lookup('tags');
  const charts = await lookup('size_charts');
  const chartNames = seedSizeCharts({
    bra: seedImageUrls.sizeChart('bra'),
    apparel: seedImageUrls.sizeChart('apparel'),
  });
  // The pattern's chart, by the seed's chart names (an owner's renamed chart: none).
  const chartId = (pattern: (typeof seedProducts)[number]) => {
    const key = seedChartOf(pattern);
    return key === null ? null : (charts.get(chartNames[key].name) ?? null);
  };

  // Continue the sequence where an earlier top-up stopped, so names and slugs stay unique.
  const random = randomSource(lastPosition + 1);
  const rows = {
    products: [] as (typeof products.$inferInsert)[],
    colors: [] as (typeof productColors.$inferInsert)[],
    images: [] as (typeof productColorImages.$inferInsert)[],
    stock: [] as (typeof productSizeStock.$inferInsert)[],
    specifications: [] as (typeof productSpecifications.$inferInsert)[],
    tags: [] as (typeof productTags.$inferInsert)[],
  };

  for (let index = 0; index < count; index += 1) {
    const position = lastPosition + 1 + index;
    const pattern = seedProducts[position % seedProducts.length]!;
    const collection = COLLECTIONS[Math.floor(position / seedProducts.length) % COLLECTIONS.length];
    const categoryId = categoryIds.get(pattern.category);
    const subcategoryId = subcategoryIds.get(pattern.subcategory);
    if (!categoryId || !subcategoryId) {
      throw new Error(`The catalogue has no category or subcategory for "${pattern.name}"`);
    }
    const id = randomUUID();
    const name = `${collection} ${pattern.name}`;
    // Prices move within ±30% of the pattern's and end in 9, as shop prices do.
    const price = Math.max(
      99,
      Math.round((pattern.price * (0.7 + random.next() * 0.6)) / 10) * 10 - 1,
    );
    const onSale = random.next() < 0.35;
    const createdAt = new Date(now.getTime() - random.int(0, 720) * DAY_MS);
    rows.products.push({
      id,
      name,
      slug: `${slugify(name)}-${position}`,
      subheading: pattern.subheading,
      description: pattern.description,
      brand: pattern.brand,
      categoryId,
      subcategoryId,
      pricePaise: rupeesToPaise(price),
      // Every product states an M.R.P.: a round figure ending in 9 when on sale, else its price.
      originalPricePaise: rupeesToPaise(onSale ? Math.round((price * 1.4) / 10) * 10 - 1 : price),
      sizeChartId: chartId(pattern),
      // A small share is retired, as in a real shop's history.
      isActive: random.next() >= 0.03,
      position,
      searchText: productSearchText({
        name,
        subheading: pattern.subheading,
        categoryName: pattern.category,
        subcategoryName: pattern.subcategory,
        tags: pattern.tags,
        colorNames: pattern.colors.map((color) => color.colorName),
      }),
      createdAt,
      updatedAt: createdAt,
    });
    pattern.colors.forEach((color, colorPosition) => {
      const colorId = randomUUID();
      rows.colors.push({
        id: colorId,
        productId: id,
        colorName: color.colorName,
        colorHex: color.colorHex,
        position: colorPosition,
      });
      for (let view = 0; view < color.imageCount; view += 1) {
        rows.images.push({
          colorId,
          url: seedImageUrls.product(pattern, color.colorName, view),
          position: view,
        });
      }
      color.sizeStock.forEach((entry, sizePosition) =>
        rows.stock.push({
          colorId,
          size: entry.size,
          // Roughly one size in eight is sold out.
          stock: random.next() < 0.12 ? 0 : random.int(1, 60),
          position: sizePosition,
        }),
      );
    });
    pattern.specifications.forEach((spec, order) =>
      rows.specifications.push({
        productId: id,
        label: spec.label,
        description: spec.description,
        order,
      }),
    );
    pattern.tags.forEach((tag, tagPosition) => {
      const tagId = tagIds.get(tag);
      if (tagId) rows.tags.push({ productId: id, tagId, position: tagPosition });
    });
  }

  await insertRows(tx, products, rows.products);
  await insertRows(tx, productColors, rows.colors);
  await insertRows(tx, productColorImages, rows.images);
  await insertRows(tx, productSizeStock, rows.stock);
  await insertRows(tx, productSpecifications, rows.specifications);
  await insertRows(tx, productTags, rows.tags);
  await tx.execute(sql`analyze`);
}

/**
 * Bulk insert through one JSON parameter per batch: far fewer bind parameters to send and parse
 * than a multi-row VALUES list, which matters for hundreds of thousands of rows.
 */
async function insertRows<T extends PgTable>(
  tx: Transaction,
  table: T,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const { name } = getTableConfig(table);
  // Columns keyed as in drizzle's insert types (camelCase), written under their SQL names.
  const byKey = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const used = byKey.filter(([key]) => key in rows[0]!);
  const names = sql.join(
    used.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH).map((row) => {
      const shaped: Record<string, unknown> = {};
      for (const [key, column] of used) {
        const value = row[key];
        shaped[column.name] = value instanceof Date ? value.toISOString() : value;
      }
      return shaped;
    });
    await tx.execute(
      sql`insert into ${sql.identifier(name)} (${names})
          select ${names} from json_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(batch)}::json)`,
    );
  }
}
