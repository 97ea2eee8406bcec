import { eq, inArray, sql } from 'drizzle-orm';
import type { AdminProduct } from '@shop/contracts/products-admin';
import { paiseToRupees, type Paise } from '@shop/domain/money';
import { queryRows, type Executor } from '../../db/client.ts';
import { products, productSpecifications, productTags, tags } from '../../db/schema.ts';
import { writeColors } from './product-colors-writer.ts';
import { productsAdminPage } from './products-admin-list.ts';

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

    /** The colours, photos and sizes as given (see product-colors-writer.ts). */
    writeColors,

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
    page: productsAdminPage,

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
