import { randomUUID } from 'node:crypto';
import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  adminProductSorts,
  type AdminProduct,
  type AdminProductRow,
  type AdminProductsQuery,
} from '@shop/contracts/products-admin';
import { cursorCodec, cursorId } from '@shop/contracts/keyset-page';
import * as z from 'zod/mini';
import { priceBandBounds } from '@shop/domain/catalogue';
import { paiseToRupees, type Paise } from '@shop/domain/money';
import { stockStateOf } from '@shop/domain/products';
import { queryRows, type Executor } from '../../db/client.ts';
import {
  productColorImages,
  productColors,
  products,
  productSizeStock,
  productSpecifications,
  productTags,
  tags,
} from '../../db/schema.ts';
import { containsPattern } from './catalogue.repository.ts';

const toIso = (value: string | Date) => new Date(value).toISOString();
const uuidList = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** A product's own row as the back office writes it (money in paise). */
export interface ProductWrite {
  name: string;
  slug: string;
  subheading: string;
  description: string;
  brand: string;
  categoryId: string;
  subcategoryId: string | null;
  sizeChartId: string | null;
  pricePaise: Paise;
  originalPricePaise: Paise | null;
  isActive: boolean;
  countryOfOrigin: string;
  hsnCode: string;
  manufacturer: string;
  genericName: string;
  netQuantity: string;
  searchText: string;
}

export interface ColorWrite {
  id: string | undefined;
  colorName: string;
  colorHex: string;
  photos: { mediaId: string | null; url: string; alt: string; focalX: number; focalY: number }[];
  sizeStock: { size: string; stock: number; stockWas?: number | null | undefined }[];
}

/** The keyset position of a list row under each sort. */
type Cursor = { sort: AdminProductsQuery['sort']; value: string; id: string };

/** A colour's photos as rows, in their order. */
function photoRows(
  colorId: string,
  photos: { url: string; alt: string; mediaId: string | null; focalX: number; focalY: number }[],
) {
  return photos.map((photo, position) => ({
    colorId,
    url: photo.url,
    alt: photo.alt,
    mediaId: photo.mediaId,
    focalX: photo.focalX,
    focalY: photo.focalY,
    position,
  }));
}

/** On the wire as [sort, the last row's sort value, its id], as the list has always sent it. */
const cursors = cursorCodec(z.tuple([z.enum(adminProductSorts), z.string(), cursorId]));

export function encodeProductCursor(cursor: Cursor): string {
  return cursors.encode([cursor.sort, cursor.value, cursor.id]);
}

export function decodeProductCursor(text: string): Cursor | undefined {
  const position = cursors.decode(text);
  return position && { sort: position[0], value: position[1], id: position[2] };
}

/** Each sort's key expression, direction and how its cursor value is typed back. */
const sortKeys: Record<
  Cursor['sort'],
  { key: SQL; dir: 'asc' | 'desc'; cast: (v: string) => SQL }
> = {
  updated: { key: sql`p.updated_at`, dir: 'desc', cast: (v) => sql`${v}::timestamptz` },
  name: { key: sql`lower(p.name)`, dir: 'asc', cast: (v) => sql`${v}::text` },
  'price-asc': { key: sql`p.price_paise`, dir: 'asc', cast: (v) => sql`${v}::integer` },
  'price-desc': { key: sql`p.price_paise`, dir: 'desc', cast: (v) => sql`${v}::integer` },
};

/**
 * The colours of a product that has none yet (a new one): colours, photos and sizes in three
 * statements whatever their number, the colours' ids chosen here so each photo and size names
 * its colour without reading the colours back.
 */
async function insertColors(tx: Executor, productId: string, colors: ColorWrite[]) {
  const withIds = colors.map((color) => ({ ...color, id: randomUUID() }));
  await tx.insert(productColors).values(
    withIds.map((color, position) => ({
      id: color.id,
      productId,
      colorName: color.colorName,
      colorHex: color.colorHex,
      position,
    })),
  );
  const photos = withIds.flatMap((color) => photoRows(color.id, color.photos));
  if (photos.length > 0) await tx.insert(productColorImages).values(photos);
  await tx.insert(productSizeStock).values(
    withIds.flatMap((color) =>
      color.sizeStock.map((entry, position) => ({
        colorId: color.id,
        size: entry.size,
        stock: entry.stock,
        position,
      })),
    ),
  );
}

export function createProductsAdminRepository() {
  return {
    /** Locks the product's row for this transaction: saves of one product run one at a time. */
    async lock(tx: Executor, id: string): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`select id from products where id = ${id}::uuid for update`,
      );
      return rows.length > 0;
    },

    /** The product as the back office reads it, or undefined. */
    async find(tx: Executor, id: string): Promise<AdminProduct | undefined> {
      const [base] = await queryRows<{
        id: string;
        name: string;
        slug: string;
        subheading: string;
        description: string;
        brand: string;
        category_id: string;
        subcategory_id: string | null;
        category_name: string;
        subcategory_name: string | null;
        size_chart_id: string | null;
        price_paise: number;
        original_price_paise: number | null;
        rating_average: number;
        review_count: number;
        is_active: boolean;
        country_of_origin: string;
        hsn_code: string;
        manufacturer: string;
        generic_name: string;
        net_quantity: string;
        in_past_orders: boolean;
        created_at: string | Date;
        updated_at: string | Date;
      }>(
        tx,
        sql`select p.id, p.name, p.slug, p.subheading, p.description, p.brand, p.category_id,
              p.subcategory_id, cat.name as category_name, sub.name as subcategory_name,
              p.size_chart_id, p.price_paise, p.original_price_paise, p.rating_average,
              cardinality(p.ratings) as review_count, p.is_active, p.country_of_origin,
              p.hsn_code, p.manufacturer, p.generic_name, p.net_quantity,
              exists (select 1 from order_items oi where oi.product_id = p.id) as in_past_orders,
              p.created_at, p.updated_at
            from products p
            join categories cat on cat.id = p.category_id
            left join subcategories sub on sub.id = p.subcategory_id
            where p.id = ${id}::uuid`,
      );
      if (!base) return undefined;
      // One after another: inside a transaction they share one connection.
      const colorRows = await queryRows<{ id: string; color_name: string; color_hex: string }>(
        tx,
        sql`select id, color_name, color_hex from product_colors
            where product_id = ${id}::uuid order by position, id`,
      );
      const photoRows = await queryRows<{
        color_id: string;
        url: string;
        alt: string;
        media_id: string | null;
        focal_x: number;
        focal_y: number;
      }>(
        tx,
        sql`select i.color_id, i.url, i.alt, i.media_id, i.focal_x, i.focal_y from product_color_images i
            join product_colors c on c.id = i.color_id
            where c.product_id = ${id}::uuid order by i.position, i.id`,
      );
      const sizeRows = await queryRows<{ color_id: string; size: string; stock: number }>(
        tx,
        sql`select s.color_id, s.size, s.stock from product_size_stock s
            join product_colors c on c.id = s.color_id
            where c.product_id = ${id}::uuid order by s.position, s.id`,
      );
      const specRows = await queryRows<{ label: string; description: string; order: number }>(
        tx,
        sql`select label, description, "order" from product_specifications
            where product_id = ${id}::uuid order by "order", id`,
      );
      const tagRows = await queryRows<{ name: string }>(
        tx,
        sql`select t.name from product_tags pt join tags t on t.id = pt.tag_id
            where pt.product_id = ${id}::uuid order by pt.position, t.name`,
      );
      const colors = colorRows.map((color) => {
        const photos = photoRows
          .filter((photo) => photo.color_id === color.id)
          .map((photo) => ({
            mediaId: photo.media_id,
            url: photo.url,
            alt: photo.alt,
            focalX: Number(photo.focal_x),
            focalY: Number(photo.focal_y),
          }));
        return {
          _id: color.id,
          colorName: color.color_name,
          colorHex: color.color_hex,
          images: photos.map((photo) => photo.url),
          photos,
          sizeStock: sizeRows
            .filter((size) => size.color_id === color.id)
            .map((size) => ({ size: size.size, stock: size.stock })),
        };
      });
      return {
        _id: base.id,
        name: base.name,
        slug: base.slug,
        subheading: base.subheading,
        description: base.description,
        brand: base.brand,
        category: base.category_id,
        subcategory: base.subcategory_id,
        categoryName: base.category_name,
        subcategoryName: base.subcategory_name,
        sizeChartId: base.size_chart_id,
        price: paiseToRupees(base.price_paise),
        originalPrice:
          base.original_price_paise === null ? null : paiseToRupees(base.original_price_paise),
        rating: Math.round(base.rating_average * 10) / 10,
        reviewCount: Number(base.review_count),
        images: colors.flatMap((color) => color.images),
        colors,
        tags: tagRows.map((row) => row.name),
        specifications: specRows.map((row, order) => ({
          label: row.label,
          description: row.description,
          order,
        })),
        inStock: sizeRows.some((size) => size.stock > 0),
        isActive: base.is_active,
        countryOfOrigin: base.country_of_origin,
        hsnCode: base.hsn_code,
        manufacturer: base.manufacturer,
        genericName: base.generic_name,
        netQuantity: base.net_quantity,
        inPastOrders: base.in_past_orders,
        createdAt: toIso(base.created_at),
        updatedAt: toIso(base.updated_at),
      };
    },

    /** The product (other than `exceptId`) whose address is `slug`, if any. */
    async findBySlug(tx: Executor, slug: string, exceptId?: string) {
      const rows = await queryRows<{ id: string; name: string }>(
        tx,
        sql`select id, name from products where slug = ${slug}
            ${exceptId ? sql`and id <> ${exceptId}::uuid` : sql``} limit 1`,
      );
      return rows[0];
    },

    /** A category's name and, when asked, a subcategory's name and the category it belongs to. */
    /**
     * The product's category and subcategory, share-locked until the save commits: a category's
     * deactivation (which counts its active products under its row's update lock) then waits for
     * the save, or the save for it, so the count never misses a product saved meanwhile.
     */
    async findGroup(tx: Executor, categoryId: string, subcategoryId: string | null) {
      const [category] = await queryRows<{ name: string }>(
        tx,
        sql`select name from categories where id = ${categoryId}::uuid for share`,
      );
      const [subcategory] = subcategoryId
        ? await queryRows<{ name: string; category_id: string }>(
            tx,
            sql`select name, category_id from subcategories where id = ${subcategoryId}::uuid
                for share`,
          )
        : [];
      return { category, subcategory };
    },

    async sizeChartExists(tx: Executor, id: string): Promise<boolean> {
      const rows = await queryRows(tx, sql`select 1 from size_charts where id = ${id}::uuid`);
      return rows.length > 0;
    },

    /** Inserts the product's row at the end of the shop's order; answers its id. */
    async insert(
      tx: Executor,
      values: ProductWrite & { lowStockThreshold: number },
    ): Promise<string> {
      const [row] = await tx
        .insert(products)
        .values({
          ...values,
          position: sql`(select coalesce(max(position), 0) + 1 from products)`,
        })
        .returning({ id: products.id });
      return row!.id;
    },

    async update(tx: Executor, id: string, values: ProductWrite): Promise<void> {
      await tx
        .update(products)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(products.id, id));
    },

    /**
     * Makes the product's colours, photos and sizes those given, in order. A colour sent with its
     * id keeps it; a size keeps its row (matched in any case, as the unique key does). A size
     * whose stock was left as the form showed it keeps the stock it has now: orders taken while
     * the form was open are not undone.
     */
    async writeColors(tx: Executor, productId: string, colors: ColorWrite[]): Promise<void> {
      const existing = await queryRows<{ id: string }>(
        tx,
        sql`select id from product_colors where product_id = ${productId}::uuid`,
      );
      if (existing.length === 0) {
        await insertColors(tx, productId, colors);
        return;
      }
      const existingIds = new Set(existing.map((row) => row.id));
      const kept = colors.flatMap((color) =>
        color.id && existingIds.has(color.id) ? [color.id] : [],
      );
      await tx
        .delete(productColors)
        .where(
          kept.length > 0
            ? and(eq(productColors.productId, productId), notInArray(productColors.id, kept))
            : eq(productColors.productId, productId),
        );
      // Names are unique per product in any case: park the kept colours' names first, so two
      // colours may swap names in one save.
      if (kept.length > 0) {
        await tx
          .update(productColors)
          .set({ colorName: sql`'~' || ${productColors.id}::text` })
          .where(inArray(productColors.id, kept));
      }
      for (const [position, color] of colors.entries()) {
        let colorId: string;
        if (color.id && existingIds.has(color.id)) {
          colorId = color.id;
          await tx
            .update(productColors)
            .set({ colorName: color.colorName, colorHex: color.colorHex, position })
            .where(eq(productColors.id, colorId));
        } else {
          const [row] = await tx
            .insert(productColors)
            .values({ productId, colorName: color.colorName, colorHex: color.colorHex, position })
            .returning({ id: productColors.id });
          colorId = row!.id;
        }
        const isNew = colorId !== color.id;
        if (!isNew) {
          await tx.delete(productColorImages).where(eq(productColorImages.colorId, colorId));
        }
        if (color.photos.length > 0) {
          await tx.insert(productColorImages).values(photoRows(colorId, color.photos));
        }
        if (isNew) {
          // A new colour has no sizes yet: all of them in one statement (a product saved with
          // many colours and sizes, as the seed and an import do, costs one insert a colour).
          await tx.insert(productSizeStock).values(
            color.sizeStock.map((entry, sizePosition) => ({
              colorId,
              size: entry.size,
              stock: entry.stock,
              position: sizePosition,
            })),
          );
          continue;
        }
        const sizes = await queryRows<{ id: string; key: string }>(
          tx,
          sql`select id, lower(size) as key from product_size_stock where color_id = ${colorId}::uuid`,
        );
        const sizeIds = new Map(sizes.map((row) => [row.key, row.id]));
        const wanted = new Set(color.sizeStock.map((entry) => entry.size.toLowerCase()));
        const gone = sizes.filter((row) => !wanted.has(row.key)).map((row) => row.id);
        if (gone.length > 0)
          await tx.delete(productSizeStock).where(inArray(productSizeStock.id, gone));
        for (const [sizePosition, entry] of color.sizeStock.entries()) {
          const sizeId = sizeIds.get(entry.size.toLowerCase());
          if (!sizeId) {
            await tx
              .insert(productSizeStock)
              .values({ colorId, size: entry.size, stock: entry.stock, position: sizePosition });
            continue;
          }
          const unchanged = entry.stockWas !== undefined && entry.stockWas === entry.stock;
          await tx
            .update(productSizeStock)
            .set(
              unchanged
                ? { size: entry.size, position: sizePosition }
                : { size: entry.size, position: sizePosition, stock: entry.stock },
            )
            .where(eq(productSizeStock.id, sizeId));
        }
      }
    },

    async writeSpecifications(
      tx: Executor,
      productId: string,
      specifications: { label: string; description: string }[],
    ): Promise<void> {
      await tx.delete(productSpecifications).where(eq(productSpecifications.productId, productId));
      if (specifications.length === 0) return;
      await tx.insert(productSpecifications).values(
        specifications.map((spec, order) => ({
          productId,
          label: spec.label,
          description: spec.description,
          order,
        })),
      );
    },

    /** The tags' ids, each tag made when the shop has no tag of that name yet. */
    async tagIds(tx: Executor, names: string[]): Promise<Map<string, string>> {
      if (names.length === 0) return new Map();
      await tx
        .insert(tags)
        .values(names.map((name) => ({ name })))
        .onConflictDoNothing();
      const rows = await tx
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(inArray(tags.name, names));
      return new Map(rows.map((row) => [row.name, row.id]));
    },

    async writeTags(tx: Executor, productId: string, names: string[]): Promise<void> {
      const ids = await this.tagIds(tx, names);
      await tx.delete(productTags).where(eq(productTags.productId, productId));
      if (names.length === 0) return;
      await tx
        .insert(productTags)
        .values(names.map((name, position) => ({ productId, tagId: ids.get(name)!, position })));
    },

    async remove(tx: Executor, id: string): Promise<void> {
      await tx.delete(products).where(eq(products.id, id));
    },

    /** Locks the products of `ids` that exist; answers their ids. */
    async lockMany(tx: Executor, ids: string[]): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`select id from products where id = any(${uuidList(ids)}) order by id for update`,
      );
      return rows.map((row) => row.id);
    },

    async deactivate(tx: Executor, id: string): Promise<void> {
      await tx
        .update(products)
        .set({ isActive: false, updatedAt: sql`now()` })
        .where(eq(products.id, id));
    },

    /** One keyset page of the list, with one more row than asked to tell whether more follow. */
    async page(
      tx: Executor,
      query: AdminProductsQuery,
      after: Cursor | undefined,
    ): Promise<{ rows: AdminProductRow[]; next: Cursor | undefined }> {
      const where: SQL[] = [];
      if (query.q) {
        const pattern = containsPattern(query.q);
        where.push(sql`(p.name ilike ${pattern} or p.slug ilike ${pattern})`);
      }
      if (query.category) where.push(sql`p.category_id = ${query.category}::uuid`);
      if (query.subcategory) where.push(sql`p.subcategory_id = ${query.subcategory}::uuid`);
      if (query.active) where.push(sql`p.is_active = ${query.active === 'true'}`);
      if (query.price) {
        const bounds = priceBandBounds(query.price);
        if (bounds.aboveExclusive !== null)
          where.push(sql`p.price_paise > ${bounds.aboveExclusive}`);
        if (bounds.atMostInclusive !== null) {
          where.push(sql`p.price_paise <= ${bounds.atMostInclusive}`);
        }
      }
      if (query.stock) {
        // The same three states as the domain's stockStateOf, spelt over the size rows.
        const sizes = (condition: SQL) =>
          sql`exists (select 1 from product_size_stock s join product_colors c on c.id = s.color_id
                where c.product_id = p.id and ${condition})`;
        const anyInStock = sizes(sql`s.stock > 0`);
        const anyLow = sizes(sql`s.stock <= p.low_stock_threshold`);
        where.push(
          query.stock === 'sold-out'
            ? sql`not ${anyInStock}`
            : query.stock === 'low'
              ? sql`${anyInStock} and ${anyLow}`
              : sql`${anyInStock} and not ${anyLow}`,
        );
      }
      const order = sortKeys[query.sort];
      if (after) {
        const comparison = order.dir === 'asc' ? sql`>` : sql`<`;
        where.push(
          sql`(${order.key}, p.id) ${comparison} (${order.cast(after.value)}, ${after.id}::uuid)`,
        );
      }
      const direction = order.dir === 'asc' ? sql`asc` : sql`desc`;
      const rows = await queryRows<{
        id: string;
        name: string;
        slug: string;
        image: string | null;
        category_name: string;
        subcategory_name: string | null;
        price_paise: number;
        original_price_paise: number | null;
        is_active: boolean;
        stocks: number[] | null;
        tags: string[] | null;
        updated_at: string | Date;
        low_stock_threshold: number;
        sort_value: string;
      }>(
        tx,
        sql`select p.id, p.name, p.slug, cat.name as category_name,
              sub.name as subcategory_name, p.price_paise, p.original_price_paise, p.is_active,
              p.updated_at, p.low_stock_threshold, (${order.key})::text as sort_value,
              (select i.url from product_colors c join product_color_images i on i.color_id = c.id
                where c.product_id = p.id order by c.position, i.position limit 1) as image,
              (select array_agg(s.stock) from product_colors c
                join product_size_stock s on s.color_id = c.id where c.product_id = p.id) as stocks,
              (select array_agg(t.name order by pt.position) from product_tags pt
                join tags t on t.id = pt.tag_id where pt.product_id = p.id) as tags
            from products p
            join categories cat on cat.id = p.category_id
            left join subcategories sub on sub.id = p.subcategory_id
            ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
            order by ${order.key} ${direction}, p.id ${direction}
            limit ${query.limit + 1}`,
      );
      const more = rows.length > query.limit;
      const shown = rows.slice(0, query.limit);
      const last = shown.at(-1);
      return {
        rows: shown.map((row) => {
          const stocks = (row.stocks ?? []).map(Number);
          return {
            _id: row.id,
            name: row.name,
            slug: row.slug,
            image: row.image,
            categoryName: row.category_name,
            subcategoryName: row.subcategory_name,
            price: paiseToRupees(row.price_paise),
            originalPrice:
              row.original_price_paise === null ? null : paiseToRupees(row.original_price_paise),
            isActive: row.is_active,
            stockState: stockStateOf(stocks, row.low_stock_threshold),
            stock: stocks.reduce((sum, stock) => sum + stock, 0),
            tags: row.tags ?? [],
            updatedAt: toIso(row.updated_at),
          };
        }),
        next: more && last ? { sort: query.sort, value: last.sort_value, id: last.id } : undefined,
      };
    },

    /** Categories with their subcategories, and size charts: what the form offers. */
    async formOptions(tx: Executor) {
      const [categoryRows, subcategoryRows, chartRows] = await Promise.all([
        queryRows<{ id: string; name: string; is_active: boolean }>(
          tx,
          sql`select id, name, is_active from categories order by position, name`,
        ),
        queryRows<{ id: string; name: string; is_active: boolean; category_id: string }>(
          tx,
          sql`select id, name, is_active, category_id from subcategories order by position, name`,
        ),
        queryRows<{ id: string; name: string }>(
          tx,
          sql`select id, name from size_charts order by name`,
        ),
      ]);
      return {
        categories: categoryRows.map((category) => ({
          _id: category.id,
          name: category.name,
          isActive: category.is_active,
          subcategories: subcategoryRows
            .filter((sub) => sub.category_id === category.id)
            .map((sub) => ({ _id: sub.id, name: sub.name, isActive: sub.is_active })),
        })),
        sizeCharts: chartRows.map((chart) => ({ _id: chart.id, name: chart.name })),
      };
    },
  };
}

export type ProductsAdminRepository = ReturnType<typeof createProductsAdminRepository>;
