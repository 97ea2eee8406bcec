import { eq, sql, type SQL } from 'drizzle-orm';
import {
  returnsDeskMessages,
  type ReturnsDeskLine,
  type ReturnsDeskPage,
  type ReturnsDeskQuery,
  type ReturnsDeskRow,
} from '@shop/contracts/returns-desk';
import type { ReturnParcel } from '@shop/contracts/orders';
import { conflict, invalid, notFound, unavailable } from '@shop/domain/errors';
import * as z from 'zod/mini';
import { cursorCodec, cursorId } from '@shop/contracts/keyset-page';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees } from '@shop/domain/money';
import { transition, type OrderStatus, type PaymentStatus } from '@shop/domain/orders';
import { isRefundable, type RefundState } from '@shop/domain/payments';
import {
  awaitsItems,
  nextReturnSteps,
  openReturnLineStates,
  returnCheckRule,
  returnLineStateLabels,
  returnRefundShares,
  returnStep,
  type ReturnAction,
  type ReturnLineState,
  type ReturnStep,
} from '@shop/domain/returns';
import type { BookedShipment, Courier } from '../../adapters/shipping/courier.ts';
import { CourierError } from '../../adapters/shipping/courier.ts';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { orderReturnLines } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { BookingClaims } from '../shipping/booking-claims.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { OrderRefunds } from '../orders/orders.service.ts';
import type {
  NewReturnLine,
  OrderRow,
  OrdersRepository,
  ReturnLineRow,
} from '../orders/orders.repository.ts';
import { returnStepMail, type ReturnMailFacts } from './return-mails.ts';

/** How long a second click waits for the first one's courier booking before answering 409. */
const BOOKING_WAIT_MS = 15_000;

/** A line as the desk reads it, with its order, item and shopper (snake_case from SQL). */
interface DeskLineSql {
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

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

function linesSql(where: SQL[], limit: number): SQL {
  const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  return sql`select l.id, l.order_id, l.order_item_id, l.quantity, l.action,
      l.exchange_color_name, l.exchange_size, l.state, l.refund_id, l.refund_paise,
      l.requested_at, l.approved_at, l.pickup_scheduled_at, l.received_at, l.checked_at,
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

function toRow(row: DeskLineSql): ReturnsDeskRow {
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
    stateLabel: returnLineStateLabels[row.action][row.state],
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

const parcelOf = (
  awb: string | null,
  courier: string | null,
  trackingUrl: string | null,
): ReturnParcel | null => (awb ? { awb, courier, trackingUrl } : null);

const addressText = (address: OrderRow['shippingAddress']) =>
  [
    address.name,
    address.addressLine1,
    address.addressLine2,
    `${address.city}, ${address.state} ${address.pinCode}`,
    `Phone ${address.phone}`,
  ]
    .filter(Boolean)
    .join(', ');

export interface ReturnsDeskDeps {
  db: Database;
  orders: OrdersRepository;
  refunds: () => OrderRefunds;
  /** Undefined when this shop books no parcels (see ShippingConfig.booking). */
  courier: Courier | undefined;
  /** One booking per parcel at a time, so a double click never books two. */
  bookingClaims: BookingClaims;
  outbox: MailOutbox;
  findUser: (userId: string) => Promise<{ email: string; firstName: string } | undefined>;
  /** Called after a commit changed the stock of these products. */
  stockChanged: (productIds: string[]) => Promise<void>;
  publicUrl: string;
  /** The neutral sender name, return address and phone a reverse pickup delivers to. */
  shipFrom: { name: string; address: string; phone: string };
  staffRefundLimitPaise: number;
  log: (error: unknown, message: string) => void;
}

/** What a step does inside its transaction, beyond moving the line's state. */
interface StepWork {
  changes: Partial<NewReturnLine>;
  /** Products whose stock the step changed. */
  stock?: string[];
  refundOwed?: boolean;
  mail: ReturnMailFacts;
  /** Extra audit fields (a reason, an AWB, an amount). */
  audit?: Record<string, unknown>;
}

interface StepContext {
  tx: Executor;
  line: ReturnLineRow;
  order: OrderRow;
  view: DeskLineSql;
  now: Date;
  booked: BookedShipment | undefined;
}

/**
 * The returns desk: lines of return and exchange requests, oldest first, and the steps that take
 * each through the domain's table. Every step locks the order then the line, checks the move
 * again under the lock (a second click of the same step is a repeat that does nothing), makes its
 * effect (stock, a refund row, a courier's AWB), writes the audit entry and queues the shopper's
 * mail in one transaction. Courier bookings happen before it, with the line's own reference, so
 * a repeated booking finds the first parcel, and under the line's booking claim, so two at once
 * make one call to the courier.
 */
export function createReturnsDeskService(deps: ReturnsDeskDeps) {
  const { db, orders } = deps;

  async function load(lineId: string): Promise<DeskLineSql> {
    const [row] = isUuid(lineId)
      ? await queryRows<DeskLineSql>(db, linesSql([sql`l.id = ${lineId}`], 1))
      : [];
    if (!row) throw notFound(returnsDeskMessages.notFound);
    return row;
  }

  /** The order's money as the refund rules read it, and this line's refund as the last one. */
  function refundQuote(
    order: { items: { id: string; quantity: number; itemTotalPaise: number }[] } & Pick<
      OrderRow,
      'discountPaise' | 'totalPaise'
    >,
    returns: { orderItemId: string; quantity: number; state: string; id: string }[],
    line: { id: string; orderItemId: string; quantity: number },
  ): number {
    const earlier = returns.filter((other) => other.id !== line.id && other.state === 'refunded');
    const shares = returnRefundShares(
      {
        items: order.items.map((item) => ({
          id: item.id,
          quantity: item.quantity,
          itemTotalPaise: item.itemTotalPaise,
        })),
        discountPaise: order.discountPaise,
        totalPaise: order.totalPaise,
      },
      [...earlier, line].map((entry) => ({ itemId: entry.orderItemId, quantity: entry.quantity })),
    );
    return shares.get(line.orderItemId) ?? 0;
  }

  async function detail(lineId: string): Promise<ReturnsDeskLine> {
    const row = await load(lineId);
    let quote: number | null = null;
    if (row.action === 'return' && row.refund_id === null) {
      const order = (await orders.findById(db, row.order_id))!;
      quote = isRefundable(order.paymentStatus)
        ? refundQuote(order, order.returns, {
            id: row.id,
            orderItemId: row.order_item_id,
            quantity: row.quantity,
          })
        : 0;
    }
    return {
      ...toRow(row),
      address: addressText(row.shipping_address),
      declineReason: row.decline_reason,
      checkNote: row.check_note,
      pickup: parcelOf(row.pickup_awb, row.pickup_courier, row.pickup_tracking_url),
      parcel: parcelOf(row.outbound_awb, row.outbound_courier, row.outbound_tracking_url),
      refundQuote: quote === null ? null : paiseToRupees(quote),
      refundNeedsOwner:
        quote !== null &&
        quote > 0 &&
        !(await deps.refunds().mayRefund(db, row.order_id, quote, {
          role: 'staff',
          staffLimitPaise: deps.staffRefundLimitPaise,
        })),
      refund:
        row.refund_amount_paise !== null && row.refund_state !== null
          ? { amount: paiseToRupees(row.refund_amount_paise), state: row.refund_state }
          : null,
      approvedAt: isoOrNull(row.approved_at),
      pickupScheduledAt: isoOrNull(row.pickup_scheduled_at),
      receivedAt: isoOrNull(row.received_at),
      checkedAt: isoOrNull(row.checked_at),
      restockedAt: isoOrNull(row.restocked_at),
      shippedAt: isoOrNull(row.outbound_shipped_at),
      declinedAt: isoOrNull(row.declined_at),
    };
  }

  /** Books a parcel with the courier before the step's transaction (no transaction waits on it). */
  async function book(call: (courier: Courier) => Promise<BookedShipment>) {
    if (!deps.courier) throw conflict(returnsDeskMessages.noCourier);
    try {
      return await call(deps.courier);
    } catch (error) {
      if (!(error instanceof CourierError)) throw error;
      deps.log(error, 'courier booking for a return failed');
      throw unavailable(returnsDeskMessages.courierFailed);
    }
  }

  const itemsOf = (view: DeskLineSql, colorName: string, size: string) => [
    {
      name: view.product_name,
      sku: `${view.product_id}:${colorName}:${size}`.slice(0, 50),
      quantity: view.quantity,
      unitPricePaise: view.price_paise,
    },
  ];

  /** A parcel from the shop to the shopper's delivery address (a replacement, or sent back). */
  function outbound(view: DeskLineSql, kind: 'replacement' | 'send-back') {
    return book(async (courier) => {
      const shopper = await deps.findUser(view.user_id);
      const colorName =
        kind === 'replacement' ? (view.exchange_color_name ?? view.color_name) : view.color_name;
      const size = kind === 'replacement' ? (view.exchange_size ?? view.size) : view.size;
      return courier.createShipment({
        reference: `${view.id}:${kind}`,
        orderNumber: view.order_number,
        orderDate: new Date(view.order_created_at),
        totalPaise: view.price_paise * view.quantity,
        // A replacement or an item sent back costs the shopper nothing at the door.
        cashToCollectPaise: 0,
        address: view.shipping_address,
        email: shopper?.email ?? '',
        items: itemsOf(view, colorName, size),
      });
    });
  }

  /** The held replacement of an exchange goes back to stock (the exchange will not happen). */
  async function releaseReplacement(ctx: StepContext): Promise<string[]> {
    const { line, view } = ctx;
    if (line.exchangeColorName === null || line.exchangeSize === null) return [];
    await orders.returnStock(ctx.tx, {
      productId: view.product_id,
      colorName: line.exchangeColorName,
      size: line.exchangeSize,
      quantity: line.quantity,
    });
    return [view.product_id];
  }

  /**
   * The order follows its lines: once none awaits its items, it is `returned` when any came back,
   * or `delivered` again when every line was declined (other lines may then still be asked for).
   */
  async function settleOrder(tx: Executor, order: OrderRow, now: Date) {
    if (order.status !== ('return_requested' satisfies OrderStatus)) return order.status;
    const lines = await tx
      .select({ state: orderReturnLines.state })
      .from(orderReturnLines)
      .where(eq(orderReturnLines.orderId, order.id));
    if (lines.some((line) => awaitsItems(line.state as ReturnLineState))) return order.status;
    const to: OrderStatus = lines.some((line) => line.state !== 'declined')
      ? 'returned'
      : 'delivered';
    // Returned follows from the lines (the server's rule), never from a move of the whole order.
    if (!transition(order.status, to, to === 'returned' ? 'system' : 'shop').ok) {
      return order.status;
    }
    await orders.updateOrder(
      tx,
      order.id,
      to === 'returned' ? { status: to, returnedAt: now } : { status: to },
    );
    return to;
  }

  async function take(
    caller: Caller,
    lineId: string,
    step: ReturnStep,
    work: (ctx: StepContext) => Promise<StepWork>,
    booking?: (view: DeskLineSql) => Promise<BookedShipment>,
  ): Promise<ReturnsDeskLine> {
    const view = await load(lineId);
    const first = returnStep(view, step);
    if (!first.ok) throw conflict(first.message);
    if (first.repeat) return detail(lineId);
    if (!booking) return perform(caller, view, step, work, undefined);
    const claimed = await deps.bookingClaims.exclusively(
      `${view.id}:${step}`,
      BOOKING_WAIT_MS,
      async () => perform(caller, view, step, work, await booking(view)),
    );
    if (claimed.ran) return claimed.value;
    // Another request was booking this very parcel: read what it did (a repeat when it succeeded).
    if (!claimed.released) throw conflict(returnsDeskMessages.bookingUnderWay);
    return take(caller, lineId, step, work, booking);
  }

  /** The step's transaction, after its courier booking (if any) answered. */
  async function perform(
    caller: Caller,
    view: DeskLineSql,
    step: ReturnStep,
    work: (ctx: StepContext) => Promise<StepWork>,
    booked: BookedShipment | undefined,
  ): Promise<ReturnsDeskLine> {
    const lineId = view.id;
    const recipient = await deps.findUser(view.user_id);
    const outcome = await db.transaction(async (tx) => {
      // The order first, then its line, as every writer of both locks them.
      const order = await orders.lockOrder(tx, view.order_id);
      const [line] = await tx
        .select()
        .from(orderReturnLines)
        .where(eq(orderReturnLines.id, view.id))
        .for('update');
      if (!order || !line) throw notFound(returnsDeskMessages.notFound);
      const check = returnStep(
        { action: line.action as ReturnAction, state: line.state as ReturnLineState },
        step,
      );
      if (!check.ok) throw conflict(check.message);
      if (check.repeat) return undefined;
      const now = new Date();
      const done = await work({ tx, line, order, view, now, booked });
      await tx
        .update(orderReturnLines)
        .set({ ...done.changes, state: check.to, updatedAt: now })
        .where(eq(orderReturnLines.id, line.id));
      const orderStatus = await settleOrder(tx, order, now);
      await recordAudit(tx, caller, {
        action: `return.${step}`,
        entity: 'order',
        entityId: order.id,
        before: { returnLineId: line.id, state: line.state, orderStatus: order.status },
        after: { returnLineId: line.id, state: check.to, orderStatus, ...done.audit },
      });
      if (recipient) {
        await deps.outbox.enqueue(
          tx,
          returnStepMail(
            step,
            recipient.email,
            recipient.firstName,
            {
              orderNumber: view.order_number,
              action: view.action,
              productName: view.product_name,
              colorName: view.color_name,
              size: view.size,
              quantity: view.quantity,
              exchangeFor:
                line.exchangeColorName !== null && line.exchangeSize !== null
                  ? { colorName: line.exchangeColorName, size: line.exchangeSize }
                  : null,
            },
            done.mail,
            deps.publicUrl,
          ),
        );
      }
      return done;
    });
    if (outcome) {
      if (outcome.stock && outcome.stock.length > 0) await deps.stockChanged(outcome.stock);
      if (outcome.refundOwed) deps.refunds().sendSoon();
      deps.outbox.deliverSoon();
    }
    return detail(lineId);
  }

  const parcelChanges = (booked: BookedShipment | undefined, now: Date) => ({
    outboundCourier: booked!.courierName,
    outboundAwb: booked!.awb,
    outboundTrackingUrl: booked!.trackingUrl,
    outboundShippedAt: now,
  });
  const mailParcel = (booked: BookedShipment | undefined) => ({
    awb: booked!.awb,
    courier: booked!.courierName,
    trackingUrl: booked!.trackingUrl,
  });

  return {
    /** Lines oldest request first; by default those the desk still has work on. */
    async list(query: ReturnsDeskQuery): Promise<ReturnsDeskPage> {
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
        lines: page.map(toRow),
        next:
          rows.length > query.limit && last
            ? cursors.encode({ at: iso(last.requested_at), id: last.id })
            : null,
      };
    },

    detail,

    approve: (caller: Caller, lineId: string) =>
      take(caller, lineId, 'approve', async ({ now }) => ({
        changes: { approvedAt: now },
        mail: {},
      })),

    decline: (caller: Caller, lineId: string, reason: string) =>
      take(caller, lineId, 'decline', async (ctx) => ({
        changes: { declinedAt: ctx.now, declineReason: reason },
        stock: await releaseReplacement(ctx),
        mail: { reason },
        audit: { reason },
      })),

    schedulePickup: (caller: Caller, lineId: string) =>
      take(
        caller,
        lineId,
        'schedulePickup',
        async ({ booked, now }) => ({
          changes: {
            pickupCourier: booked!.courierName,
            pickupAwb: booked!.awb,
            pickupTrackingUrl: booked!.trackingUrl,
            pickupScheduledAt: now,
          },
          mail: { parcel: mailParcel(booked) },
          audit: { pickupAwb: booked!.awb },
        }),
        (view) =>
          book(async (courier) => {
            const shopper = await deps.findUser(view.user_id);
            return courier.createReturnPickup({
              reference: `${view.id}:pickup`,
              orderNumber: view.order_number,
              orderDate: new Date(view.order_created_at),
              pickupAddress: view.shipping_address,
              email: shopper?.email ?? '',
              returnTo: deps.shipFrom,
              items: itemsOf(view, view.color_name, view.size),
              totalPaise: view.price_paise * view.quantity,
            });
          }),
      ),

    receive: (caller: Caller, lineId: string) =>
      take(caller, lineId, 'receive', async ({ now }) => ({
        changes: { receivedAt: now },
        mail: {},
      })),

    /** The check on arrival: a pass moves on; a fail declines the line after receipt. */
    qualityCheck: (caller: Caller, lineId: string, check: { passed: boolean; note: string }) =>
      take(caller, lineId, check.passed ? 'passCheck' : 'failCheck', async (ctx) => {
        const note = check.note === '' ? null : check.note;
        if (check.passed) {
          return {
            changes: { checkedAt: ctx.now, checkNote: note },
            mail: {},
            audit: { note },
          };
        }
        return {
          changes: {
            checkedAt: ctx.now,
            checkNote: note,
            declinedAt: ctx.now,
            declineReason: note,
          },
          stock: await releaseReplacement(ctx),
          mail: { reason: note },
          audit: { note },
        };
      }),

    /** The item goes back to its own colour and size. */
    restock: (caller: Caller, lineId: string) =>
      take(caller, lineId, 'restock', async ({ tx, line, view, now }) => {
        await orders.returnStock(tx, {
          productId: view.product_id,
          colorName: view.color_name,
          size: view.size,
          quantity: line.quantity,
        });
        return {
          changes: { restockedAt: now },
          stock: [view.product_id],
          mail: {},
          audit: {
            restocked: { colorName: view.color_name, size: view.size, quantity: line.quantity },
          },
        };
      }),

    /**
     * The line's price less its share of the order's discount goes back through the refunds
     * table (reason `returned`), sent by the refunds worker after commit. Staff give it only while
     * their refunds of the order stay within the limit, all lines together (the refund gate).
     */
    refund: (caller: Caller, lineId: string) =>
      take(caller, lineId, 'refund', async ({ tx, line, order }) => {
        const full = (await orders.findById(tx, order.id))!;
        const amount = isRefundable(order.paymentStatus)
          ? refundQuote(full, full.returns, line)
          : 0;
        // The gate where the refund is owed counts what staff refunded of the order before.
        const owed =
          amount > 0
            ? await deps.refunds().oweReturn(tx, order.id, amount, {
                role: caller.role,
                staffLimitPaise: deps.staffRefundLimitPaise,
              })
            : undefined;
        const refundId = owed?.id;
        // The line, the mail and the audit say what was owed: an earlier refund by hand may have
        // left less of the payment than the line's quote.
        const owedPaise = owed?.amountPaise ?? 0;
        if (refundId) {
          await orders.updateOrder(tx, order.id, {
            paymentStatus: 'refund_pending' satisfies PaymentStatus,
          });
        }
        return {
          changes: { refundId: refundId ?? null, refundPaise: owedPaise },
          refundOwed: refundId !== undefined,
          mail: { refundPaise: owedPaise },
          audit: { refundId: refundId ?? null, amountPaise: owedPaise },
        };
      }),

    shipReplacement: (caller: Caller, lineId: string) =>
      take(
        caller,
        lineId,
        'shipReplacement',
        async ({ booked, now }) => ({
          changes: parcelChanges(booked, now),
          mail: { parcel: mailParcel(booked) },
          audit: { awb: booked!.awb },
        }),
        (view) => outbound(view, 'replacement'),
      ),

    /** Items that failed the check go back to the shopper, at the shop's cost. */
    sendBack: (caller: Caller, lineId: string) =>
      take(
        caller,
        lineId,
        'sendBack',
        async ({ booked, now }) => ({
          changes: parcelChanges(booked, now),
          mail: { parcel: mailParcel(booked) },
          audit: { awb: booked!.awb },
        }),
        (view) => outbound(view, 'send-back'),
      ),
  };
}

export type ReturnsDeskService = ReturnType<typeof createReturnsDeskService>;
