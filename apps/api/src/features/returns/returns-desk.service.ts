import type { ReturnsDeskLine, ReturnsDeskQuery } from '@shop/contracts/returns-desk';
import { paiseToRupees } from '@shop/domain/money';
import type { PaymentStatus } from '@shop/domain/orders';
import { isRefundable } from '@shop/domain/payments';
import { returnRefundShares } from '@shop/domain/returns';
import type { BookedShipment } from '../../adapters/shipping/courier.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { OrderRow } from '../orders/order-returns.service.ts';
import type { OrderRefunds } from '../orders/orders.service.ts';
import { createReturnSteps, type ReturnStepDeps, type StepContext } from './return-steps.ts';
import {
  addressText,
  deskRowOf,
  isoOrNull,
  listDeskLines,
  loadDeskLine,
  parcelOf,
  type DeskLineSql,
} from './returns-desk-lines.ts';

export interface ReturnsDeskDeps extends ReturnStepDeps {
  refunds: () => OrderRefunds;
  /** The neutral sender name, return address and phone a reverse pickup delivers to. */
  shipFrom: { name: string; address: string; phone: string };
  staffRefundLimitPaise: number;
}

/**
 * The returns desk: lines of return and exchange requests, oldest first, and the steps that take
 * each through the domain's table (each run as return-steps.ts says: under locks, in one
 * transaction with its audit entry and mail, courier bookings before it).
 */
export function createReturnsDeskService(deps: ReturnsDeskDeps) {
  const { db, orders } = deps;
  const { take, book } = createReturnSteps(deps, (lineId) => detail(lineId));

  /** The order's money as the refund rules read it, and this line's refund as the last one. */
  function refundQuote(
    order: {
      items: { id: string; quantity: number; itemTotalPaise: number; offerDiscountPaise: number }[];
    } & Pick<OrderRow, 'discountPaise' | 'totalPaise'>,
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
          offerDiscountPaise: item.offerDiscountPaise,
        })),
        discountPaise: order.discountPaise,
        totalPaise: order.totalPaise,
      },
      [...earlier, line].map((entry) => ({ itemId: entry.orderItemId, quantity: entry.quantity })),
    );
    return shares.get(line.orderItemId) ?? 0;
  }

  async function detail(lineId: string): Promise<ReturnsDeskLine> {
    const row = await loadDeskLine(db, lineId);
    let quote: number | null = null;
    if (row.action === 'return' && row.refund_id === null) {
      const order = (await orders.findIn(db, row.order_id))!;
      quote = isRefundable(order.paymentStatus)
        ? refundQuote(order, order.returns, {
            id: row.id,
            orderItemId: row.order_item_id,
            quantity: row.quantity,
          })
        : 0;
    }
    return {
      ...deskRowOf(row),
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
      pickedUpAt: isoOrNull(row.picked_up_at),
      receivedAt: isoOrNull(row.received_at),
      checkedAt: isoOrNull(row.checked_at),
      restockedAt: isoOrNull(row.restocked_at),
      shippedAt: isoOrNull(row.outbound_shipped_at),
      declinedAt: isoOrNull(row.declined_at),
    };
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
    list: (query: ReturnsDeskQuery) => listDeskLines(db, query),

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
        const full = (await orders.findIn(tx, order.id))!;
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
          await orders.move(tx, order.id, {
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
