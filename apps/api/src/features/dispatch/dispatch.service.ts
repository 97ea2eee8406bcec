import { sql } from 'drizzle-orm';
import { dispatchMessages, type DispatchPage, type DispatchQuery } from '@shop/contracts/dispatch';
import type { PickList } from '@shop/contracts/dispatch';
import { orderMessages } from '@shop/contracts/orders';
import { CASH_ON_DELIVERY } from '@shop/domain/cash-on-delivery';
import {
  dispatchAge,
  dispatchPaymentStatuses,
  mayLeaveTheShelves,
  dispatchStatuses,
  pickList,
} from '@shop/domain/dispatch';
import { conflict, invalid, notFound } from '@shop/domain/errors';
import { cursorCodec, timeAndIdCursor } from '@shop/contracts/keyset-page';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees } from '@shop/domain/money';
import type { PaymentStatus } from '@shop/domain/orders';
import { queryRows, type Database } from '../../db/client.ts';
import type { OrderAddress } from '../../db/schema.ts';
import type { OrderLookups, OrderWithItems } from '../orders/orders.service.ts';
import {
  labelsPdf,
  packingSlipPdf,
  type DocumentOrder,
  type ShipFrom,
} from './dispatch-documents.ts';

interface QueueRowSql {
  id: string;
  order_number: string;
  created_at: string | Date;
  /** created_at as exact text (microseconds kept), for the cursor. */
  sort_key: string;
  total_paise: number;
  status: string;
  payment_status: string;
  shipping_address: OrderAddress;
  item_count: number;
}

const cursors = cursorCodec(timeAndIdCursor);

function decodeCursor(text: string) {
  const cursor = cursors.decode(text);
  if (!cursor) throw invalid(dispatchMessages.invalidCursor);
  return cursor;
}

/** The queue's rule, from the domain, as SQL parameters (matches the partial index). */
const readyToPackSql = sql`o.status in (${sql.join(
  dispatchStatuses.map((status) => sql`${status}`),
  sql`, `,
)}) and o.payment_status in (${sql.join(
  dispatchPaymentStatuses.map((status) => sql`${status}`),
  sql`, `,
)})`;

function toDocumentOrder(row: OrderWithItems): DocumentOrder {
  return {
    orderNumber: row.orderNumber,
    createdAt: row.createdAt,
    totalPaise: row.totalPaise,
    shippingAddress: row.shippingAddress,
    items: row.items.map((item) => ({
      productName: item.productName,
      colorName: item.colorName,
      size: item.size,
      quantity: item.quantity,
    })),
    courier: row.courier,
    awb: row.awb,
    cashToCollectPaise: row.paymentMethod === CASH_ON_DELIVERY ? row.totalPaise : 0,
  };
}

export interface DispatchDeps {
  db: Database;
  /** Orders read through the orders service. */
  orders: Pick<OrderLookups, 'findById'>;
  shipFrom: ShipFrom;
  now?: () => Date;
}

/** The dispatch desk: the queue to pack, pick lists and shipping documents. */
export function createDispatchService({
  db,
  orders,
  shipFrom,
  now = () => new Date(),
}: DispatchDeps) {
  /**
   * The orders, in the order asked, each known and paid: documents and pick lists are for goods
   * that may leave, so an unknown id is a 404 and an unpaid order a 409.
   */
  async function paidOrders(orderIds: readonly string[]): Promise<OrderWithItems[]> {
    const unique = [...new Set(orderIds)];
    const rows: OrderWithItems[] = [];
    for (const id of unique) {
      const row = isUuid(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound(orderMessages.notFound);
      if (!mayLeaveTheShelves(row.paymentStatus as PaymentStatus)) {
        throw conflict(orderMessages.notPaid);
      }
      rows.push(row);
    }
    return rows;
  }

  return {
    /** Paid orders waiting to be packed, oldest first, with their age against the window. */
    async queue(query: DispatchQuery): Promise<DispatchPage> {
      const where = [readyToPackSql];
      if (query.cursor) {
        const cursor = decodeCursor(query.cursor);
        where.push(sql`(o.created_at, o.id) > (${cursor.key}::timestamptz, ${cursor.id}::uuid)`);
      }
      const rows = await queryRows<QueueRowSql>(
        db,
        sql`select o.id, o.order_number, o.created_at, o.created_at::text as sort_key,
            o.total_paise, o.status, o.payment_status, o.shipping_address,
            (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id)
              as item_count
          from orders o
          where ${sql.join(where, sql` and `)}
          order by o.created_at asc, o.id asc
          limit ${query.limit + 1}`,
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const at = now();
      return {
        orders: page.map((row) => {
          const age = dispatchAge(row.created_at, at);
          return {
            _id: row.id,
            orderNumber: row.order_number,
            createdAt: new Date(row.created_at).toISOString(),
            recipient: row.shipping_address.name,
            city: row.shipping_address.city,
            pinCode: row.shipping_address.pinCode,
            itemCount: row.item_count,
            total: paiseToRupees(row.total_paise),
            status: row.status as DispatchPage['orders'][number]['status'],
            paymentStatus: row.payment_status as PaymentStatus,
            ageDays: age.days,
            urgency: age.urgency,
          };
        }),
        next:
          rows.length > query.limit && last
            ? cursors.encode({ key: last.sort_key, id: last.id })
            : null,
      };
    },

    /** What to pull from the shelves for these orders, grouped by product, colour and size. */
    async pickList(orderIds: readonly string[]): Promise<PickList> {
      const rows = await paidOrders(orderIds);
      const lines = pickList(
        rows.flatMap((row) =>
          row.items.map((item) => ({
            orderId: row.id,
            productId: item.productId,
            productName: item.productName,
            colorName: item.colorName,
            size: item.size,
            quantity: item.quantity,
          })),
        ),
      );
      return {
        orders: rows.map((row) => ({ _id: row.id, orderNumber: row.orderNumber })),
        lines,
        totalPieces: lines.reduce((sum, line) => sum + line.quantity, 0),
      };
    },

    async packingSlip(orderId: string) {
      const [row] = await paidOrders([orderId]);
      return {
        orderNumber: row!.orderNumber,
        pdf: await packingSlipPdf(toDocumentOrder(row!), shipFrom),
      };
    },

    /** Labels for these orders, one a page, in the order given. */
    async labels(orderIds: readonly string[]) {
      const rows = await paidOrders(orderIds);
      return {
        orderNumbers: rows.map((row) => row.orderNumber),
        pdf: await labelsPdf(rows.map(toDocumentOrder), shipFrom),
      };
    },
  };
}

export type DispatchService = ReturnType<typeof createDispatchService>;
