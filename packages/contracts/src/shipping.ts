// Shipping: the tracking an order answers, the shop's shipment actions and the courier
// simulator's control. zod/mini because the tracking schema ships to the browser with orders.
import * as z from 'zod/mini';
import { ndrActions, shipmentStates, trackingEvents } from '@shop/domain/shipping';
import { successEnvelope } from './common-mini.ts';

export const shippingMessages = {
  notShippable: 'Only a paid order that is confirmed or processing can be shipped',
  alreadyShipping: 'This order already has a shipment',
  awbTaken: 'This AWB is already on another shipment',
  shipmentNotFound: 'Shipment not found',
  noNdr: 'This shipment has no failed delivery to answer',
  ndrActionInvalid: "Invalid action: must be 're-attempt' or 'rto'",
  awbRequired: 'AWB is required',
  awbInvalid: 'Invalid AWB: letters, digits and hyphens only',
  eventInvalid: `Invalid event: must be one of ${trackingEvents.join(', ')}`,
  nothingToSend: 'This parcel has no next event to send',
  noCourier:
    'No courier is set up: enter the courier and AWB by hand on the order or in Dispatch, or set SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD (COURIER_PROVIDER=simulator books test parcels)',
} as const;

/** One line of a parcel's timeline. */
export const trackingEntry = z.object({
  status: z.string(),
  label: z.string(),
  at: z.string(),
  location: z.optional(z.string()),
});

/** What the shopper (and the shop) see of an order's parcel. */
export const tracking = z.object({
  courier: z.nullable(z.string()),
  awb: z.nullable(z.string()),
  trackingUrl: z.nullable(z.string()),
  events: z.array(trackingEntry),
});
export type Tracking = z.infer<typeof tracking>;

/** The back office's view of a shipment: the tracking and what the shop must act on. */
export const adminShipment = z.extend(tracking, {
  _id: z.string(),
  state: z.enum(shipmentStates),
  /** A failed delivery the shop must answer by then (re-attempt or return); else null. */
  ndrDeadline: z.nullable(z.string()),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AdminShipment = z.infer<typeof adminShipment>;

export const ndrActionSchema = z.object({
  action: z.enum(ndrActions, { error: shippingMessages.ndrActionInvalid }),
});
export type NdrActionInput = z.input<typeof ndrActionSchema>;

/** An AWB as couriers write them: letters, digits and hyphens. */
export const awbText = z
  .string({ error: shippingMessages.awbRequired })
  .check(
    z.minLength(1, shippingMessages.awbRequired),
    z.maxLength(40, shippingMessages.awbInvalid),
    z.regex(/^[A-Za-z0-9-]+$/, shippingMessages.awbInvalid),
  );

export const simulatorAdvanceSchema = z.object({
  awb: awbText,
  event: z.optional(z.enum(trackingEvents, { error: shippingMessages.eventInvalid })),
});

export const trackingResponse = successEnvelope(tracking);
export const adminShipmentResponse = successEnvelope(adminShipment);
export const simulatorAdvanceResponse = successEnvelope(
  z.object({ awb: z.string(), event: z.enum(trackingEvents), status: z.number() }),
);
export const courierWebhookAckResponse = successEnvelope(
  z.object({ handled: z.boolean(), duplicate: z.boolean() }),
);
