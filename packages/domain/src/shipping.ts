/**
 * Shipments: the states a parcel goes through, the tracking events couriers report, and what each
 * event means for the shipment and its order. The courier adapters translate their own codes into
 * these events; nothing else compares a shipment state or an event name.
 */
import { isReadyToPack } from './dispatch.ts';
import type { OrderStatus, PaymentStatus } from './orders.ts';

export const shipmentStates = [
  // owed: written with the shop's request, a worker books it with the courier
  'requested',
  // the courier gave it an AWB; the order is shipped
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  // a delivery attempt failed (NDR): the shop re-attempts or sends it back
  'undelivered',
  'rto_initiated',
  'rto_delivered',
  // the courier would not book it after every attempt, or the order was cancelled first
  'failed',
  'cancelled',
] as const;
export type ShipmentState = (typeof shipmentStates)[number];

/** What couriers report of a parcel, in our words. */
export const trackingEvents = [
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'undelivered',
  'rto_initiated',
  'rto_delivered',
] as const;
export type TrackingEvent = (typeof trackingEvents)[number];

/** The timeline's words for the shopper and the shop. `booked` is the first line of it. */
export const trackingLabels: Record<TrackingEvent | 'booked', string> = {
  booked: 'Shipment booked',
  picked_up: 'Picked up by the courier',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  undelivered: 'Delivery attempt failed',
  rto_initiated: 'Returning to the shop',
  rto_delivered: 'Returned to the shop',
};

/**
 * Where each event may move a shipment from. Couriers repeat and reorder scans, so an event that
 * does not fit (an `in_transit` after `out_for_delivery`) is kept on the timeline but moves
 * nothing; an undelivered parcel may be re-attempted (`out_for_delivery` again) or sent back.
 */
const movesFrom: Record<TrackingEvent, readonly ShipmentState[]> = {
  picked_up: ['booked'],
  in_transit: ['booked', 'picked_up'],
  out_for_delivery: ['booked', 'picked_up', 'in_transit', 'undelivered'],
  delivered: ['booked', 'picked_up', 'in_transit', 'out_for_delivery', 'undelivered'],
  undelivered: ['booked', 'picked_up', 'in_transit', 'out_for_delivery'],
  rto_initiated: ['booked', 'picked_up', 'in_transit', 'out_for_delivery', 'undelivered'],
  rto_delivered: [
    'booked',
    'picked_up',
    'in_transit',
    'out_for_delivery',
    'undelivered',
    'rto_initiated',
  ],
};

/** The state an event moves a shipment to, or undefined when it moves nothing from `from`. */
export function shipmentStateAfter(
  from: ShipmentState,
  event: TrackingEvent,
): ShipmentState | undefined {
  return movesFrom[event].includes(from) ? event : undefined;
}

/**
 * The order's move an applied event causes: delivered is delivered; a parcel back at the shop
 * cancels the order (stock back, a paid order's refund owed); the rest move only the shipment.
 */
export function orderMoveFor(event: TrackingEvent): OrderStatus | undefined {
  if (event === 'delivered') return 'delivered';
  if (event === 'rto_delivered') return 'cancelled';
  return undefined;
}

/** What a cancelled order tells its shopper when the courier brought the parcel back. */
export const RTO_CANCEL_REASON = 'The courier could not deliver the parcel and returned it to us';

/** The shop answers a failed delivery within a day, or the courier decides on its own. */
export const NDR_RESPONSE_MS = 24 * 60 * 60 * 1000;

export const ndrActions = ['re-attempt', 'rto'] as const;
export type NdrAction = (typeof ndrActions)[number];

/** Order statuses from which the shop may ask for a shipment: paid, confirmed, not yet shipped. */
export const SHIPPABLE_ORDER_STATUSES: readonly OrderStatus[] = ['confirmed', 'processing'];

/** After this many failed bookings the shipment is `failed` and waits for a person. */
export const SHIPMENT_MAX_ATTEMPTS = 8;

/** The wait after the n-th failed booking: base, doubling, at most an hour. */
export function shipmentRetryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/** The next event the courier simulator sends on the happy path, after a shipment's state. */
export function nextSimulatedEvent(state: ShipmentState): TrackingEvent | undefined {
  const next: Partial<Record<ShipmentState, TrackingEvent>> = {
    booked: 'picked_up',
    picked_up: 'in_transit',
    in_transit: 'out_for_delivery',
    out_for_delivery: 'delivered',
    undelivered: 'out_for_delivery',
    rto_initiated: 'rto_delivered',
  };
  return next[state];
}

/** States in which an order's shipment is over without reaching the shopper: ship it anew. */
const CLOSED_UNSHIPPED: readonly ShipmentState[] = ['failed', 'cancelled'];

/** A booking that never left (failed, or cancelled with its order) is no parcel to the shopper. */
export function shopperSeesShipment(state: ShipmentState): boolean {
  return !CLOSED_UNSHIPPED.includes(state);
}

/**
 * Whether the shop may ask a courier for this order now: paid, confirmed or processing, and no
 * shipment open (a failed or cancelled booking may be asked again).
 */
export function canRequestShipment(
  order: { status: OrderStatus; paymentStatus: string },
  shipment: { state: ShipmentState } | null,
): boolean {
  return (
    order.paymentStatus === 'paid' &&
    SHIPPABLE_ORDER_STATUSES.includes(order.status) &&
    (shipment === null || CLOSED_UNSHIPPED.includes(shipment.state))
  );
}

/**
 * Whether the shop may record a parcel it booked itself (a courier name and AWB typed by hand):
 * an order ready to pack (confirmed or processing, paid or confirmed cash on delivery) with no
 * shipment open, as when a courier is asked.
 */
export function canShipByHand(
  order: { status: OrderStatus; paymentStatus: PaymentStatus },
  shipment: { state: ShipmentState } | null,
): boolean {
  return isReadyToPack(order) && (shipment === null || CLOSED_UNSHIPPED.includes(shipment.state));
}

/**
 * A failed delivery waits for the shop's answer (re-attempt or return) until it is given: the
 * answer clears the deadline, and the courier's next scan moves the parcel on.
 */
export function awaitsNdrAnswer(shipment: {
  state: ShipmentState;
  ndrDeadline: Date | string | null;
}): boolean {
  return shipment.state === 'undelivered' && shipment.ndrDeadline !== null;
}

/** The back office's words for a shipment's state. */
export const shipmentStateLabels: Record<ShipmentState, string> = {
  requested: 'Booking with the courier',
  booked: 'Booked, awaiting pickup',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  undelivered: 'Delivery failed',
  rto_initiated: 'Returning to the shop',
  rto_delivered: 'Back at the shop',
  failed: 'Booking failed',
  cancelled: 'Cancelled before pickup',
};
