import { eq, sql, type SQL } from 'drizzle-orm';
import {
  adminDiscountMessages,
  definitionOf,
  type AdminDiscount,
  type AdminDiscountsPage,
  type AdminDiscountsQuery,
  type DiscountForm,
} from '@shop/contracts/admin-discounts';
import { valueRefundReasons } from '@shop/domain/customers-desk';
import {
  discountDefinitionMessages,
  discountState,
  type DiscountState,
} from '@shop/domain/discount-definitions';
import { conflict, invalid, notFound } from '@shop/domain/errors';
import { cursorCodec, timeAndIdCursor } from '@shop/contracts/keyset-page';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees } from '@shop/domain/money';
import { queryRows, refusingDuplicates, type Database, type Executor } from '../../db/client.ts';
import { refuseUnknownIds } from '../../db/known-ids.ts';
import { categories, discounts, products } from '../../db/schema.ts';
import { recordAudit, recordAuditedEdit, type AuditActor } from '../audit/audit.service.ts';
import type { DiscountRow } from './discounts.repository.ts';

/** Opaque to callers: the last row's creation time (exact text, microseconds kept) and id. */

const cursors = cursorCodec(timeAndIdCursor);

function decodeCursor(text: string) {
  const cursor = cursors.decode(text);
  if (!cursor) throw invalid(adminDiscountMessages.invalidCursor);
  return cursor;
}

/**
 * Each state as SQL, in the domain's order of reasons (`discountState`): switched off, not
 * started, expired, used up; active is none of them. `now` is one instant for the whole query.
 */
function stateSql(state: DiscountState, now: string): SQL {
  const scheduled = sql`coalesce(d.starts_at > ${now}::timestamptz, false)`;
  const expired = sql`coalesce(d.expires_at <= ${now}::timestamptz, false)`;
  const usedUp = sql`coalesce(d.times_used >= d.usage_limit, false)`;
  switch (state) {
    case 'inactive':
      return sql`not d.is_active`;
    case 'scheduled':
      return sql`d.is_active and ${scheduled}`;
    case 'expired':
      return sql`d.is_active and not ${scheduled} and ${expired}`;
    case 'used_up':
      return sql`d.is_active and not ${scheduled} and not ${expired} and ${usedUp}`;
    case 'active':
      return sql`d.is_active and not ${scheduled} and not ${expired} and not ${usedUp}`;
  }
}

/**
 * What a code brought in, for the discount `d`: its paid orders (a cancelled order gives its use
 * back, so it is not among them), their totals less the refunds given on them (as the customers
 * desk counts them), and what the code itself took off them.
 */
function statsSql(): SQL {
  const reasons = sql.join(
    valueRefundReasons.map((reason) => sql`${reason}`),
    sql`, `,
  );
  return sql`left join lateral (
      select count(*)::int as paid_orders,
        coalesce(sum(o.total_paise), 0)::bigint as paid_paise,
        coalesce(sum((select sum(r.amount_paise) from refunds r
          where r.order_id = o.id and r.reason in (${reasons}))), 0)::bigint as refunded_paise,
        coalesce(sum((select sum((e ->> 'amountPaise')::int)
          from jsonb_array_elements(o.discounts) e where e ->> 'code' = d.code)), 0)::bigint
          as given_paise
      from discount_uses u join orders o on o.id = u.order_id
      where u.discount_id = d.id and o.paid_at is not null
    ) s on true`;
}

interface DiscountSqlRow {
  id: string;
  code: string;
  type: string;
  description: string;
  percent_off: number | null;
  amount_off_paise: number | null;
  min_subtotal_paise: number;
  max_discount_paise: number | null;
  starts_at: string | Date | null;
  expires_at: string | Date | null;
  usage_limit: number | null;
  per_user_limit: number | null;
  times_used: number;
  eligible_category_ids: string[] | string;
  eligible_product_ids: string[] | string;
  is_active: boolean;
  first_order_only: boolean;
  created_at: string | Date;
  sort_key: string;
  paid_orders: number;
  paid_paise: string | number;
  refunded_paise: string | number;
  given_paise: string | number;
}

const iso = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();
/** A uuid[] read through `execute`: PGlite answers an array, node-postgres may answer '{a,b}'. */
const uuidList = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

function toAdminDiscount(row: DiscountSqlRow, now: Date): AdminDiscount {
  const startsAt = iso(row.starts_at);
  const expiresAt = iso(row.expires_at);
  const percent = row.percent_off !== null;
  return {
    _id: row.id,
    code: row.code,
    type: row.type === 'voucher' ? 'voucher' : 'coupon',
    description: row.description,
    kind: percent ? 'percent' : 'flat',
    value: percent ? row.percent_off! : paiseToRupees(row.amount_off_paise ?? 0),
    minOrder: paiseToRupees(row.min_subtotal_paise),
    maxDiscount: row.max_discount_paise === null ? null : paiseToRupees(row.max_discount_paise),
    startsAt,
    expiresAt,
    usageLimit: row.usage_limit,
    perUserLimit: row.per_user_limit,
    firstOrderOnly: row.first_order_only,
    eligibleCategoryIds: uuidList(row.eligible_category_ids),
    eligibleProductIds: uuidList(row.eligible_product_ids),
    isActive: row.is_active,
    state: discountState(
      {
        isActive: row.is_active,
        startsAt: startsAt ? new Date(startsAt) : null,
        expiresAt: expiresAt ? new Date(expiresAt) : null,
        usageLimit: row.usage_limit,
        timesUsed: row.times_used,
      },
      now,
    ),
    timesUsed: row.times_used,
    paidOrders: row.paid_orders,
    revenue: paiseToRupees(Number(row.paid_paise) - Number(row.refunded_paise)),
    discountGiven: paiseToRupees(Number(row.given_paise)),
    createdAt: iso(row.created_at)!,
  };
}

/** The columns a form sets, from its values (rupees become paise). */
function columnsOf(form: DiscountForm) {
  const definition = definitionOf(form);
  return {
    code: form.code,
    type: form.type,
    description: form.description,
    percentOff: form.kind === 'percent' ? definition.value : null,
    amountOffPaise: form.kind === 'flat' ? definition.value : null,
    minSubtotalPaise: definition.minSubtotalPaise,
    maxDiscountPaise: definition.maxDiscountPaise,
    startsAt: definition.startsAt,
    expiresAt: definition.expiresAt,
    usageLimit: form.usageLimit,
    perUserLimit: form.perUserLimit,
    firstOrderOnly: form.firstOrderOnly,
    eligibleCategoryIds: [...new Set(form.eligibleCategoryIds.map((id) => id.toLowerCase()))],
    eligibleProductIds: [...new Set(form.eligibleProductIds.map((id) => id.toLowerCase()))],
  };
}

/** A discount as the audit log keeps it: the form's fields and the switch, in the form's units. */
function auditView(row: DiscountRow): Record<string, unknown> {
  return {
    code: row.code,
    type: row.type,
    description: row.description,
    kind: row.percentOff !== null ? 'percent' : 'flat',
    value: row.percentOff ?? paiseToRupees(row.amountOffPaise ?? 0),
    minOrder: paiseToRupees(row.minSubtotalPaise),
    maxDiscount: row.maxDiscountPaise === null ? null : paiseToRupees(row.maxDiscountPaise),
    startsAt: row.startsAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perUserLimit: row.perUserLimit,
    firstOrderOnly: row.firstOrderOnly,
    eligibleCategoryIds: row.eligibleCategoryIds,
    eligibleProductIds: row.eligibleProductIds,
    isActive: row.isActive,
  };
}

/** Refuses ids of categories or products that do not exist (a typo would match nothing). */
function checkEligible(tx: Executor, form: DiscountForm) {
  const columns = columnsOf(form);
  return refuseUnknownIds(tx, [
    [categories, columns.eligibleCategoryIds, adminDiscountMessages.unknownCategory],
    [products, columns.eligibleProductIds, adminDiscountMessages.unknownProduct],
  ]);
}

/**
 * Writes a new code from the form's values, in the caller's transaction: the back office's create
 * and the seed's launch codes both come this way, through the same schema and rules.
 */
export async function insertDiscount(tx: Executor, form: DiscountForm): Promise<DiscountRow> {
  await checkEligible(tx, form);
  const [row] = await tx.insert(discounts).values(columnsOf(form)).returning();
  return row!;
}

/** A new code with its audit entry, in the caller's transaction (the back office's create, the seed). */
export async function createDiscountIn(
  tx: Executor,
  form: DiscountForm,
  actor: AuditActor,
): Promise<DiscountRow> {
  const row = await insertDiscount(tx, form);
  await recordAudit(tx, actor, {
    action: 'discount.create',
    entity: 'discount',
    entityId: row.id,
    before: null,
    after: auditView(row),
  });
  return row;
}

/**
 * The back office's discount codes: list them with what they brought in, define and redefine
 * them, switch them off and on. Codes are never deleted: past orders keep the code they carried
 * (as text), and a used code keeps its code so the figures stay its own.
 */
export function createDiscountsAdminService({ db }: { db: Database }) {
  async function select(where: SQL[], limit: number, now: Date) {
    const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    return queryRows<DiscountSqlRow>(
      db,
      sql`with page as (
          select d.*, d.created_at::text as sort_key from discounts d
          ${whereSql}
          order by d.created_at desc, d.id desc
          limit ${limit}
        )
        select d.*, s.* from page d ${statsSql()}
        order by d.created_at desc, d.id desc`,
    ).then((rows) => rows.map((row) => ({ row, view: toAdminDiscount(row, now) })));
  }

  async function detail(id: string): Promise<AdminDiscount> {
    if (!isUuid(id)) throw notFound(adminDiscountMessages.notFound);
    const [found] = await select([sql`d.id = ${id}::uuid`], 1, new Date());
    if (!found) throw notFound(adminDiscountMessages.notFound);
    return found.view;
  }

  /** A code already taken answers 409, whether seen first or caught by the unique index. */
  const uniquely = <T>(code: string, write: () => Promise<T>) =>
    refusingDuplicates(
      'discounts_code_key',
      () => conflict(adminDiscountMessages.codeTaken(code)),
      write,
    );

  async function lockRow(tx: Executor, id: string): Promise<DiscountRow> {
    if (!isUuid(id)) throw notFound(adminDiscountMessages.notFound);
    const [row] = await tx.select().from(discounts).where(eq(discounts.id, id)).for('update');
    if (!row) throw notFound(adminDiscountMessages.notFound);
    return row;
  }

  return {
    async list(query: AdminDiscountsQuery): Promise<AdminDiscountsPage> {
      const now = new Date();
      const where: SQL[] = [];
      if (query.q) {
        const escaped = query.q.toUpperCase().replace(/[\\%_]/g, (char) => `\\${char}`);
        where.push(sql`d.code like ${`${escaped}%`}`);
      }
      if (query.state) where.push(stateSql(query.state, now.toISOString()));
      if (query.kind === 'percent') where.push(sql`d.percent_off is not null`);
      if (query.kind === 'flat') where.push(sql`d.amount_off_paise is not null`);
      if (query.type) where.push(sql`d.type = ${query.type}`);
      if (query.cursor) {
        const cursor = decodeCursor(query.cursor);
        where.push(sql`(d.created_at, d.id) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`);
      }
      const rows = await select(where, query.limit + 1, now);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const next =
        rows.length > query.limit && last
          ? cursors.encode({ key: last.row.sort_key, id: last.row.id })
          : null;
      return { discounts: page.map((entry) => entry.view), next };
    },

    detail,

    async create(actor: AuditActor, form: DiscountForm): Promise<AdminDiscount> {
      const id = await uniquely(form.code, () =>
        db.transaction(async (tx) => {
          const row = await createDiscountIn(tx, form, actor);
          return row.id;
        }),
      );
      return detail(id);
    },

    /** The whole form again. A code used in orders keeps its code (make a new one instead). */
    async update(actor: AuditActor, id: string, form: DiscountForm): Promise<AdminDiscount> {
      await uniquely(form.code, () =>
        db.transaction(async (tx) => {
          const current = await lockRow(tx, id);
          if (form.code !== current.code) {
            const [used] = await queryRows<{ used: boolean }>(
              tx,
              sql`select ${current.timesUsed} > 0 or exists(
                  select 1 from orders o
                  where o.discount_id = ${id}::uuid
                    or o.discounts @> ${JSON.stringify([{ code: current.code }])}::jsonb
                ) as used`,
            );
            if (used?.used) throw conflict(discountDefinitionMessages.codeInUse);
          }
          await checkEligible(tx, form);
          const [row] = await tx
            .update(discounts)
            .set({ ...columnsOf(form), updatedAt: new Date() })
            .where(eq(discounts.id, id))
            .returning();
          await recordAuditedEdit(tx, actor, {
            action: 'discount.update',
            entity: 'discount',
            entityId: id,
            before: auditView(current),
            after: auditView(row!),
          });
        }),
      );
      return detail(id);
    },

    /** Switches a code off (shoppers are told it is invalid) or on again. */
    async setActive(actor: AuditActor, id: string, active: boolean): Promise<AdminDiscount> {
      await db.transaction(async (tx) => {
        const current = await lockRow(tx, id);
        if (current.isActive === active) return;
        await tx
          .update(discounts)
          .set({ isActive: active, updatedAt: new Date() })
          .where(eq(discounts.id, id));
        await recordAudit(tx, actor, {
          action: active ? 'discount.activate' : 'discount.deactivate',
          entity: 'discount',
          entityId: id,
          before: { code: current.code, isActive: current.isActive },
          after: { code: current.code, isActive: active },
        });
      });
      return detail(id);
    },
  };
}

export type DiscountsAdminService = ReturnType<typeof createDiscountsAdminService>;
