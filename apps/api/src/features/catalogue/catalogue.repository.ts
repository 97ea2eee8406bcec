import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { averageRating, type PriceBand } from '@shop/domain/catalogue';
import { queryRows, type Executor } from '../../db/client.ts';
import { categories, subcategories } from '../../db/schema.ts';

export interface ProductFilters {
  price?: PriceBand | undefined;
  size?: string | undefined;
  /** With `size`: a sister size in stock (in the product's own chart) counts too. */
  sisterSizes?: boolean | undefined;
  color?: string | undefined;
  tag?: string | undefined;
  /** A live offer's products: `key` names what it covers, `covers` decides for one product. */
  offer?: OfferFilter | undefined;
}

export interface OfferFilter {
  key: string;
  covers(product: {
    productId: string;
    categoryId: string;
    subcategoryId: string | null;
    tags: readonly string[];
  }): boolean;
}

/** A product as the database assembles it (money in paise, JSON children already nested). */
export interface ProductRow {
  id: string;
  name: string;
  slug: string;
  subheading: string;
  description: string;
  brand: string;
  price_paise: number;
  original_price_paise: number | null;
  ratings: number[];
  category_id: string;
  subcategory_id: string | null;
  category_name: string;
  category_slug: string;
  subcategory_name: string | null;
  subcategory_slug: string | null;
  size_chart_id: string | null;
  size_chart_image: string | null;
  is_active: boolean;
  created_at: string | Date;
  country_of_origin: string;
  manufacturer: string;
  generic_name: string;
  net_quantity: string;
  colors: {
    id: string;
    colorName: string;
    colorHex: string;
    images: string[];
    /** Each image's alt text, in the order of `images`. */
    imageAlts: string[];
    sizeStock: { size: string; stock: number }[];
  }[];
  tags: string[];
  specifications: { label: string; description: string; order: number }[];
}

/** What the cart and the wishlist need of a product: price, state, colours, images and stock. */
export type ProductFacts = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'brand'
  | 'price_paise'
  | 'original_price_paise'
  | 'is_active'
  | 'category_id'
  | 'category_name'
  | 'category_slug'
  | 'subcategory_id'
  | 'subcategory_name'
  | 'subcategory_slug'
> & {
  colors: Omit<ProductRow['colors'][number], 'id' | 'imageAlts'>[];
  /** The product's HSN code ('' for its category's): the cart's GST line is priced by it. */
  hsn_code: string;
  /** Its category's HSN code, the default ('' when the category has none). */
  category_hsn_code: string;
  /** Its tags' names: offers may cover products by tag. */
  tags: string[];
};

/** What the in-memory list index keeps of an active product. */
export interface IndexRow {
  id: string;
  category_id: string;
  subcategory_id: string | null;
  price_paise: number;
  position: number;
  created_at: string | Date;
  /** Its size chart: the listing's size filter reads sisters in it. */
  size_chart_id: string | null;
  colors: { name: string; hex: string; sizes: { size: string; stock: number }[] }[];
  tags: string[];
  /** What search finds it by: its name, its search text and its kind's names. */
  name: string;
  search_text: string;
  category_name: string;
  subcategory_name: string | null;
}

export interface FacetRow {
  facet: 'size' | 'color' | 'tag' | 'price';
  value: string;
  color_hex: string | null;
  count: number;
}

/** `ILIKE` pattern for a literal substring: the shopper's % _ and \ match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `= any(...)` parameter for a list of product ids. */
const uuidList = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export function createCatalogueRepository() {
  return {
    /**
     * Writes a product's stars (its approved reviews' ratings and their average), in the
     * caller's transaction: the reviews feature keeps them, the catalogue reads them.
     */
    async recordRatings(tx: Executor, productId: string, ratings: number[]): Promise<void> {
      await tx.execute(
        sql`update products set ratings = ${`{${ratings.join(',')}}`}::smallint[],
              rating_average = ${averageRating(ratings)}
            where id = ${productId}`,
      );
    },

    /**
     * The list facts of active products: all of them, or those of `ids` (others are gone). Three
     * flat queries joined in memory: nested JSON per product costs far more at catalogue scale.
     */
    async findIndexRows(tx: Executor, ids?: string[]): Promise<IndexRow[]> {
      const only = ids ? sql`and p.id = any(${uuidList(ids)})` : sql``;
      const [productRows, colorRows, tagRows] = await Promise.all([
        queryRows<Omit<IndexRow, 'colors' | 'tags'>>(
          tx,
          sql`select p.id, p.category_id, p.subcategory_id, p.price_paise, p.position, p.created_at,
                p.size_chart_id, p.name, p.search_text, cat.name as category_name, sub.name as subcategory_name
              from products p
              join categories cat on cat.id = p.category_id
              left join subcategories sub on sub.id = p.subcategory_id
              where p.is_active ${only}`,
        ),
        // One row per colour, its sizes and stocks as arrays: a fifth of the rows of a flat join.
        queryRows<{
          product_id: string;
          name: string;
          hex: string;
          sizes: string[];
          stocks: number[];
        }>(
          tx,
          sql`select c.product_id, c.color_name as name, c.color_hex as hex,
                array_agg(s.size order by s.position) filter (where s.id is not null) as sizes,
                array_agg(s.stock order by s.position) filter (where s.id is not null) as stocks
              from products p
              join product_colors c on c.product_id = p.id
              left join product_size_stock s on s.color_id = c.id
              where p.is_active ${only}
              group by c.id
              order by c.product_id, c.position`,
        ),
        queryRows<{ product_id: string; name: string }>(
          tx,
          sql`select pt.product_id, t.name
              from products p
              join product_tags pt on pt.product_id = p.id
              join tags t on t.id = pt.tag_id
              where p.is_active ${only}
              order by pt.product_id, pt.position`,
        ),
      ]);
      const rows = new Map<string, IndexRow>(
        productRows.map((row) => [row.id, { ...row, colors: [], tags: [] }]),
      );
      for (const color of colorRows) {
        const sizes = color.sizes ?? [];
        const stocks = color.stocks ?? [];
        rows.get(color.product_id)?.colors.push({
          name: color.name,
          hex: color.hex,
          sizes: sizes.map((size, at) => ({ size, stock: stocks[at] ?? 0 })),
        });
      }
      for (const tag of tagRows) rows.get(tag.product_id)?.tags.push(tag.name);
      return [...rows.values()];
    },

    /**
     * Products in the order of `ids`; unknown ids are left out. Five flat queries (the product,
     * its colours with sizes, their images, tags, specifications) assembled in memory: nested JSON
     * per product costs several times more, and this also loads thousands of products at once.
     */
    async findProductsByIds(tx: Executor, ids: string[]): Promise<ProductRow[]> {
      if (ids.length === 0) return [];
      const wanted = uuidList(ids);
      const [bases, colorRows, imageRows, tagRows, specRows] = await Promise.all([
        queryRows<Omit<ProductRow, 'colors' | 'tags' | 'specifications'>>(
          tx,
          sql`select p.id, p.name, p.slug, p.subheading, p.description, p.brand, p.price_paise,
                p.original_price_paise, p.ratings, p.category_id, p.subcategory_id, p.is_active,
                p.created_at, p.country_of_origin, p.manufacturer, p.generic_name, p.net_quantity,
                cat.name as category_name, cat.slug as category_slug,
                sub.name as subcategory_name, sub.slug as subcategory_slug,
                p.size_chart_id, chart.image as size_chart_image
              from products p
              join categories cat on cat.id = p.category_id
              left join subcategories sub on sub.id = p.subcategory_id
              left join size_charts chart on chart.id = p.size_chart_id
              where p.id = any(${wanted})`,
        ),
        queryRows<{
          product_id: string;
          id: string;
          name: string;
          hex: string;
          sizes: string[] | null;
          stocks: number[] | null;
        }>(
          tx,
          sql`select c.product_id, c.id, c.color_name as name, c.color_hex as hex,
                array_agg(s.size order by s.position) filter (where s.id is not null) as sizes,
                array_agg(s.stock order by s.position) filter (where s.id is not null) as stocks
              from product_colors c
              left join product_size_stock s on s.color_id = c.id
              where c.product_id = any(${wanted})
              group by c.id
              order by c.product_id, c.position`,
        ),
        queryRows<{ color_id: string; urls: string[]; alts: string[] }>(
          tx,
          sql`select i.color_id, array_agg(i.url order by i.position) as urls,
                array_agg(i.alt order by i.position) as alts
              from product_color_images i
              join product_colors c on c.id = i.color_id
              where c.product_id = any(${wanted})
              group by i.color_id`,
        ),
        queryRows<{ product_id: string; names: string[] }>(
          tx,
          sql`select pt.product_id, array_agg(t.name order by pt.position) as names
              from product_tags pt join tags t on t.id = pt.tag_id
              where pt.product_id = any(${wanted})
              group by pt.product_id`,
        ),
        queryRows<{ product_id: string; specifications: ProductRow['specifications'] }>(
          tx,
          sql`select sp.product_id,
                json_agg(json_build_object('label', sp.label, 'description', sp.description,
                  'order', sp."order") order by sp."order") as specifications
              from product_specifications sp
              where sp.product_id = any(${wanted})
              group by sp.product_id`,
        ),
      ]);
      const images = new Map(imageRows.map((row) => [row.color_id, row]));
      const tagsOf = new Map(tagRows.map((row) => [row.product_id, row.names]));
      const specsOf = new Map(specRows.map((row) => [row.product_id, row.specifications]));
      const byId = new Map<string, ProductRow>(
        bases.map((base) => [
          base.id,
          {
            ...base,
            colors: [],
            tags: tagsOf.get(base.id) ?? [],
            specifications: specsOf.get(base.id) ?? [],
          },
        ]),
      );
      for (const color of colorRows) {
        const sizes = color.sizes ?? [];
        const stocks = color.stocks ?? [];
        byId.get(color.product_id)?.colors.push({
          id: color.id,
          colorName: color.name,
          colorHex: color.hex,
          images: images.get(color.id)?.urls ?? [],
          imageAlts: images.get(color.id)?.alts ?? [],
          sizeStock: sizes.map((size, at) => ({ size, stock: stocks[at] ?? 0 })),
        });
      }
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The cart's view of products (no specifications, tags or text): unknown ids are left out. */
    async findProductFacts(tx: Executor, ids: string[]): Promise<ProductFacts[]> {
      if (ids.length === 0) return [];
      return queryRows<ProductFacts>(
        tx,
        sql`select p.id, p.name, p.brand, p.price_paise, p.original_price_paise, p.is_active,
              p.hsn_code, cat.hsn_code as category_hsn_code,
              p.category_id, cat.name as category_name, cat.slug as category_slug,
              p.subcategory_id, sub.name as subcategory_name, sub.slug as subcategory_slug,
              coalesce((select json_agg(t.name order by t.name) from product_tags pt
                        join tags t on t.id = pt.tag_id where pt.product_id = p.id), '[]'::json) as tags,
              coalesce((
                select json_agg(json_build_object(
                  'colorName', c.color_name, 'colorHex', c.color_hex,
                  'images', coalesce((select json_agg(i.url order by i.position)
                                      from product_color_images i where i.color_id = c.id), '[]'::json),
                  'sizeStock', coalesce((select json_agg(json_build_object('size', s.size, 'stock', s.stock) order by s.position)
                                         from product_size_stock s where s.color_id = c.id), '[]'::json)
                ) order by c.position)
                from product_colors c where c.product_id = p.id), '[]'::json) as colors
            from products p
            join categories cat on cat.id = p.category_id
            left join subcategories sub on sub.id = p.subcategory_id
            where p.id = any(${uuidList(ids)})`,
      );
    },

    /**
     * The first product (shop order) of every active subcategory, and of every active category
     * that has no active subcategory, in category then subcategory order, with the group's name.
     */
    async findFeatured(tx: Executor) {
      return queryRows<{ product_id: string; label: string }>(
        tx,
        sql`with groups as (
              select s.id as subcategory_id, c.id as category_id, s.name as label,
                     c.position as category_position, c.name as category_name, s.position as position
                from subcategories s join categories c on c.id = s.category_id
                where s.is_active and c.is_active
              union all
              select null, c.id, c.name, c.position, c.name, -1
                from categories c
                where c.is_active and not exists (
                  select 1 from subcategories s where s.category_id = c.id and s.is_active)
            )
            select first.id as product_id, g.label
              from groups g
              cross join lateral (
                select p.id from products p
                where p.is_active and (case when g.subcategory_id is null
                  then p.category_id = g.category_id else p.subcategory_id = g.subcategory_id end)
                order by p.position asc, p.created_at desc, p.id
                limit 1) first
              order by g.category_position, g.category_name, g.position`,
      );
    },

    async listCategories(tx: Executor) {
      return tx
        .select()
        .from(categories)
        .where(eq(categories.isActive, true))
        .orderBy(asc(categories.position), asc(categories.name));
    },

    async findCategory(tx: Executor, id: string) {
      const [row] = await tx
        .select()
        .from(categories)
        .where(and(eq(categories.id, id), eq(categories.isActive, true)));
      return row;
    },

    async searchCategories(tx: Executor, q: string) {
      return tx
        .select()
        .from(categories)
        .where(
          and(
            eq(categories.isActive, true),
            sql`(${categories.name} ilike ${containsPattern(q)} escape '\\' or ${q} <% ${categories.name})`,
          ),
        )
        .orderBy(sql`word_similarity(${q}, ${categories.name}) desc`, asc(categories.position));
    },

    async listSubcategories(tx: Executor, options: { categoryId?: string; q?: string } = {}) {
      const conditions: SQL[] = [sql`${subcategories.isActive}`, sql`${categories.isActive}`];
      if (options.categoryId)
        conditions.push(sql`${subcategories.categoryId} = ${options.categoryId}`);
      if (options.q) {
        conditions.push(
          sql`(${subcategories.name} ilike ${containsPattern(options.q)} escape '\\' or ${options.q} <% ${subcategories.name})`,
        );
      }
      return tx
        .select({ subcategory: subcategories, category: categories })
        .from(subcategories)
        .innerJoin(categories, eq(categories.id, subcategories.categoryId))
        .where(and(...conditions))
        .orderBy(
          ...(options.q ? [sql`word_similarity(${options.q}, ${subcategories.name}) desc`] : []),
          asc(categories.position),
          asc(subcategories.position),
        );
    },

    async findSubcategory(tx: Executor, id: string) {
      const [row] = await tx
        .select({ subcategory: subcategories, category: categories })
        .from(subcategories)
        .innerJoin(categories, eq(categories.id, subcategories.categoryId))
        .where(and(eq(subcategories.id, id), eq(subcategories.isActive, true)));
      return row;
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
