import { asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  CUSTOMER_RECENT_ORDERS,
  customersDeskMessages,
  type CustomerDeskDetail,
  type CustomerNote,
  type CustomerOrderRow,
  type CustomersDeskPage,
  type CustomersDeskQuery,
  type CustomersDeskRow,
} from '@shop/contracts/customers-desk';
import { phoneSearchDigits, valueRefundReasons } from '@shop/domain/customers-desk';
import { invalid, notFound } from '@shop/domain/errors';
import { cursorCodec, timeAndIdCursor } from '@shop/contracts/keyset-page';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees } from '@shop/domain/money';
import type { OrderStatus, PaymentStatus } from '@shop/domain/orders';
import { accountRole } from '@shop/domain/roles';
import { queryRows, type Database } from '../../db/client.ts';
import { customerNotes, users } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';

/** Opaque to callers: the last row's join time (as exact text, microseconds kept) and id. */

const cursors = cursorCodec(timeAndIdCursor);

function decodeCursor(text: string) {
  const cursor = cursors.decode(text);
  if (!cursor) throw invalid(customersDeskMessages.invalidCursor);
  return cursor;
}

/** The words of a search: an email, a name, or a phone's digits however they were typed. */
function searchSql(q: string): SQL | undefined {
  if (q === '') return undefined;
  const escaped = q.replace(/[\\%_]/g, (char) => `\\${char}`);
  const like = `%${escaped}%`;
  const clauses: SQL[] = [
    sql`u.email ilike ${like}`,
    sql`(u.first_name || ' ' || u.last_name) ilike ${like}`,
  ];
  const digits = phoneSearchDigits(q);
  if (digits) clauses.push(sql`u.phone like ${`%${digits}%`}`);
  return sql`(${sql.join(clauses, sql` or `)})`;
}

/**
 * What a customer is worth and how often she bought, for the account `userId` names: her paid
 * orders' totals less the refunds given on them (the domain names which refunds count).
 */
function statsSql(userId: SQL): SQL {
  const reasons = sql.join(
    valueRefundReasons.map((reason) => sql`${reason}`),
    sql`, `,
  );
  return sql`(select count(*)::int from orders o where o.user_id = ${userId}) as orders_count,
    (select max(o.created_at) from orders o where o.user_id = ${userId}) as last_order_at,
    (coalesce((select sum(o.total_paise) from orders o
        where o.user_id = ${userId} and o.paid_at is not null), 0)
      - coalesce((select sum(r.amount_paise) from refunds r join orders o on o.id = r.order_id
        where o.user_id = ${userId} and o.paid_at is not null and r.reason in (${reasons})), 0)
    )::bigint as value_paise`;
}

interface StatsSql {
  orders_count: number;
  last_order_at: string | Date | null;
  /** bigint: drivers answer it as text. */
  value_paise: string | number;
}

interface ListRowSql extends StatsSql {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  created_at: string | Date;
  sort_key: string;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const fullName = (first: string, last: string) => `${first} ${last}`.trim();

function toRow(row: ListRowSql): CustomersDeskRow {
  return {
    _id: row.id,
    name: fullName(row.first_name, row.last_name),
    email: row.email,
    phone: row.phone,
    joinedAt: iso(row.created_at),
    ordersCount: row.orders_count,
    lifetimeValue: paiseToRupees(Number(row.value_paise)),
    lastOrderAt: row.last_order_at === null ? null : iso(row.last_order_at),
  };
}

export interface CustomersDeskDeps {
  db: Database;
  /** ADMIN_EMAILS, lower-cased: a verified listed address is an owner, as at sign-in. */
  adminEmails: readonly string[];
}

/** The back office's reads of customer accounts, and its internal notes on them. */
export function createCustomersDeskService({ db, adminEmails }: CustomersDeskDeps) {
  const listedOwners = new Set(adminEmails);

  async function list(query: CustomersDeskQuery): Promise<CustomersDeskPage> {
    const where: SQL[] = [];
    const search = searchSql(query.q);
    if (search) where.push(search);
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor);
      // Keyset: strictly older than the last row in (joined, id) order, so no row repeats or
      // goes missing while accounts are added.
      where.push(sql`(u.created_at, u.id) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`);
    }
    const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    // The page is chosen first, so the counts and sums are worked out for its rows only.
    const rows = await queryRows<ListRowSql>(
      db,
      sql`with page as (
          select u.id, u.first_name, u.last_name,
            case when u.erased_at is null then u.email else '' end as email, u.phone, u.created_at,
            u.created_at::text as sort_key
          from users u
          ${whereSql}
          order by u.created_at desc, u.id desc
          limit ${query.limit + 1}
        )
        select page.*, ${statsSql(sql`page.id`)}
        from page
        order by page.created_at desc, page.id desc`,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const next =
      rows.length > query.limit && last
        ? cursors.encode({ key: last.sort_key, id: last.id })
        : null;
    return { customers: page.map(toRow), next };
  }

  async function notesOf(customerId: string): Promise<CustomerNote[]> {
    const rows = await db
      .select({
        id: customerNotes.id,
        text: customerNotes.text,
        createdAt: customerNotes.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(customerNotes)
      .innerJoin(users, eq(users.id, customerNotes.authorId))
      .where(eq(customerNotes.customerId, customerId))
      .orderBy(asc(customerNotes.createdAt), asc(customerNotes.id));
    return rows.map((row) => ({
      _id: row.id,
      text: row.text,
      author: fullName(row.firstName, row.lastName) || row.email,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async function findAccount(customerId: string) {
    if (!isUuid(customerId)) return undefined;
    const [row] = await db.select().from(users).where(eq(users.id, customerId));
    return row;
  }

  async function detail(customerId: string): Promise<CustomerDeskDetail> {
    const account = await findAccount(customerId);
    if (!account) throw notFound(customersDeskMessages.notFound);
    const id = sql`${customerId}::uuid`;
    const [orderRows, statsRows, notes] = await Promise.all([
      queryRows<{
        id: string;
        order_number: string;
        created_at: string | Date;
        total_paise: number;
        status: string;
        payment_status: string;
      }>(
        db,
        sql`select o.id, o.order_number, o.created_at, o.total_paise, o.status, o.payment_status
          from orders o where o.user_id = ${id}
          order by o.created_at desc, o.id desc
          limit ${CUSTOMER_RECENT_ORDERS}`,
      ),
      queryRows<StatsSql & { returns_count: number; cancellations_count: number }>(
        db,
        sql`select ${statsSql(id)},
          (select count(*)::int from orders o where o.user_id = ${id}
            and o.status = ${'cancelled' satisfies OrderStatus}) as cancellations_count,
          (select count(*)::int from orders o where o.user_id = ${id}
            and exists (select 1 from order_return_lines l where l.order_id = o.id))
            as returns_count`,
      ),
      notesOf(customerId),
    ]);
    const stats = statsRows[0]!;
    const orders = orderRows.map((row): CustomerOrderRow => ({
      _id: row.id,
      orderNumber: row.order_number,
      createdAt: iso(row.created_at),
      total: paiseToRupees(row.total_paise),
      status: row.status as OrderStatus,
      paymentStatus: row.payment_status as PaymentStatus,
    }));
    // Named field by field: nothing about how she signs in (hashes, tokens, provider ids) leaves.
    return {
      profile: {
        _id: account.id,
        firstName: account.firstName,
        lastName: account.lastName,
        name: fullName(account.firstName, account.lastName),
        email: account.erasedAt ? '' : account.email,
        phone: account.phone,
        emailVerified: account.emailVerified,
        googleLinked: account.googleSubject !== null,
        role: accountRole(account, listedOwners),
        joinedAt: account.createdAt.toISOString(),
      },
      addresses: account.addresses.map(({ id: addressId, ...address }) => ({
        _id: addressId,
        ...address,
      })),
      orders,
      ordersCount: stats.orders_count,
      lifetimeValue: paiseToRupees(Number(stats.value_paise)),
      returnsCount: stats.returns_count,
      cancellationsCount: stats.cancellations_count,
      notes,
    };
  }

  return {
    list,
    detail,

    /** An internal note on a customer, recorded in the audit log with it. */
    async addNote(customerId: string, actor: AuditActor, text: string): Promise<CustomerNote> {
      const account = await findAccount(customerId);
      if (!account) throw notFound(customersDeskMessages.notFound);
      const authorId = actor.userId!;
      const note = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(customerNotes)
          .values({ customerId, authorId, text })
          .returning();
        await recordAudit(tx, actor, {
          action: 'customer.note',
          entity: 'customer',
          entityId: customerId,
          before: null,
          after: { noteId: row!.id, text },
        });
        return row!;
      });
      const [author] = await db.select().from(users).where(eq(users.id, authorId));
      return {
        _id: note.id,
        text: note.text,
        author: fullName(author?.firstName ?? '', author?.lastName ?? '') || (author?.email ?? ''),
        createdAt: note.createdAt.toISOString(),
      };
    },
  };
}

export type CustomersDeskService = ReturnType<typeof createCustomersDeskService>;
