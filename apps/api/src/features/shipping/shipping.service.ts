import { CASH_ON_DELIVERY } from '@shop/domain/cash-on-delivery';
import { mayLeaveTheShelves, stepsToShipped } from '@shop/domain/dispatch';
import { conflict, invalid, notFound, ShopError } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import { transition, type OrderStatus, type PaymentStatus } from '@shop/domain/orders';
import {
  awaitsNdrAnswer,
  canRequestShipment,
  NDR_RESPONSE_MS,
  nextSimulatedEvent,
  orderMoveFor,
  RTO_CANCEL_REASON,
  SHIPMENT_MAX_ATTEMPTS,
  SHIPPABLE_ORDER_STATUSES,
  shipmentRetryDelayMs,
  shipmentStateAfter,
  shopperSeesShipment,
  trackingLabels,
  type NdrAction,
  type ShipmentState,
  type TrackingEvent,
} from '@shop/domain/shipping';
import { orderMessages } from '@shop/contracts/orders';
import { shippingMessages, type AdminShipment, type Tracking } from '@shop/contracts/shipping';
import type { Courier } from '../../adapters/shipping/courier.ts';
import type { CourierSimulator } from '../../adapters/shipping/courier-simulator.ts';
import { isUniqueViolation, type Database, type Executor } from '../../db/client.ts';

import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { ReturnPickups } from '../returns/return-pickups.service.ts';
import type { Throttle, WindowRule } from '../throttle/throttle.ts';
import type {
  ShipmentRow,
  ShippingRepository,
  StoredTrackingEvent,
} from './shipping.repository.ts';

/** Who the audit log names for what the courier's events do to an order. */
export const COURIER_ACTOR: AuditActor = { userId: null, email: 'courier' };

export interface ShippingOptions {
  retryBaseMs: number;
  leaseMs: number;
  /** Whether parcels may be booked with the courier (see ShippingConfig.booking). */
  booking: boolean;
}

export function toTracking(row: ShipmentRow): Tracking {
  return {
    courier: row.courier,
    awb: row.awb,
    trackingUrl: row.trackingUrl,
    events: row.events as StoredTrackingEvent[],
  };
}

export function toAdminShipment(row: ShipmentRow): AdminShipment {
  return {
    ...toTracking(row),
    _id: row.id,
    state: row.state as ShipmentState,
    ndrDeadline: row.ndrDeadline?.toISOString() ?? null,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

function entry(status: TrackingEvent | 'booked', at: string, location?: string) {
  return { status, label: trackingLabels[status], at, ...(location ? { location } : {}) };
}

/**
 * Shipping: the shop asks for a shipment (a row owed, in its transaction), a worker books it with
 * the courier after commit and ships the order, and the courier's tracking webhook moves the
 * parcel and its order. Every order move goes through the orders service's status rules.
 */
export function createShippingService(deps: {
  db: Database;
  shipments: ShippingRepository;
  /** Every order read, lock and move goes through the orders service. */
  ordersService: OrdersService;
  courier: Courier;
  simulator: CourierSimulator | undefined;
  findUser: (userId: string) => Promise<{ email: string; firstName: string } | undefined>;
  log: (error: unknown, message: string) => void;
  options: ShippingOptions;
  /** The returns feature's reverse pickups: the courier's events for a return AWB go there. */
  reversePickups?: ReturnPickups;
  /** Public tracking lookups per client network (TRACKING_LOOKUPS_PER_MINUTE), before the query. */
  lookups?: { throttle: Throttle; rule: WindowRule };
}) {
  const { db, shipments, courier, ordersService: orders } = deps;
  const moves = orders.statusMoves;
  const runs = new Set<Promise<unknown>>();
  let stopped = false;

  /** Books one claimed shipment with the courier, then ships its order in one transaction. */
  async function book(shipment: ShipmentRow) {
    try {
      const order = await orders.findById(shipment.orderId);
      if (!order) throw new Error(`order ${shipment.orderId} is gone`);
      const shopper = await deps.findUser(order.userId);
      const booked = await courier.createShipment({
        reference: shipment.id,
        orderNumber: order.orderNumber,
        orderDate: order.createdAt,
        totalPaise: order.totalPaise,
        cashToCollectPaise: order.paymentMethod === CASH_ON_DELIVERY ? order.totalPaise : 0,
        address: order.shippingAddress,
        email: shopper?.email ?? '',
        items: order.items.map((item) => ({
          name: item.productName,
          sku: `${item.productId}:${item.colorName}:${item.size}`.slice(0, 50),
          quantity: item.quantity,
          unitPricePaise: item.pricePaise,
        })),
      });
      const actor: AuditActor = shipment.requestedByEmail
        ? { userId: shipment.requestedBy, email: shipment.requestedByEmail }
        : COURIER_ACTOR;
      const prepared = await moves.prepare(shipment.orderId);
      const shipped = await db.transaction(async (tx) => {
        // The order first, then its shipment, as every writer of both locks them.
        const locked = await orders.lockOrder(tx, shipment.orderId);
        const row = await shipments.lock(tx, shipment.id);
        if (!locked || !row || row.state !== ('requested' satisfies ShipmentState)) return false;
        if (!SHIPPABLE_ORDER_STATUSES.includes(locked.status as OrderStatus)) {
          // Cancelled while the courier was booking: the parcel never leaves (the courier's
          // booking lapses unused; a person cancels it there).
          await shipments.update(tx, row.id, {
            state: 'cancelled',
            lastError: `The order became ${locked.status} before it shipped`,
          });
          return false;
        }
        await shipments.update(tx, row.id, {
          state: 'booked',
          courier: booked.courierName,
          awb: booked.awb,
          trackingUrl: booked.trackingUrl,
          courierRef: { shipmentId: booked.shipmentId, ...booked.ref },
          lastError: null,
        });
        await shipments.appendEvent(tx, row.id, entry('booked', new Date().toISOString()));
        // Moves on to shipped refund nothing: no one decides a refund here.
        if (locked.status === 'confirmed') {
          await moves.moveIn(tx, actor, prepared, 'processing', { decidedBy: null });
        }
        return moves.moveIn(tx, actor, prepared, 'shipped', {
          decidedBy: null,
          // Stored on the order too, so the label printed after booking carries the AWB.
          shipment: { courier: booked.courierName, awb: booked.awb },
          tracking: {
            courier: booked.courierName,
            awb: booked.awb,
            trackingUrl: booked.trackingUrl,
            events: [],
          },
        });
      });
      if (shipped) await moves.after(shipment.orderId, 'shipped', shipped);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry =
        shipment.attempts >= SHIPMENT_MAX_ATTEMPTS
          ? undefined
          : shipmentRetryDelayMs(shipment.attempts, deps.options.retryBaseMs);
      await shipments.bookFailed(shipment.id, message, retry);
      deps.log(error, retry === undefined ? 'shipment booking failed for good' : 'booking failed');
    }
  }

  const service = {
    /**
     * The shop asks for an order to be shipped: the shipment is owed (a row, with its audit
     * entry) and booked after commit by a worker.
     */
    async request(actor: AuditActor, orderId: string): Promise<AdminShipment> {
      if (!deps.options.booking) throw conflict(shippingMessages.noCourier);
      if (!isUuid(orderId)) throw notFound('Order not found');
      const row = await db
        .transaction(async (tx) => {
          const locked = await orders.lockOrder(tx, orderId);
          if (!locked) throw notFound('Order not found');
          // An open shipment of the order is refused by its unique key below.
          const order = {
            status: locked.status as OrderStatus,
            paymentStatus: locked.paymentStatus,
          };
          if (!canRequestShipment(order, null)) throw invalid(shippingMessages.notShippable);
          const requested = await shipments.request(tx, {
            orderId,
            requestedBy: actor.userId,
            requestedByEmail: actor.email,
          });
          await recordAudit(tx, actor, {
            action: 'order.shipment',
            entity: 'order',
            entityId: orderId,
            before: null,
            after: { shipmentId: requested.id, state: requested.state },
          });
          return requested;
        })
        .catch((error: unknown) => {
          // A shipment still open for this order (requested, booked or on its way).
          if (isUniqueViolation(error)) throw conflict(shippingMessages.alreadyShipping);
          throw error;
        });
      service.bookSoon();
      return toAdminShipment(row);
    },

    /**
     * The shop booked the parcel itself (no courier integration, or the owner's choice) and types
     * its courier and AWB: the shipment is recorded booked, as a courier's booking would be (the
     * shopper's tracking shows both, the shipped mail names them), and the order moves to shipped
     * (a confirmed one through processing) in one transaction, each step audited.
     */
    async shipByHand(actor: AuditActor, orderId: string, parcel: { courier: string; awb: string }) {
      const prepared = await moves.prepare(orderId);
      const moved = await db
        .transaction(async (tx) => {
          // The order first, then its shipment, as every writer of both locks them.
          const locked = await orders.lockOrder(tx, orderId);
          if (!locked) throw notFound('Order not found');
          if (!mayLeaveTheShelves(locked.paymentStatus as PaymentStatus)) {
            throw conflict(orderMessages.notPaid);
          }
          const status = locked.status as OrderStatus;
          const steps = stepsToShipped(status);
          if (steps.length === 0) {
            // Past (or short of) the steps: the transition table says why it cannot ship.
            const check = transition(status, 'shipped', 'shop', parcel);
            throw invalid(check.ok ? shippingMessages.notShippable : check.message);
          }
          const booked = await shipments.recordBooked(tx, {
            orderId,
            requestedBy: actor.userId,
            requestedByEmail: actor.email,
            courier: parcel.courier,
            awb: parcel.awb,
            events: [entry('booked', new Date().toISOString())],
          });
          await recordAudit(tx, actor, {
            action: 'order.shipment',
            entity: 'order',
            entityId: orderId,
            before: null,
            after: {
              shipmentId: booked.id,
              state: booked.state,
              courier: parcel.courier,
              awb: parcel.awb,
              byHand: true,
            },
          });
          let last;
          for (const to of steps) {
            // Moves on to shipped refund nothing: no one decides a refund here.
            last = await moves.moveIn(tx, actor, prepared, to, {
              decidedBy: null,
              ...(to === 'shipped' ? { shipment: parcel, tracking: toTracking(booked) } : {}),
            });
          }
          return last!;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, 'shipments_awb_key')) {
            throw conflict(shippingMessages.awbTaken);
          }
          // A shipment still open for this order (a courier's booking asked for or made).
          if (isUniqueViolation(error)) throw conflict(shippingMessages.alreadyShipping);
          throw error;
        });
      return moves.after(orderId, 'shipped', moved);
    },

    /** Books the shipments that are due; answers how many were tried. */
    async bookDue(batch = 10): Promise<number> {
      if (stopped) return 0;
      const claimed = await shipments.claimDue(batch, deps.options.leaseMs);
      for (const shipment of claimed) await book(shipment);
      return claimed.length;
    },

    /** Books what a request has just owed, after its commit, without holding the request. */
    bookSoon() {
      if (stopped) return;
      const run = service
        .bookDue()
        .catch((error) => deps.log(error, 'booking shipments failed'))
        .finally(() => runs.delete(run));
      runs.add(run);
    },

    /**
     * A courier's tracking webhook: checked over the raw body, stored raw by its event id, and
     * applied with its handled mark in one transaction (a repeat is a no-op). Events for a parcel
     * the shop does not know, or a status it does not act on, are stored and acknowledged.
     */
    async webhook(rawBody: string, headers: Record<string, string | undefined>) {
      const checked = courier.verifyWebhook(rawBody, headers);
      if (!checked.ok) {
        throw checked.reason === 'signature'
          ? new ShopError('unauthenticated', checked.message)
          : invalid(checked.message);
      }
      const { event, payload } = checked;
      const known = await shipments.findByAwb(db, event.awb);
      const prepared = known ? await moves.prepare(known.orderId) : undefined;
      let orderMoved: { to: OrderStatus; refundOwed: boolean; restocked: boolean } | undefined;
      const outcome = await db
        .transaction(async (tx) => {
          const claimed = await shipments.claimEvent(
            tx,
            event.eventId,
            event.awb,
            event.courierStatus.slice(0, 100),
            payload,
          );
          if (!claimed) return 'duplicate' as const;
          if (!known && event.event && deps.reversePickups) {
            // Not a parcel to her: perhaps a reverse pickup's return AWB, applied in this
            // transaction with the event's handled mark.
            const reverse = await deps.reversePickups.courierEventIn(tx, {
              awb: event.awb,
              event: event.event,
              at: event.at,
            });
            if (reverse) return reverse;
          }
          if (!known || !prepared || !event.event) return 'ignored' as const;
          const locked = await orders.lockOrder(tx, known.orderId);
          const row = await shipments.lock(tx, known.id);
          if (!locked || !row) return 'ignored' as const;
          await shipments.appendEvent(tx, row.id, entry(event.event, event.at, event.location));
          const next = shipmentStateAfter(row.state as ShipmentState, event.event);
          if (!next) return 'handled' as const;
          await shipments.update(tx, row.id, {
            state: next,
            ndrDeadline: next === 'undelivered' ? new Date(Date.now() + NDR_RESPONSE_MS) : null,
          });
          if (next === 'out_for_delivery') await moves.notifyIn(tx, locked, 'out_for_delivery');
          const to = orderMoveFor(event.event);
          // The courier's word moves the order only along the table (a delivered parcel of an
          // order the shop already marked delivered moves nothing).
          const by = to === 'cancelled' ? 'system' : 'shop';
          if (to && transition(locked.status as OrderStatus, to, by).ok) {
            const moved = await moves.moveIn(tx, COURIER_ACTOR, prepared, to, {
              // The courier's word (a parcel brought back), not a person's decision: the shop's
              // rule refunds a paid order whose goods came back.
              decidedBy: null,
              reason: RTO_CANCEL_REASON,
              by,
            });
            orderMoved = { to, ...moved };
          }
          return 'handled' as const;
        })
        .catch(async (error: unknown) => {
          // Applying failed and its claim was undone: the raw event is kept, unhandled, for the
          // courier's retry (or a person) to apply.
          await shipments
            .storeEvent(event.eventId, event.awb, event.courierStatus.slice(0, 100), payload)
            .catch(() => undefined);
          throw error;
        });
      if (orderMoved && known) await moves.after(known.orderId, orderMoved.to, orderMoved);
      return { handled: outcome === 'handled', duplicate: outcome === 'duplicate' };
    },

    /**
     * The shop answers a failed delivery: another attempt, or back to the shop (RTO). The courier
     * is told first (no transaction stays open across its call), then the shipment and the audit
     * entry commit together.
     */
    async ndr(actor: AuditActor, shipmentId: string, action: NdrAction): Promise<AdminShipment> {
      const found = isUuid(shipmentId) ? await shipments.findById(db, shipmentId) : undefined;
      if (!found) throw notFound(shippingMessages.shipmentNotFound);
      if (!awaitsNdrAnswer({ ...found, state: found.state as ShipmentState }) || !found.awb) {
        throw invalid(shippingMessages.noNdr);
      }
      await courier.ndrAction(found.awb, action);
      const row = await db.transaction(async (tx) => {
        await orders.lockOrder(tx, found.orderId);
        const locked = await shipments.lock(tx, found.id);
        if (!locked || !awaitsNdrAnswer({ ...locked, state: locked.state as ShipmentState })) {
          throw invalid(shippingMessages.noNdr);
        }
        const now = new Date().toISOString();
        if (action === 'rto') {
          await shipments.appendEvent(tx, locked.id, entry('rto_initiated', now));
        }
        const updated = await shipments.update(tx, locked.id, {
          ndrDeadline: null,
          ...(action === 'rto' ? { state: 'rto_initiated' satisfies ShipmentState } : {}),
        });
        await recordAudit(tx, actor, {
          action: 'order.ndr',
          entity: 'order',
          entityId: locked.orderId,
          before: { shipmentId: locked.id, state: locked.state },
          after: { shipmentId: locked.id, state: updated.state, action },
        });
        return updated;
      });
      return toAdminShipment(row);
    },

    /** Each order's newest parcel as its shopper sees it. */
    async trackingOf(orderIds: string[]): Promise<Map<string, Tracking>> {
      const latest = await shipments.latestOf(db, orderIds);
      return new Map(
        [...latest]
          .filter(([, row]) => shopperSeesShipment(row.state as ShipmentState))
          .map(([orderId, row]) => [orderId, toTracking(row)]),
      );
    },

    /**
     * A parcel's tracking by its AWB, for the courier's tracking page (the simulator's link):
     * as a courier's own page shows, the scans and nothing of the order or its shopper.
     */
    async trackByAwb(awb: string, clientAddress?: string): Promise<Tracking> {
      if (deps.lookups && clientAddress !== undefined) {
        await deps.lookups.throttle.take(deps.lookups.rule, clientAddress);
      }
      const found = await shipments.findByAwb(db, awb);
      if (!found) throw notFound(shippingMessages.shipmentNotFound);
      return toTracking(found);
    },

    /** The newest shipment of an order as the back office sees it; null when it has none. */
    async ofOrder(tx: Executor, orderId: string): Promise<AdminShipment | null> {
      const row = (await shipments.latestOf(tx, [orderId])).get(orderId);
      return row ? toAdminShipment(row) : null;
    },

    /**
     * The simulator sends a parcel's next tracking event (or the one named) to the shop's own
     * webhook, signed as a courier would; only while the simulator is the courier.
     */
    async simulateNext(awb: string, named: TrackingEvent | undefined) {
      if (!deps.simulator) throw notFound('Route not found');
      const found = await shipments.findByAwb(db, awb);
      // A reverse pickup's return AWB: the courier collects it from her first.
      const reverse = !found && (await deps.reversePickups?.knows(db, awb));
      if (!found && !reverse) throw notFound(shippingMessages.shipmentNotFound);
      const event =
        named ?? (found ? nextSimulatedEvent(found.state as ShipmentState) : 'picked_up');
      if (!event) throw invalid(shippingMessages.nothingToSend);
      const sent = await deps.simulator.send(awb, event);
      return { awb, event, status: sent.status };
    },

    /** Stops starting bookings; a booking in flight is awaited (a hung courier call is not). */
    async stop(waitMs = 5_000) {
      stopped = true;
      await Promise.race([
        Promise.all(runs),
        new Promise((resolve) => setTimeout(resolve, waitMs).unref()),
      ]);
    },
  };
  return service;
}

export type ShippingService = ReturnType<typeof createShippingService>;
