import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { priceBandBounds, type PriceBand, type ProductSort } from '@shop/domain/catalogue';
import { queryRows, type Executor } from '../../db/client.ts';
import { categories, subcategories } from '../../db/schema.ts';
import {
  createSearchRepository,
  searchCondition,
  searchRank,
  type SearchPlan,
} from './search.repository.ts';

/** Which products a list starts from, before the shopper's filters. */
export type ProductScope =
  | { kind: 'all' }
  | { kind: 'category'; categoryId: string }
  | { kind: 'subcategory'; subcategoryId: string; isActive: boolean }
  | { kind: 'search'; search: SearchPlan };

export interface ProductFilters {
  price?: PriceBand | undefined;
  size?: string | undefined;
  color?: string | undefined;
  tag?: string | undefined;
}

export interface ProductPageRequest {
  scope: ProductScope;
  filters: ProductFilters;
  sort: ProductSort;
  page: number;
  limit: number;
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
  size_chart_image: string | null;
  is_active: boolean;
  created_at: string | Date;
  colors: {
    id: string;
    colorName: string;
    colorHex: string;
    images: string[];
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
> & { colors: Omit<ProductRow['colors'][number], 'id'>[] };

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

function scopeCondition(scope: ProductScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`p.is_active`;
    case 'category':
      return sql`p.is_active and p.category_id = ${scope.categoryId}`;
    case 'subcategory':
      return sql`p.is_active = ${scope.isActive} and p.subcategory_id = ${scope.subcategoryId}`;
    case 'search':
      return sql`p.is_active and ${searchCondition(scope.search)}`;
  }
}

function filterConditions(filters: ProductFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.price) {
    const { aboveExclusive, atMostInclusive } = priceBandBounds(filters.price);
    if (aboveExclusive !== null) conditions.push(sql`p.price_paise > ${aboveExclusive}`);
    if (atMostInclusive !== null) conditions.push(sql`p.price_paise <= ${atMostInclusive}`);
  }
  if (filters.size) {
    conditions.push(sql`exists (
      select 1 from product_colors c join product_size_stock s on s.color_id = c.id
      where c.product_id = p.id and lower(s.size) = lower(${filters.size}) and s.stock > 0)`);
  }
  if (filters.color) {
    conditions.push(sql`exists (
      select 1 from product_colors c
      where c.product_id = p.id and c.color_name ilike ${containsPattern(filters.color)} escape '\\')`);
  }
  if (filters.tag) {
    conditions.push(sql`exists (
      select 1 from product_tags pt join tags t on t.id = pt.tag_id
      where pt.product_id = p.id and t.name ilike ${containsPattern(filters.tag)} escape '\\')`);
  }
  return conditions;
}

function orderBy(scope: ProductScope, sort: ProductSort): SQL {
  switch (sort) {
    case 'price-asc':
      return sql`p.price_paise asc, p.position asc, p.id`;
    case 'price-desc':
      return sql`p.price_paise desc, p.position asc, p.id`;
    case 'newest':
      return sql`p.created_at desc, p.id`;
    case 'recommended':
      if (scope.kind === 'search') {
        const relevance = searchRank(scope.search);
        if (relevance) return sql`${relevance}, p.position asc, p.id`;
      }
      return sql`p.position asc, p.created_at desc, p.id`;
  }
}

const productSelect = sql`
  select p.id, p.name, p.slug, p.subheading, p.description, p.brand, p.price_paise,
    p.original_price_paise, p.ratings, p.category_id, p.subcategory_id, p.is_active, p.created_at,
    cat.name as category_name, cat.slug as category_slug,
    sub.name as subcategory_name, sub.slug as subcategory_slug,
    chart.image as size_chart_image,
    coalesce((
      select json_agg(json_build_object(
        'id', c.id, 'colorName', c.color_name, 'colorHex', c.color_hex,
        'images', coalesce((select json_agg(i.url order by i.position)
                            from product_color_images i where i.color_id = c.id), '[]'::json),
        'sizeStock', coalesce((select json_agg(json_build_object('size', s.size, 'stock', s.stock) order by s.position)
                               from product_size_stock s where s.color_id = c.id), '[]'::json)
      ) order by c.position)
      from product_colors c where c.product_id = p.id), '[]'::json) as colors,
    coalesce((select json_agg(t.name order by pt.position)
              from product_tags pt join tags t on t.id = pt.tag_id
              where pt.product_id = p.id), '[]'::json) as tags,
    coalesce((select json_agg(json_build_object('label', sp.label, 'description', sp.description, 'order', sp."order") order by sp."order")
              from product_specifications sp where sp.product_id = p.id), '[]'::json) as specifications
  from products p
  join categories cat on cat.id = p.category_id
  left join subcategories sub on sub.id = p.subcategory_id
  left join size_charts chart on chart.id = p.size_chart_id`;

export function createCatalogueRepository(db: Executor) {
  return {
    planSearch: createSearchRepository(db).planSearch,

    async findProductPage(request: ProductPageRequest, tx: Executor = db) {
      const where = sql.join(
        [scopeCondition(request.scope), ...filterConditions(request.filters)],
        sql` and `,
      );
      const offset = (request.page - 1) * request.limit;
      const idRows = await queryRows<{ id: string; total: number }>(
        tx,
        sql`select p.id, count(*) over ()::int as total from products p
            where ${where} order by ${orderBy(request.scope, request.sort)}
            limit ${request.limit} offset ${offset}`,
      );
      let total = idRows[0]?.total;
      if (total === undefined) {
        const [countRow] = await queryRows<{ total: number }>(
          tx,
          sql`select count(*)::int as total from products p where ${where}`,
        );
        total = countRow?.total ?? 0;
      }
      const products = await this.findProductsByIds(
        idRows.map((row) => row.id),
        tx,
      );
      return { products, total };
    },

    /** Products in the order of `ids`; unknown ids are left out. */
    async findProductsByIds(ids: string[], tx: Executor = db): Promise<ProductRow[]> {
      if (ids.length === 0) return [];
      const rows = await queryRows<ProductRow>(
        tx,
        sql`${productSelect} where p.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The cart's view of products (no specifications, tags or text): unknown ids are left out. */
    async findProductFacts(ids: string[], tx: Executor = db): Promise<ProductFacts[]> {
      if (ids.length === 0) return [];
      return queryRows<ProductFacts>(
        tx,
        sql`select p.id, p.name, p.brand, p.price_paise, p.original_price_paise, p.is_active,
              p.category_id, cat.name as category_name, cat.slug as category_slug,
              p.subcategory_id, sub.name as subcategory_name, sub.slug as subcategory_slug,
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
            where p.id = any(${`{${ids.join(',')}}`}::uuid[])`,
      );
    },

    async findActiveProduct(id: string, tx: Executor = db): Promise<ProductRow | undefined> {
      const rows = await queryRows<ProductRow>(
        tx,
        sql`${productSelect} where p.id = ${id}::uuid and p.is_active`,
      );
      return rows[0];
    },

    /** Counts for the listing's filters, over the scope only (not the active filters). */
    async findFacets(scope: ProductScope, tx: Executor = db): Promise<FacetRow[]> {
      const where = scopeCondition(scope);
      return queryRows<FacetRow>(
        tx,
        sql`with scoped as (select p.id, p.price_paise from products p where ${where})
          select 'size' as facet, min(s.size) as value, null as color_hex, count(distinct c.product_id)::int as count
            from scoped join product_colors c on c.product_id = scoped.id
            join product_size_stock s on s.color_id = c.id
            where s.stock > 0 group by lower(s.size)
          union all
          select 'color', min(c.color_name), min(c.color_hex), count(distinct c.product_id)::int
            from scoped join product_colors c on c.product_id = scoped.id group by lower(c.color_name)
          union all
          select 'tag', t.name, null, count(*)::int
            from scoped join product_tags pt on pt.product_id = scoped.id join tags t on t.id = pt.tag_id
            group by t.name
          union all
          select 'price', case
              when price_paise <= 50000 then '0-500'
              when price_paise <= 100000 then '500-1000'
              when price_paise <= 200000 then '1000-2000'
              when price_paise <= 500000 then '2000-5000'
              else '5000+' end, null, count(*)::int
            from scoped group by 2`,
      );
    },

    async listCategories(tx: Executor = db) {
      return tx
        .select()
        .from(categories)
        .where(eq(categories.isActive, true))
        .orderBy(asc(categories.position), asc(categories.name));
    },

    async findCategory(id: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(categories)
        .where(and(eq(categories.id, id), eq(categories.isActive, true)));
      return row;
    },

    async searchCategories(q: string, tx: Executor = db) {
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

    async listSubcategories(options: { categoryId?: string; q?: string } = {}, tx: Executor = db) {
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

    async findSubcategory(id: string, tx: Executor = db) {
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
