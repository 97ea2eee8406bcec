/**
 * The back office's offers: list them by state and kind (a keyset page at a time), define them,
 * redefine them while no order holds them, and end them. Offers are never deleted, and an offer
 * in past orders is never changed (those orders keep its label and each line's share as placed):
 * it can only be ended. Every change is audited in the transaction that makes it.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  adminOfferMessages,
  offerDefinitionOf,
  type AdminOffer,
  type AdminOffersPage,
  type AdminOffersQuery,
  type OfferForm,
} from '@shop/contracts/offers';
import { cursorCodec, timeAndIdCursor } from '@shop/contracts/keyset-page';
import { conflict, invalid, notFound } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees } from '@shop/domain/money';
import { offerMessages, offerState, type OfferState } from '@shop/domain/offers';
import { refusingDuplicates, type Database, type Executor } from '../../db/client.ts';
import { refuseUnknownIds } from '../../db/known-ids.ts';
import { categories, offers, products, subcategories } from '../../db/schema.ts';
import { recordAudit, recordAuditedEdit, type AuditActor } from '../audit/audit.service.ts';
import { listOf, selectOffers, type OfferSqlRow } from './offers.repository.ts';

const cursors = cursorCodec(timeAndIdCursor);

const iso = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

/** Each state as SQL, in the domain's order (`offerState`): ended, scheduled, expired, active. */
function stateSql(state: OfferState, now: string): SQL {
  const ended = sql`coalesce(o.ended_at <= ${now}::timestamptz, false)`;
  const scheduled = sql`coalesce(o.starts_at > ${now}::timestamptz, false)`;
  const expired = sql`coalesce(o.ends_at <= ${now}::timestamptz, false)`;
  switch (state) {
    case 'ended':
      return ended;
    case 'scheduled':
      return sql`not ${ended} and ${scheduled}`;
    case 'expired':
      return sql`not ${ended} and not ${scheduled} and ${expired}`;
    case 'active':
      return sql`not ${ended} and not ${scheduled} and not ${expired}`;
  }
}

function toAdminOffer(row: OfferSqlRow, now: Date): AdminOffer {
  const startsAt = iso(row.starts_at);
  const endsAt = iso(row.ends_at);
  const endedAt = iso(row.ended_at);
  return {
    _id: row.id,
    name: row.name,
    label: row.label,
    slug: row.slug,
    kind: row.kind as AdminOffer['kind'],
    units: row.units,
    bundlePrice: row.bundle_price_paise === null ? null : paiseToRupees(row.bundle_price_paise),
    freeUnits: row.free_units,
    percent: row.percent,
    categoryIds: listOf(row.category_ids),
    subcategoryIds: listOf(row.subcategory_ids),
    tags: listOf(row.tags),
    productIds: listOf(row.product_ids),
    excludedProductIds: listOf(row.excluded_product_ids),
    startsAt,
    endsAt,
    endedAt,
    priority: row.priority,
    maxGroupsPerOrder: row.max_groups_per_order,
    stacking: row.stacking as AdminOffer['stacking'],
    stackableCodes: listOf(row.stackable_codes),
    state: offerState(
      {
        startsAt: startsAt ? new Date(startsAt) : null,
        endsAt: endsAt ? new Date(endsAt) : null,
        endedAt: endedAt ? new Date(endedAt) : null,
      },
      now,
    ),
    ordersCount: row.orders_count,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

const unique = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/** The columns a form sets, from its values (rupees become paise). */
function columnsOf(form: OfferForm) {
  const definition = offerDefinitionOf(form);
  return {
    name: form.name,
    label: form.label,
    slug: form.slug,
    kind: form.kind,
    units: form.units,
    bundlePricePaise: definition.bundlePricePaise,
    freeUnits: form.freeUnits,
    percent: form.percent,
    categoryIds: unique(form.categoryIds),
    subcategoryIds: unique(form.subcategoryIds),
    tags: [...new Set(form.tags)],
    productIds: unique(form.productIds),
    excludedProductIds: unique(form.excludedProductIds),
    startsAt: definition.startsAt,
    endsAt: definition.endsAt,
    priority: form.priority,
    maxGroupsPerOrder: form.maxGroupsPerOrder,
    stacking: form.stacking,
    stackableCodes: [...new Set(form.stackableCodes)],
  };
}

type OfferColumns = ReturnType<typeof columnsOf>;

/** An offer as the audit log keeps it: the form's fields in the form's units. */
function auditView(
  row: Omit<OfferColumns, 'kind' | 'stacking'> & { kind: string; stacking: string },
) {
  const { bundlePricePaise, startsAt, endsAt, ...rest } = row;
  return {
    name: rest.name,
    label: rest.label,
    slug: rest.slug,
    kind: rest.kind,
    units: rest.units,
    bundlePrice: bundlePricePaise === null ? null : paiseToRupees(bundlePricePaise),
    freeUnits: rest.freeUnits,
    percent: rest.percent,
    categoryIds: rest.categoryIds,
    subcategoryIds: rest.subcategoryIds,
    tags: rest.tags,
    productIds: rest.productIds,
    excludedProductIds: rest.excludedProductIds,
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
    priority: rest.priority,
    maxGroupsPerOrder: rest.maxGroupsPerOrder,
    stacking: rest.stacking,
    stackableCodes: rest.stackableCodes,
  } as Record<string, unknown>;
}

/** Refuses ids of categories, subcategories or products that do not exist (a typo matches nothing). */
function checkChosen(tx: Executor, columns: OfferColumns) {
  return refuseUnknownIds(tx, [
    [categories, columns.categoryIds, adminOfferMessages.unknownCategory],
    [subcategories, columns.subcategoryIds, adminOfferMessages.unknownSubcategory],
    [
      products,
      [...new Set([...columns.productIds, ...columns.excludedProductIds])],
      adminOfferMessages.unknownProduct,
    ],
  ]);
}

/** An address already taken answers 409, whether seen first or caught by the unique index. */
function uniquely<T>(slug: string, write: () => Promise<T>): Promise<T> {
  return refusingDuplicates(
    'offers_slug_key',
    () => conflict(offerMessages.slugTaken(slug)),
    write,
  );
}

/**
 * A new offer with its audit entry, in the caller's transaction: the back office's create and the
 * seed's live offer both come this way, through the same schema and rules.
 */
export async function createOfferIn(
  tx: Executor,
  form: OfferForm,
  actor: AuditActor,
): Promise<string> {
  const columns = columnsOf(form);
  await checkChosen(tx, columns);
  const [row] = await tx.insert(offers).values(columns).returning({ id: offers.id });
  await recordAudit(tx, actor, {
    action: 'offer.create',
    entity: 'offer',
    entityId: row!.id,
    before: null,
    after: auditView(columns),
  });
  return row!.id;
}

export function createOffersAdminService({
  db,
  changed,
}: {
  db: Database;
  /** Told after each change commits, so carts and badges read the offers again at once. */
  changed: () => Promise<void>;
}) {
  async function detail(id: string): Promise<AdminOffer> {
    if (!isUuid(id)) throw notFound(offerMessages.notFound);
    const [row] = await selectOffers(db, [sql`o.id = ${id}::uuid`], 1);
    if (!row) throw notFound(offerMessages.notFound);
    return toAdminOffer(row, new Date());
  }

  async function lockRow(tx: Executor, id: string) {
    if (!isUuid(id)) throw notFound(offerMessages.notFound);
    const [row] = await tx.select().from(offers).where(eq(offers.id, id)).for('update');
    if (!row) throw notFound(offerMessages.notFound);
    const [held] = await selectOffers(tx, [sql`o.id = ${id}::uuid`], 1);
    return { row, ordersCount: held?.orders_count ?? 0 };
  }

  return {
    async list(query: AdminOffersQuery): Promise<AdminOffersPage> {
      const now = new Date();
      const where: SQL[] = [];
      if (query.q) {
        const escaped = query.q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
        where.push(
          sql`(lower(o.name) like ${`%${escaped}%`} or lower(o.label) like ${`%${escaped}%`} or o.slug like ${`${escaped}%`})`,
        );
      }
      if (query.state) where.push(stateSql(query.state, now.toISOString()));
      if (query.kind) where.push(sql`o.kind = ${query.kind}`);
      if (query.cursor) {
        const cursor = cursors.decode(query.cursor);
        if (!cursor) throw invalid(adminOfferMessages.invalidCursor);
        where.push(sql`(o.created_at, o.id) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`);
      }
      const rows = await selectOffers(db, where, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const next =
        rows.length > query.limit && last
          ? cursors.encode({ key: last.sort_key, id: last.id })
          : null;
      return { offers: page.map((row) => toAdminOffer(row, now)), next };
    },

    detail,

    async create(actor: AuditActor, form: OfferForm): Promise<AdminOffer> {
      const id = await uniquely(form.slug, () =>
        db.transaction((tx) => createOfferIn(tx, form, actor)),
      );
      await changed();
      return detail(id);
    },

    /** The whole form again, while no order holds the offer (after that: end it, make another). */
    async update(actor: AuditActor, id: string, form: OfferForm): Promise<AdminOffer> {
      await uniquely(form.slug, () =>
        db.transaction(async (tx) => {
          const { row: current, ordersCount } = await lockRow(tx, id);
          if (ordersCount > 0) throw conflict(offerMessages.usedInOrders);
          if (current.endedAt) throw conflict(offerMessages.alreadyEnded);
          const columns = columnsOf(form);
          await checkChosen(tx, columns);
          await tx
            .update(offers)
            .set({ ...columns, updatedAt: new Date() })
            .where(eq(offers.id, id));
          await recordAuditedEdit(tx, actor, {
            action: 'offer.update',
            entity: 'offer',
            entityId: id,
            before: auditView(current),
            after: auditView(columns),
          });
        }),
      );
      await changed();
      return detail(id);
    },

    /** Ends the offer now: no new cart or order groups under it; past orders keep what they have. */
    async end(actor: AuditActor, id: string): Promise<AdminOffer> {
      await db.transaction(async (tx) => {
        const { row: current } = await lockRow(tx, id);
        if (current.endedAt) throw conflict(offerMessages.alreadyEnded);
        const endedAt = new Date();
        await tx.update(offers).set({ endedAt, updatedAt: endedAt }).where(eq(offers.id, id));
        await recordAudit(tx, actor, {
          action: 'offer.end',
          entity: 'offer',
          entityId: id,
          before: { slug: current.slug, endedAt: null },
          after: { slug: current.slug, endedAt: endedAt.toISOString() },
        });
      });
      await changed();
      return detail(id);
    },
  };
}

export type OffersAdminService = ReturnType<typeof createOffersAdminService>;
