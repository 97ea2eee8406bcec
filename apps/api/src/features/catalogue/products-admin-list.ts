/** The back office's list of products: filters, sorts and its keyset pages. */
import { sql, type SQL } from 'drizzle-orm';
import {
  adminProductSorts,
  type AdminProductRow,
  type AdminProductsQuery,
} from '@shop/contracts/products-admin';
import { cursorCodec, cursorId } from '@shop/contracts/keyset-page';
import * as z from 'zod/mini';
import { priceBandBounds } from '@shop/domain/catalogue';
import { paiseToRupees } from '@shop/domain/money';
import { stockStateOf } from '@shop/domain/products';
import { queryRows, type Executor } from '../../db/client.ts';
import { containsPattern } from './catalogue.repository.ts';

const toIso = (value: string | Date) => new Date(value).toISOString();

/** The keyset position of a list row under each sort. */
export type ProductListCursor = { sort: AdminProductsQuery['sort']; value: string; id: string };

/** On the wire as [sort, the last row's sort value, its id], as the list has always sent it. */
const cursors = cursorCodec(z.tuple([z.enum(adminProductSorts), z.string(), cursorId]));

export function encodeProductCursor(cursor: ProductListCursor): string {
  return cursors.encode([cursor.sort, cursor.value, cursor.id]);
}

export function decodeProductCursor(text: string): ProductListCursor | undefined {
  const position = cursors.decode(text);
  return position && { sort: position[0], value: position[1], id: position[2] };
}

/** Each sort's key expression, direction and how its cursor value is typed back. */
const sortKeys: Record<
  ProductListCursor['sort'],
  { key: SQL; dir: 'asc' | 'desc'; cast: (v: string) => SQL }
> = {
  updated: { key: sql`p.updated_at`, dir: 'desc', cast: (v) => sql`${v}::timestamptz` },
  name: { key: sql`lower(p.name)`, dir: 'asc', cast: (v) => sql`${v}::text` },
  'price-asc': { key: sql`p.price_paise`, dir: 'asc', cast: (v) => sql`${v}::integer` },
  'price-desc': { key: sql`p.price_paise`, dir: 'desc', cast: (v) => sql`${v}::integer` },
};

/** One keyset page of the list, with one more row than asked to tell whether more follow. */
export async function productsAdminPage(
  tx: Executor,
  query: AdminProductsQuery,
  after: ProductListCursor | undefined,
): Promise<{ rows: AdminProductRow[]; next: ProductListCursor | undefined }> {
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
    if (bounds.aboveExclusive !== null) where.push(sql`p.price_paise > ${bounds.aboveExclusive}`);
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
}
