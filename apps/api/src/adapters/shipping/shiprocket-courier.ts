import { timingSafeEqual } from 'node:crypto';
import type { NdrAction, TrackingEvent } from '@shop/domain/shipping';
import {
  CourierError,
  type BookedShipment,
  type Courier,
  type ReturnPickupRequest,
  type Serviceability,
  type ShipmentRequest,
  type VerifiedTrackingEvent,
  type WebhookCheck,
} from './courier.ts';
import { createOutboundPolicy, type OutboundPolicy } from '../outbound.ts';

export const SHIPROCKET_API = 'https://apiv2.shiprocket.in/v1/external';

export interface ShiprocketConfig {
  email: string;
  password: string;
  /** The pickup location's nickname exactly as configured in Shiprocket's panel. */
  pickupLocation: string;
  /** The security token given to the webhook in Shiprocket's panel (sent as `x-api-key`). */
  webhookToken: string;
  /** Shiprocket's API base (SHIPROCKET_API_URL; tests point it at a local server). */
  apiUrl?: string;
}

/**
 * Shiprocket's shipment status codes (`current_status_id`, `sr-status`) in our words. Codes not
 * listed (manifested, out for pickup, pickup errors, delays, cancelled, lost) are stored on
 * arrival and move nothing: a person reads them in the raw events.
 */
export const SHIPROCKET_STATUS_EVENTS: Record<number, TrackingEvent> = {
  42: 'picked_up', // PICKED UP
  6: 'in_transit', // SHIPPED (in-scanned at the origin hub)
  18: 'in_transit', // IN TRANSIT
  38: 'in_transit', // REACHED AT DESTINATION HUB
  17: 'out_for_delivery', // OUT FOR DELIVERY
  7: 'delivered', // DELIVERED
  21: 'undelivered', // UNDELIVERED (NDR)
  9: 'rto_initiated', // RTO INITIATED
  14: 'rto_initiated', // RTO ACKNOWLEDGED
  46: 'rto_initiated', // RTO IN TRANSIT
  10: 'rto_delivered', // RTO DELIVERED
};

/** The same statuses by their labels, for payloads whose id is missing or not a number. */
const LABEL_EVENTS: Record<string, TrackingEvent> = {
  'PICKED UP': 'picked_up',
  SHIPPED: 'in_transit',
  'IN TRANSIT': 'in_transit',
  'REACHED AT DESTINATION HUB': 'in_transit',
  'OUT FOR DELIVERY': 'out_for_delivery',
  DELIVERED: 'delivered',
  UNDELIVERED: 'undelivered',
  'RTO INITIATED': 'rto_initiated',
  'RTO ACKNOWLEDGED': 'rto_initiated',
  'RTO IN TRANSIT': 'rto_initiated',
  'RTO DELIVERED': 'rto_delivered',
};

/** Our event for a Shiprocket status id or label; undefined for one the shop does not act on. */
export function shiprocketEvent(
  statusId: number | string | undefined,
  label: string | undefined,
): TrackingEvent | undefined {
  const id = Number(statusId);
  if (Number.isInteger(id) && SHIPROCKET_STATUS_EVENTS[id]) return SHIPROCKET_STATUS_EVENTS[id];
  return label ? LABEL_EVENTS[label.trim().toUpperCase()] : undefined;
}

const rupees = (paise: number) => Math.round(paise) / 100;

/** Shiprocket's date format in India's time: 'YYYY-MM-DD HH:mm'. */
function indiaDate(date: Date): string {
  const shifted = new Date(date.getTime() + 330 * 60_000);
  return shifted.toISOString().slice(0, 16).replace('T', ' ');
}

/** Default parcel size for lingerie and sleepwear: a small padded mailer (cm, kg). */
const PARCEL = { length: 25, breadth: 20, height: 5, weightKgPerItem: 0.25 };

/** The body of `POST /orders/create/adhoc`: our shipment id is Shiprocket's `order_id`. */
export function adhocOrderBody(request: ShipmentRequest, pickupLocation: string) {
  const [first, ...rest] = request.address.name.trim().split(/\s+/);
  const units = request.items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    order_id: request.reference,
    order_date: indiaDate(request.orderDate),
    pickup_location: pickupLocation,
    comment: `Lacebloom order ${request.orderNumber}`,
    billing_customer_name: first ?? request.address.name,
    billing_last_name: rest.join(' '),
    billing_address: request.address.addressLine1,
    billing_address_2: request.address.addressLine2,
    billing_city: request.address.city,
    billing_pincode: request.address.pinCode,
    billing_state: request.address.state,
    billing_country: 'India',
    billing_email: request.email,
    billing_phone: request.address.phone,
    shipping_is_billing: true,
    order_items: request.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.quantity,
      selling_price: rupees(item.unitPricePaise),
    })),
    // Shiprocket collects `sub_total` at the door of a COD order.
    payment_method: request.cashToCollectPaise > 0 ? 'COD' : 'Prepaid',
    sub_total: rupees(
      request.cashToCollectPaise > 0 ? request.cashToCollectPaise : request.totalPaise,
    ),
    length: PARCEL.length,
    breadth: PARCEL.breadth,
    height: PARCEL.height,
    weight: Math.max(0.5, Math.round(units * PARCEL.weightKgPerItem * 100) / 100),
  };
}

/**
 * A one-line Indian address ('14 Residency Road, Bengaluru, Karnataka 560025') in Shiprocket's
 * fields: the PIN code and state from the last part, the city before it, the rest the street.
 */
export function splitIndianAddress(address: string) {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const last = parts.pop() ?? '';
  const pin = /(\d{6})\s*$/.exec(last)?.[1] ?? '';
  const state = last.replace(/\d{6}\s*$/, '').trim();
  const city = parts.pop() ?? '';
  return { line1: parts.join(', ') || city, city, state, pinCode: pin };
}

/**
 * The body of `POST /orders/create/return`: the shopper is where the courier picks up
 * (`pickup_*`), the shop where it delivers (`shipping_*`); our reference is its `order_id`.
 * Lingerie is checked by the shop on arrival, not by the courier at the door (no `qc_enable`).
 */
export function returnOrderBody(request: ReturnPickupRequest) {
  const [first, ...rest] = request.pickupAddress.name.trim().split(/\s+/);
  const shop = splitIndianAddress(request.returnTo.address);
  const units = request.items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    order_id: request.reference,
    order_date: indiaDate(request.orderDate),
    pickup_customer_name: first ?? request.pickupAddress.name,
    pickup_last_name: rest.join(' '),
    pickup_address: request.pickupAddress.addressLine1,
    pickup_address_2: request.pickupAddress.addressLine2,
    pickup_city: request.pickupAddress.city,
    pickup_state: request.pickupAddress.state,
    pickup_country: 'India',
    pickup_pincode: request.pickupAddress.pinCode,
    pickup_email: request.email,
    pickup_phone: request.pickupAddress.phone,
    shipping_customer_name: request.returnTo.name,
    shipping_last_name: '',
    shipping_address: shop.line1,
    shipping_address_2: '',
    shipping_city: shop.city,
    shipping_state: shop.state,
    shipping_country: 'India',
    shipping_pincode: shop.pinCode,
    shipping_phone: request.returnTo.phone,
    order_items: request.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.quantity,
      selling_price: rupees(item.unitPricePaise),
    })),
    payment_method: 'PREPAID',
    sub_total: rupees(request.totalPaise),
    length: PARCEL.length,
    breadth: PARCEL.breadth,
    height: PARCEL.height,
    weight: Math.max(0.5, Math.round(units * PARCEL.weightKgPerItem * 100) / 100),
  };
}

/** Shiprocket's webhook time ('23 05 2023 11:43:52', India's time) as ISO; now when unreadable. */
export function shiprocketTime(text: unknown, now = new Date()): string {
  const match =
    typeof text === 'string'
      ? /^(\d{2})[ -](\d{2})[ -](\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim())
      : null;
  if (!match) return now.toISOString();
  const [, day, month, year, hour, minute, second] = match;
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}+05:30`).toISOString();
}

interface ShiprocketWebhook {
  awb?: string | number;
  current_status?: string;
  current_status_id?: number | string;
  shipment_status?: string;
  shipment_status_id?: number | string;
  current_timestamp?: string;
  scans?: Array<{ location?: string; date?: string }>;
}

/** A Shiprocket tracking webhook in our words (its last scan gives the place). */
export function readShiprocketWebhook(
  payload: ShiprocketWebhook,
): VerifiedTrackingEvent | undefined {
  if (payload.awb === undefined || payload.awb === '') return undefined;
  const awb = String(payload.awb);
  const statusId = payload.current_status_id ?? payload.shipment_status_id;
  const label = payload.current_status ?? payload.shipment_status;
  const scans = Array.isArray(payload.scans) ? payload.scans : [];
  const location = scans[scans.length - 1]?.location;
  return {
    eventId:
      `sr:${awb}:${String(statusId ?? label ?? '')}:${payload.current_timestamp ?? ''}`.slice(
        0,
        200,
      ),
    awb,
    event: shiprocketEvent(statusId, label),
    courierStatus: String(label ?? statusId ?? 'unknown'),
    at: shiprocketTime(payload.current_timestamp),
    location: location && location !== 'NA' ? location : undefined,
  };
}

/** The part of `GET /courier/serviceability/` the shop reads. */
export interface ShiprocketServiceability {
  status?: number;
  data?: {
    recommended_courier_company_id?: number;
    available_courier_companies?: Array<{
      courier_company_id?: number;
      cod?: number;
      estimated_delivery_days?: string | number;
    }>;
  };
}

/**
 * Shiprocket's couriers for a PIN in our words: served when any courier is listed; cash when any
 * of them takes it; days from the fastest courier to the one Shiprocket recommends (the one a
 * booking gets), or the slowest listed when it recommends none.
 */
export function readServiceability(answer: ShiprocketServiceability): Serviceability {
  const couriers = (answer.data?.available_courier_companies ?? [])
    .map((courier) => ({ ...courier, days: Number(courier.estimated_delivery_days) }))
    .filter((courier) => Number.isFinite(courier.days) && courier.days > 0);
  if (answer.status === 404 || couriers.length === 0) return { serviceable: false, cod: false };
  const days = couriers.map((courier) => courier.days);
  const min = Math.min(...days);
  const recommended = couriers.find(
    (courier) => courier.courier_company_id === answer.data?.recommended_courier_company_id,
  );
  return {
    serviceable: true,
    cod: couriers.some((courier) => courier.cod === 1),
    transit: { min, max: Math.max(min, recommended?.days ?? Math.max(...days)) },
  };
}

function sameToken(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Shiprocket: a token from email and password (valid ten days; renewed on a 401), an adhoc order
 * whose `order_id` is our shipment id, an AWB, a pickup. Shiprocket has no idempotency key, so a
 * booking first looks for an order it already made with our id and continues from there.
 * Its webhook carries no signature, only the security token set in its panel (`x-api-key`).
 */
export function createShiprocketCourier(
  config: ShiprocketConfig,
  fetchImpl: typeof fetch = fetch,
  policy: OutboundPolicy = createOutboundPolicy('courier'),
): Courier {
  // Every request under the courier's policy: a timeout, a breaker, identical reads shared.
  const send = policy.fetch(fetchImpl);
  const api = config.apiUrl ?? SHIPROCKET_API;
  let token: { value: string; until: number } | undefined;
  /** A sign-in in flight: calls that find no token meanwhile wait for it instead of their own. */
  let signingIn: Promise<string> | undefined;

  function login(): Promise<string> {
    if (token && token.until > Date.now()) return Promise.resolve(token.value);
    signingIn ??= signIn().finally(() => {
      signingIn = undefined;
    });
    return signingIn;
  }

  async function signIn(): Promise<string> {
    const answer = await send(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: config.email, password: config.password }),
    });
    const body = (await answer.json().catch(() => ({}))) as { token?: string };
    if (!answer.ok || !body.token) {
      throw new CourierError(`Shiprocket sign-in failed (${answer.status})`);
    }
    token = { value: body.token, until: Date.now() + 9 * 24 * 60 * 60_000 };
    return body.token;
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    /** Statuses that are an answer rather than a failure (a PIN no courier serves is a 404). */
    answers: number[] = [],
  ): Promise<T> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await send(`${api}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await login()}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (answer.status === 401 && attempt === 0) {
        token = undefined;
        continue;
      }
      const parsed = (await answer.json().catch(() => ({}))) as T & { message?: string };
      if (!answer.ok && !answers.includes(answer.status)) {
        throw new CourierError(
          `Shiprocket ${path} failed (${answer.status}): ${String(parsed.message ?? '').slice(0, 200)}`,
        );
      }
      return parsed;
    }
    throw new CourierError(`Shiprocket ${path} refused the token`);
  }

  /** An order Shiprocket already made with our reference (a booking repeated after a crash). */
  async function findOrder(reference: string) {
    const found = await call<{
      data?: Array<{
        id: number;
        channel_order_id?: string;
        shipments?: Array<{ id: number; awb?: string | null; courier?: string | null }>;
      }>;
    }>('GET', `/orders?search=${encodeURIComponent(reference)}`);
    return found.data?.find((order) => order.channel_order_id === reference);
  }

  return {
    name: 'shiprocket',
    async createShipment(request): Promise<BookedShipment> {
      let orderId: string;
      let shipmentId: string;
      const earlier = await findOrder(request.reference);
      const earlierShipment = earlier?.shipments?.[0];
      if (earlier && earlierShipment) {
        orderId = String(earlier.id);
        shipmentId = String(earlierShipment.id);
        if (earlierShipment.awb) {
          return {
            shipmentId,
            awb: earlierShipment.awb,
            courierName: earlierShipment.courier ?? 'Shiprocket',
            trackingUrl: `https://shiprocket.co/tracking/${earlierShipment.awb}`,
            ref: { orderId },
          };
        }
      } else {
        const created = await call<{ order_id?: number; shipment_id?: number }>(
          'POST',
          '/orders/create/adhoc',
          adhocOrderBody(request, config.pickupLocation),
        );
        if (!created.order_id || !created.shipment_id) {
          throw new CourierError('Shiprocket did not create the order');
        }
        orderId = String(created.order_id);
        shipmentId = String(created.shipment_id);
      }
      const assigned = await call<{
        awb_assign_status?: number;
        response?: { data?: { awb_code?: string; courier_name?: string } };
      }>('POST', '/courier/assign/awb', { shipment_id: shipmentId });
      const awb = assigned.response?.data?.awb_code;
      if (!awb) throw new CourierError('Shiprocket assigned no AWB');
      await call('POST', '/courier/generate/pickup', { shipment_id: [shipmentId] });
      return {
        shipmentId,
        awb,
        courierName: assigned.response?.data?.courier_name ?? 'Shiprocket',
        trackingUrl: `https://shiprocket.co/tracking/${awb}`,
        ref: { orderId },
      };
    },
    async createReturnPickup(request): Promise<BookedShipment> {
      const created = await call<{ order_id?: number; shipment_id?: number }>(
        'POST',
        '/orders/create/return',
        returnOrderBody(request),
      );
      if (!created.order_id || !created.shipment_id) {
        throw new CourierError('Shiprocket did not create the return order');
      }
      const shipmentId = String(created.shipment_id);
      // A return shipment's AWB is assigned like a forward one's, marked as a return; Shiprocket
      // schedules the pickup of a return itself.
      const assigned = await call<{
        response?: { data?: { awb_code?: string; courier_name?: string } };
      }>('POST', '/courier/assign/awb', { shipment_id: shipmentId, is_return: 1 });
      const awb = assigned.response?.data?.awb_code;
      if (!awb) throw new CourierError('Shiprocket assigned no return AWB');
      return {
        shipmentId,
        awb,
        courierName: assigned.response?.data?.courier_name ?? 'Shiprocket',
        trackingUrl: `https://shiprocket.co/tracking/${awb}`,
        ref: { orderId: String(created.order_id) },
      };
    },
    async ndrAction(awb: string, action: NdrAction) {
      await call('POST', `/ndr/${encodeURIComponent(awb)}/action`, {
        action: action === 'rto' ? 'return' : 're-attempt',
        comments: action === 'rto' ? 'Return to the shop' : 'Please attempt the delivery again',
      });
    },
    async serviceability(request): Promise<Serviceability> {
      const query = new URLSearchParams({
        pickup_postcode: request.pickup.pinCode,
        delivery_postcode: request.delivery.pinCode,
        weight: String(request.weightKg),
        cod: '0',
      });
      const answer = await call<ShiprocketServiceability>(
        'GET',
        `/courier/serviceability/?${query.toString()}`,
        undefined,
        [404],
      );
      return readServiceability(answer);
    },
    verifyWebhook(rawBody, headers): WebhookCheck {
      if (!sameToken(config.webhookToken, headers['x-api-key'])) {
        return { ok: false, reason: 'signature', message: 'Invalid courier webhook token' };
      }
      let payload: ShiprocketWebhook;
      try {
        payload = JSON.parse(rawBody) as ShiprocketWebhook;
      } catch {
        return { ok: false, reason: 'body', message: 'Invalid courier webhook body' };
      }
      const event = readShiprocketWebhook(payload);
      if (!event) return { ok: false, reason: 'body', message: 'Invalid courier webhook body' };
      return { ok: true, event, payload };
    },
  };
}
