import { sql, type SQL } from 'drizzle-orm';
import { offerNoun, type Offer, type OfferKind, type OfferStacking } from '@shop/domain/offers';
import { queryRows, type Executor } from '../../db/client.ts';
import type { offers } from '../../db/schema.ts';

export type OfferTableRow = typeof offers.$inferSelect;

/** An offer as read through `execute`, with the names of its categories (for its noun). */
export interface OfferSqlRow {
  id: string;
  name: string;
  label: string;
  slug: string;
  kind: string;
  units: number;
  bundle_price_paise: number | null;
  free_units: number | null;
  percent: number | null;
  category_ids: string[] | string;
  subcategory_ids: string[] | string;
  tags: string[] | string;
  product_ids: string[] | string;
  excluded_product_ids: string[] | string;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  ended_at: string | Date | null;
  priority: number;
  max_groups_per_order: number | null;
  stacking: string;
  stackable_codes: string[] | string;
  created_at: string | Date;
  updated_at: string | Date;
  category_names: string[] | null;
  sort_key: string;
  orders_count: number;
}

/** An array read through `execute`: PGlite answers an array, node-postgres may answer '{a,b}'. */
export function listOf(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
    .map((item) => item.replace(/^"|"$/g, ''));
}

const dateOf = (value: string | Date | null) => (value === null ? null : new Date(value));

/** The domain's offer from its row. */
export function toOffer(row: OfferSqlRow): Offer {
  const categoryIds = listOf(row.category_ids);
  const subcategoryIds = listOf(row.subcategory_ids);
  const tags = listOf(row.tags);
  const productIds = listOf(row.product_ids);
  // The unit is named after the one category an offer covers ('panty'); anything wider is a piece.
  const onlyCategory =
    categoryIds.length === 1 && subcategoryIds.length + tags.length + productIds.length === 0;
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    slug: row.slug,
    kind: row.kind as OfferKind,
    units: row.units,
    bundlePricePaise: row.bundle_price_paise,
    freeUnits: row.free_units,
    percent: row.percent,
    categoryIds,
    subcategoryIds,
    tags,
    productIds,
    excludedProductIds: listOf(row.excluded_product_ids),
    startsAt: dateOf(row.starts_at),
    endsAt: dateOf(row.ends_at),
    endedAt: dateOf(row.ended_at),
    priority: row.priority,
    maxGroupsPerOrder: row.max_groups_per_order,
    stacking: row.stacking as OfferStacking,
    stackableCodes: listOf(row.stackable_codes),
    noun: offerNoun(onlyCategory ? (row.category_names ?? []) : []),
  };
}

/** Offers with their category names and how many orders hold a line grouped under each. */
export async function selectOffers(
  tx: Executor,
  where: SQL[],
  limit: number | null,
): Promise<OfferSqlRow[]> {
  const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const limitSql = limit === null ? sql`` : sql`limit ${limit}`;
  return queryRows<OfferSqlRow>(
    tx,
    sql`with page as (
        select o.*, o.created_at::text as sort_key from offers o
        ${whereSql}
        order by o.created_at desc, o.id desc
        ${limitSql}
      )
      select o.*,
        (select json_agg(c.name order by c.name) from categories c
          where c.id = any(o.category_ids)) as category_names,
        (select count(distinct i.order_id)::int from order_items i
          where i.offer_id = o.id) as orders_count
      from page o
      order by o.created_at desc, o.id desc`,
  );
}

/** Offers that may still apply (not ended by hand, not past their end): carts and badges read these. */
export function selectCurrentOffers(tx: Executor, now: Date): Promise<OfferSqlRow[]> {
  return selectOffers(
    tx,
    [
      sql`(o.ended_at is null or o.ended_at > ${now.toISOString()}::timestamptz)`,
      sql`(o.ends_at is null or o.ends_at > ${now.toISOString()}::timestamptz)`,
    ],
    null,
  );
}
