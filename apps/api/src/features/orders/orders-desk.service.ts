import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { orderMessages } from '@shop/contracts/orders';
import type { AdminShipment } from '@shop/contracts/shipping';
import {
  ordersDeskMessages,
  ordersDeskSorts,
  type OrderDeskDetail,
  type OrderNote,
  type OrdersDeskPage,
  type OrdersDeskQuery,
  type OrdersDeskRow,
  type TimelineEntry,
} from '@shop/contracts/orders-desk';
import { invalid, notFound } from '@shop/domain/errors';
import * as z from 'zod/mini';
import { cursorCodec, cursorId, TIMESTAMP_TEXT } from '@shop/contracts/keyset-page';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees, rupeesToPaise, formatMoney } from '@shop/domain/money';
import type { OrderStatus, PaymentStatus } from '@shop/domain/orders';
import {
  attentionPaymentStatuses,
  attentionRefundStates,
  indiaDayEnd,
  indiaDayStart,
  needsAttention,
} from '@shop/domain/orders-desk';
import type { ProviderPaymentStatus, RefundState } from '@shop/domain/payments';
import type { ReturnAction, ReturnLineState } from '@shop/domain/returns';
import { returnLineStateLabels } from '@shop/domain/returns';
import { queryRows, type Database } from '../../db/client.ts';
import {
  auditEntries,
  orderNotes,
  orderReturnLines,
  payments,
  users,
  type OrderAddress,
} from '../../db/schema.ts';
import type { OrdersRepository } from './orders.repository.ts';
import { toOrder } from './orders.service.ts';
import type { RefundWithLines } from '../payments/refunds.service.ts';
import { toRefundRow } from './order-actions.service.ts';
import { shopperRefunds } from './order-refunds.ts';

/** How many orders needing attention the first page lists at most. */
const ATTENTION_LIMIT = 20;

interface DeskRowSql {
  id: string;
  order_number: string;
  created_at: string | Date;
  /** The sort key as exact text (timestamps keep their microseconds), for the cursor. */
  sort_key: string;
  total_paise: number;
  status: string;
  payment_status: string;
  item_count: number;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  attention: boolean;
}

/** The sort it belongs to, and the last row's sort key (a time or a whole number) and id. */
const cursors = cursorCodec(
  z.object({
    sort: z.enum(ordersDeskSorts),
    dir: z.enum(['asc', 'desc']),
    key: z.string(),
    id: cursorId,
  }),
);

function decodeCursor(text: string, query: OrdersDeskQuery) {
  const cursor = cursors.decode(text);
  // A cursor from another sort would skip or repeat rows: the caller starts again.
  const fits =
    cursor?.sort === query.sort &&
    cursor.dir === query.dir &&
    (query.sort === 'date' ? TIMESTAMP_TEXT.test(cursor.key) : /^\d+$/.test(cursor.key));
  if (!cursor || !fits) throw invalid(ordersDeskMessages.invalidCursor);
  return cursor;
}

const attentionSql = sql`(o.payment_status in (${sql.join(
  attentionPaymentStatuses.map((state) => sql`${state}`),
  sql`, `,
)}) or exists (select 1 from refunds r where r.order_id = o.id and r.state in (${sql.join(
  attentionRefundStates.map((state) => sql`${state}`),
  sql`, `,
)})))`;

/** The words of a search: an order number, an email, a phone's digits or a name. */
function searchSql(q: string): SQL | undefined {
  if (q === '') return undefined;
  const escaped = q.replace(/[\\%_]/g, (char) => `\\${char}`);
  const like = `%${escaped}%`;
  const clauses: SQL[] = [
    sql`o.order_number ilike ${like}`,
    sql`u.email ilike ${like}`,
    sql`(u.first_name || ' ' || u.last_name) ilike ${like}`,
    sql`o.shipping_address->>'name' ilike ${like}`,
  ];
  // Phones are stored as their 10 digits; a typed '+91 98765 43210' finds them too.
  const digits = q.replace(/\D/g, '');
  if (/^[\d\s+()-]+$/.test(q) && digits.length >= 4) {
    const last10 = `%${digits.slice(-10)}%`;
    clauses.push(sql`u.phone like ${last10}`, sql`o.shipping_address->>'phone' like ${last10}`);
  }
  return sql`(${sql.join(clauses, sql` or `)})`;
}

function filtersSql(query: OrdersDeskQuery): SQL[] {
  const where: SQL[] = [];
  const search = searchSql(query.q);
  if (search) where.push(search);
  if (query.status) where.push(sql`o.status = ${query.status}`);
  if (query.paymentStatus) where.push(sql`o.payment_status = ${query.paymentStatus}`);
  if (query.from) where.push(sql`o.created_at >= ${indiaDayStart(query.from).toISOString()}`);
  if (query.to) where.push(sql`o.created_at < ${indiaDayEnd(query.to).toISOString()}`);
  if (query.min !== undefined) where.push(sql`o.total_paise >= ${rupeesToPaise(query.min)}`);
  if (query.max !== undefined) where.push(sql`o.total_paise <= ${rupeesToPaise(query.max)}`);
  return where;
}

function rowsQuery(where: SQL[], order: SQL, limit: number, sortKey: SQL): SQL {
  const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  return sql`select o.id, o.order_number, o.created_at, ${sortKey} as sort_key, o.total_paise,
      o.status, o.payment_status, u.id as user_id, u.first_name, u.last_name,
      -- An erased account's placeholder address is nobody's: the desk shows no email.
      case when u.erased_at is null then u.email else '' end as email, u.phone,
      (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id)
        as item_count,
      ${attentionSql} as attention
    from orders o join users u on u.id = o.user_id
    ${whereSql}
    order by ${order}
    limit ${limit}`;
}

/** Money in the timeline's words as the back office writes it (₹1,23,456; ₹1,299.50). */
const money = (paise: number) => formatMoney(paise, { trimZeroPaise: true });
const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

function toRow(row: DeskRowSql): OrdersDeskRow {
  return {
    _id: row.id,
    orderNumber: row.order_number,
    createdAt: iso(row.created_at),
    customer: {
      _id: row.user_id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      phone: row.phone,
    },
    total: paiseToRupees(row.total_paise),
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as PaymentStatus,
    itemCount: row.item_count,
    needsAttention: row.attention,
  };
}

export interface OrdersDeskDeps {
  db: Database;
  orders: OrdersRepository;
  /** The order's newest shipment as the back office sees it (the shipping feature's read). */
  shipmentOf?: (orderId: string) => Promise<AdminShipment | null>;
  /** The order's refunds with the lines they give back (the payments feature's read). */
  refundsOf: (orderId: string) => Promise<RefundWithLines[]>;
}

/** The back office's reads of orders, and its internal notes. */
export function createOrdersDeskService({
  db,
  orders: repository,
  shipmentOf,
  refundsOf,
}: OrdersDeskDeps) {
  async function list(query: OrdersDeskQuery): Promise<OrdersDeskPage> {
    const where = filtersSql(query);
    const key = query.sort === 'date' ? sql`o.created_at` : sql`o.total_paise`;
    const keyText = query.sort === 'date' ? sql`o.created_at::text` : sql`o.total_paise::text`;
    const cast = (value: string) =>
      query.sort === 'date' ? sql`${value}::timestamptz` : sql`${value}::integer`;
    const direction = query.dir === 'asc' ? sql`asc` : sql`desc`;
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor, query);
      // Keyset: strictly after the last row in (key, id) order, so no row repeats or goes missing.
      where.push(
        query.dir === 'asc'
          ? sql`(${key}, o.id) > (${cast(cursor.key)}, ${cursor.id}::uuid)`
          : sql`(${key}, o.id) < (${cast(cursor.key)}, ${cursor.id}::uuid)`,
      );
    }
    const rows = await queryRows<DeskRowSql>(
      db,
      rowsQuery(where, sql`${key} ${direction}, o.id ${direction}`, query.limit + 1, keyText),
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const next =
      rows.length > query.limit && last
        ? cursors.encode({ sort: query.sort, dir: query.dir, key: last.sort_key, id: last.id })
        : null;
    const attention = query.cursor
      ? []
      : await queryRows<DeskRowSql>(
          db,
          rowsQuery(
            [attentionSql],
            sql`o.created_at asc, o.id asc`,
            ATTENTION_LIMIT,
            sql`o.created_at::text`,
          ),
        );
    return { orders: page.map(toRow), next, needsAttention: attention.map(toRow) };
  }

  async function notesOf(orderId: string): Promise<OrderNote[]> {
    const rows = await db
      .select({
        id: orderNotes.id,
        text: orderNotes.text,
        createdAt: orderNotes.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(orderNotes)
      .innerJoin(users, eq(users.id, orderNotes.authorId))
      .where(eq(orderNotes.orderId, orderId))
      .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
    return rows.map((row) => ({
      _id: row.id,
      text: row.text,
      author: `${row.firstName} ${row.lastName}`.trim() || row.email,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async function detail(orderId: string): Promise<OrderDeskDetail> {
    const row = isUuid(orderId) ? await repository.findById(db, orderId) : undefined;
    if (!row) throw notFound(orderMessages.notFound);
    const [owner, paymentRows, refundRows, returnRows, notes, shipment, actions] =
      await Promise.all([
        db.select().from(users).where(eq(users.id, row.userId)),
        db
          .select()
          .from(payments)
          .where(eq(payments.orderId, orderId))
          .orderBy(asc(payments.createdAt)),
        refundsOf(orderId),
        db
          .select()
          .from(orderReturnLines)
          .where(eq(orderReturnLines.orderId, orderId))
          .orderBy(asc(orderReturnLines.requestedAt)),
        notesOf(orderId),
        shipmentOf ? shipmentOf(orderId) : Promise.resolve(null),
        // The desk's own actions that leave no row of their own: a mail sent again, an address.
        db
          .select()
          .from(auditEntries)
          .where(
            and(
              eq(auditEntries.entity, 'order'),
              eq(auditEntries.entityId, orderId),
              inArray(auditEntries.action, ['order.confirmation_resent', 'order.shipping_address']),
            ),
          )
          .orderBy(asc(auditEntries.at)),
      ]);
    const user = owner[0]!;
    const order = {
      ...toOrder(row),
      refunds: shopperRefunds(refundRows, row),
      tracking: shipment
        ? {
            courier: shipment.courier,
            awb: shipment.awb,
            trackingUrl: shipment.trackingUrl,
            events: shipment.events,
          }
        : null,
    };
    const nameOf = (itemId: string) =>
      row.items.find((item) => item.id === itemId)?.productName ?? 'an item';

    const timeline: TimelineEntry[] = [];
    const add = (
      at: Date | string | null,
      kind: TimelineEntry['kind'],
      title: string,
      detail = '',
    ) => {
      if (at !== null) timeline.push({ at: iso(at), kind, title, detail });
    };
    add(row.createdAt, 'order', 'Order placed', money(row.totalPaise));
    for (const payment of paymentRows) {
      const amount = money(payment.amountPaise);
      if (payment.paidAt)
        add(
          payment.paidAt,
          'payment',
          'Payment captured',
          `${amount} ${payment.providerPaymentId ?? ''}`.trim(),
        );
      if (payment.status === ('failed' satisfies ProviderPaymentStatus)) {
        add(payment.updatedAt, 'payment', 'Payment failed', payment.failureReason ?? '');
      }
      if (payment.status === ('review' satisfies ProviderPaymentStatus)) {
        add(payment.updatedAt, 'payment', 'Payment held for review', amount);
      }
    }
    add(row.confirmedAt, 'status', 'Confirmed');
    add(
      row.shippedAt,
      'status',
      'Shipped',
      row.courier && row.awb ? `${row.courier}, AWB ${row.awb}` : '',
    );
    add(row.deliveredAt, 'status', 'Delivered');
    add(row.cancelledAt, 'status', 'Cancelled', row.cancelReason ?? '');
    add(row.returnRequestedAt, 'status', 'Return requested', row.returnReason ?? '');
    add(row.returnedAt, 'status', 'Returned');
    for (const refund of refundRows) {
      const amount = money(refund.amountPaise);
      const lines = refund.lines
        .map((line) => `${line.quantity} × ${nameOf(line.itemId)}`)
        .join(', ');
      add(
        refund.createdAt,
        'refund',
        'Refund owed',
        [`${amount} (${refund.reason.replace(/_/g, ' ')})`, lines, refund.note ?? '']
          .filter(Boolean)
          .join('\n'),
      );
      if (refund.processedAt) add(refund.processedAt, 'refund', 'Refund processed', amount);
      if (refund.state === ('failed' satisfies RefundState)) {
        add(refund.updatedAt, 'refund', 'Refund failed', refund.lastError ?? amount);
      }
    }
    for (const line of returnRows) {
      const action = line.action as ReturnAction;
      const what = `${line.quantity} × ${nameOf(line.orderItemId)}`;
      add(
        line.requestedAt,
        'return',
        action === 'exchange' ? 'Exchange requested' : 'Return requested',
        what,
      );
      const label = returnLineStateLabels[action][line.state as ReturnLineState];
      add(line.receivedAt, 'return', 'Received back', `${what}: ${label}`);
      add(line.declinedAt, 'return', 'Request declined', what);
    }
    for (const note of notes) add(note.createdAt, 'note', `Note by ${note.author}`, note.text);
    for (const entry of actions) {
      if (entry.action === 'order.confirmation_resent') {
        add(entry.at, 'mail', 'Confirmation sent again', `by ${entry.actorEmail}`);
      } else {
        const to = entry.after as Partial<OrderAddress> | null;
        add(
          entry.at,
          'address',
          'Shipping address changed',
          `by ${entry.actorEmail}: now ${[to?.addressLine1, to?.city, to?.pinCode].filter(Boolean).join(', ')}`,
        );
      }
    }
    timeline.sort((a, b) => a.at.localeCompare(b.at));

    const refundStates = refundRows.map((refund) => refund.state as RefundState);
    return {
      order,
      customer: {
        _id: user.id,
        name: `${user.firstName} ${user.lastName}`.trim(),
        // An erased account's placeholder address is nobody's: no email is shown.
        email: user.erasedAt ? '' : user.email,
        phone: user.phone,
      },
      payments: paymentRows.map((payment) => ({
        _id: payment.id,
        provider: payment.provider,
        providerOrderId: payment.providerOrderId,
        providerPaymentId: payment.providerPaymentId,
        amount: paiseToRupees(payment.amountPaise),
        currency: payment.currency,
        method: payment.method,
        status: payment.status as ProviderPaymentStatus,
        failureReason: payment.failureReason,
        createdAt: iso(payment.createdAt),
        paidAt: isoOrNull(payment.paidAt),
      })),
      refunds: refundRows.map((refund) => toRefundRow(refund, row)),
      notes,
      shippedBy:
        row.courier !== null && row.awb !== null ? { courier: row.courier, awb: row.awb } : null,
      timeline,
      needsAttention: needsAttention({
        paymentStatus: row.paymentStatus as PaymentStatus,
        refundStates,
      }),
      shipment,
    };
  }

  return {
    list,
    detail,

    /** Adds an internal note by `authorId` (a back-office user) to an order. */
    /** An internal note on an order, recorded in the audit log with it. */
    async addNote(orderId: string, actor: AuditActor, text: string): Promise<OrderNote> {
      const exists = isUuid(orderId) ? await repository.findById(db, orderId) : undefined;
      if (!exists) throw notFound(orderMessages.notFound);
      const authorId = actor.userId!;
      const note = await db.transaction(async (tx) => {
        const [row] = await tx.insert(orderNotes).values({ orderId, authorId, text }).returning();
        await recordAudit(tx, actor, {
          action: 'order.note',
          entity: 'order',
          entityId: orderId,
          before: null,
          after: { noteId: row!.id, text },
        });
        return row;
      });
      const [author] = await db.select().from(users).where(eq(users.id, authorId));
      return {
        _id: note!.id,
        text: note!.text,
        author:
          `${author?.firstName ?? ''} ${author?.lastName ?? ''}`.trim() || (author?.email ?? ''),
        createdAt: note!.createdAt.toISOString(),
      };
    },
  };
}

export type OrdersDeskService = ReturnType<typeof createOrdersDeskService>;
