/**
 * The returns desk's lines as the database holds them: each with its order, item, shopper and
 * refund, oldest request first, in keyset pages; and a line as the desk's list shows it.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  returnsDeskMessages,
  type ReturnsDeskPage,
  type ReturnsDeskQuery,
  type ReturnsDeskRow,
} from '@shop/contracts/returns-desk';
import type { ReturnParcel } from '@shop/contracts/orders';
import { cursorCodec, cursorId } from '@shop/contracts/keyset-page';
import { invalid, notFound } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import type { OrderStatus } from '@shop/domain/orders';
import type { RefundState } from '@shop/domain/payments';
import {
  nextReturnSteps,
  openReturnLineStates,
  returnCheckRule,
  returnLineLabel,
  type ReturnAction,
  type ReturnLineState,
} from '@shop/domain/returns';
import * as z from 'zod/mini';
import { queryRows, type Executor } from '../../db/client.ts';
import type { OrderRow } from '../orders/order-returns.service.ts';

/** A line as the desk reads it, with its order, item and shopper (snake_case from SQL). */
export interface DeskLineSql {
  id: string;
  order_id: string;
  order_item_id: string;
  quantity: number;
  action: ReturnAction;
  exchange_color_name: string | null;
  exchange_size: string | null;
  state: ReturnLineState;
  refund_id: string | null;
  refund_paise: number | null;
  requested_at: string | Date;
  approved_at: string | Date | null;
  pickup_scheduled_at: string | Date | null;
  picked_up_at: string | Date | null;
  received_at: string | Date | null;
  checked_at: string | Date | null;
  restocked_at: string | Date | null;
  outbound_shipped_at: string | Date | null;
  declined_at: string | Date | null;
  decline_reason: string | null;
  check_note: string | null;
  pickup_courier: string | null;
  pickup_awb: string | null;
  pickup_tracking_url: string | null;
  outbound_courier: string | null;
  outbound_awb: string | null;
  outbound_tracking_url: string | null;
  order_number: string;
  order_status: OrderStatus;
  order_created_at: string | Date;
  return_reason: string | null;
  shipping_address: OrderRow['shippingAddress'];
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  product_id: string;
  product_name: string;
  product_image: string;
  color_name: string;
  size: string;
  price_paise: number;
  category_slug: string;
  subcategory_slug: string | null;
  refund_amount_paise: number | null;
  refund_state: RefundState | null;
}

/** The last row's request time (ISO) and id. */
const cursors = cursorCodec(
  z.object({
    at: z.string().check(z.refine((at) => !Number.isNaN(Date.parse(at)))),
    id: cursorId,
  }),
);

function decodeCursor(text: string) {
  const cursor = cursors.decode(text);
  if (!cursor) throw invalid(returnsDeskMessages.invalidCursor);
  return cursor;
}

export const iso = (value: string | Date) => new Date(value).toISOString();
export const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

function linesSql(where: SQL[], limit: number): SQL {
  const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  return sql`select l.id, l.order_id, l.order_item_id, l.quantity, l.action,
      l.exchange_color_name, l.exchange_size, l.state, l.refund_id, l.refund_paise,
      l.requested_at, l.approved_at, l.pickup_scheduled_at, l.picked_up_at, l.received_at, l.checked_at,
      l.restocked_at, l.outbound_shipped_at, l.declined_at, l.decline_reason, l.check_note,
      l.pickup_courier, l.pickup_awb, l.pickup_tracking_url,
      l.outbound_courier, l.outbound_awb, l.outbound_tracking_url,
      o.order_number, o.status as order_status, o.created_at as order_created_at,
      o.return_reason, o.shipping_address,
      u.id as user_id, u.first_name, u.last_name, u.email, u.phone,
      i.product_id, i.product_name, i.product_image, i.color_name, i.size, i.price_paise,
      i.category_slug, i.subcategory_slug,
      r.amount_paise as refund_amount_paise, r.state as refund_state
    from order_return_lines l
    join orders o on o.id = l.order_id
    join users u on u.id = o.user_id
    join order_items i on i.id = l.order_item_id
    left join refunds r on r.id = l.refund_id
    ${whereSql}
    order by l.requested_at, l.id
    limit ${limit}`;
}

/** A line as the desk lists it. */
export function deskRowOf(row: DeskLineSql): ReturnsDeskRow {
  return {
    _id: row.id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    orderStatus: row.order_status,
    customer: {
      _id: row.user_id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      phone: row.phone,
    },
    productName: row.product_name,
    productImage: row.product_image,
    colorName: row.color_name,
    size: row.size,
    quantity: row.quantity,
    action: row.action,
    exchangeFor:
      row.exchange_color_name !== null && row.exchange_size !== null
        ? { colorName: row.exchange_color_name, size: row.exchange_size }
        : null,
    state: row.state,
    stateLabel: returnLineLabel({
      action: row.action,
      state: row.state,
      pickedUpAt: row.picked_up_at,
    }),
    checkRule: returnCheckRule({
      productName: row.product_name,
      categorySlug: row.category_slug,
      subcategorySlug: row.subcategory_slug,
    }),
    reason: row.return_reason,
    requestedAt: iso(row.requested_at),
    steps: nextReturnSteps(row),
  };
}

export const parcelOf = (
  awb: string | null,
  courier: string | null,
  trackingUrl: string | null,
): ReturnParcel | null => (awb ? { awb, courier, trackingUrl } : null);

export const addressText = (address: OrderRow['shippingAddress']) =>
  [
    address.name,
    address.addressLine1,
    address.addressLine2,
    `${address.city}, ${address.state} ${address.pinCode}`,
    `Phone ${address.phone}`,
  ]
    .filter(Boolean)
    .join(', ');

/** One line of the desk; 404 when there is none of this id. */
export async function loadDeskLine(db: Executor, lineId: string): Promise<DeskLineSql> {
  const [row] = isUuid(lineId)
    ? await queryRows<DeskLineSql>(db, linesSql([sql`l.id = ${lineId}`], 1))
    : [];
  if (!row) throw notFound(returnsDeskMessages.notFound);
  return row;
}

/** Lines oldest request first; by default those the desk still has work on. */
export async function listDeskLines(
  db: Executor,
  query: ReturnsDeskQuery,
): Promise<ReturnsDeskPage> {
  const where: SQL[] = [];
  if (query.state === 'open') {
    where.push(
      sql`l.state in (${sql.join(
        openReturnLineStates.map((state) => sql`${state}`),
        sql`, `,
      )})`,
    );
  } else if (query.state !== 'all') {
    where.push(sql`l.state = ${query.state}`);
  }
  if (query.action) where.push(sql`l.action = ${query.action}`);
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    where.push(sql`(l.requested_at, l.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
  }
  const rows = await queryRows<DeskLineSql>(db, linesSql(where, query.limit + 1));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    lines: page.map(deskRowOf),
    next:
      rows.length > query.limit && last
        ? cursors.encode({ at: iso(last.requested_at), id: last.id })
        : null,
  };
}
