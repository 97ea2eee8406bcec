import type { TransitDays } from '@shop/domain/delivery-estimate';
import type { DeliveryPlace } from '@shop/domain/delivery-zones';
import type { NdrAction, TrackingEvent } from '@shop/domain/shipping';

/** What a courier needs of an order to carry it. */
export interface ShipmentRequest {
  /** Our shipment id: the courier's reference, so a repeated booking finds the first one. */
  reference: string;
  orderNumber: string;
  orderDate: Date;
  totalPaise: number;
  /** Cash the courier collects at the door (cash on delivery), or 0 for an order paid online. */
  cashToCollectPaise: number;
  address: {
    name: string;
    addressLine1: string;
    addressLine2: string;
    city: string;
    state: string;
    pinCode: string;
    phone: string;
  };
  email: string;
  items: Array<{ name: string; sku: string; quantity: number; unitPricePaise: number }>;
}

/**
 * A reverse pickup: the courier collects a returned item from the shopper and brings it to the
 * shop. Its AWB is a return AWB, tracked like any parcel.
 */
export interface ReturnPickupRequest {
  /** Our reference (the return line and the step): a repeated booking finds the first one. */
  reference: string;
  orderNumber: string;
  orderDate: Date;
  /** Where the courier collects it: the order's delivery address. */
  pickupAddress: ShipmentRequest['address'];
  email: string;
  /** Where the courier brings it: the shop's neutral sender name and return address. */
  returnTo: { name: string; address: string; phone: string };
  items: ShipmentRequest['items'];
  totalPaise: number;
}

/** A courier's answer to a booking. */
export interface BookedShipment {
  /** The courier's own shipment id (kept for later calls). */
  shipmentId: string;
  awb: string;
  courierName: string;
  trackingUrl: string;
  /** Anything else the courier's later calls need (Shiprocket's order id). */
  ref?: Record<string, string>;
}

/** A tracking update, verified and in our words. */
export interface VerifiedTrackingEvent {
  /** Unique per update: a repeat of the same update carries the same id. */
  eventId: string;
  awb: string;
  /** Undefined for a courier status the shop does not act on (stored, acknowledged). */
  event: TrackingEvent | undefined;
  /** The courier's own words for the status. */
  courierStatus: string;
  at: string;
  location: string | undefined;
}

export type WebhookCheck =
  | { ok: true; event: VerifiedTrackingEvent; payload: unknown }
  | { ok: false; reason: 'signature' | 'body'; message: string };

/** A serviceability question: can a parcel of this weight go from the shop's pickup to a PIN? */
export interface ServiceabilityRequest {
  pickup: DeliveryPlace;
  delivery: DeliveryPlace;
  weightKg: number;
}

/** The courier's answer: whether it delivers there, in how many business days, and for cash. */
export type Serviceability =
  { serviceable: false; cod: false } | { serviceable: true; cod: boolean; transit: TransitDays };

/** What the shop needs of a courier. Shiprocket and the local simulator both provide it. */
export interface Courier {
  readonly name: 'shiprocket' | 'simulator';
  /** Books a parcel and answers its AWB; safe to repeat with the same reference. */
  createShipment(request: ShipmentRequest): Promise<BookedShipment>;
  /** Books a reverse pickup and answers its return AWB; safe to repeat with the same reference. */
  createReturnPickup(request: ReturnPickupRequest): Promise<BookedShipment>;
  /** The shop's answer to a failed delivery. */
  ndrAction(awb: string, action: NdrAction): Promise<void>;
  /** Whether the courier delivers to a PIN from the shop's pickup, and how soon. */
  serviceability(request: ServiceabilityRequest): Promise<Serviceability>;
  /** Checks a tracking webhook's signature over the raw body and reads it. */
  verifyWebhook(rawBody: string, headers: Record<string, string | undefined>): WebhookCheck;
}

export class CourierError extends Error {
  override name = 'CourierError';
}
