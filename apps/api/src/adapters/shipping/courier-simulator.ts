import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { zoneServiceability } from '@shop/domain/delivery-zones';
import { trackingEvents, type TrackingEvent } from '@shop/domain/shipping';
import { queryRows, type Database } from '../../db/client.ts';
import { simulatorShipments } from '../../db/schema.ts';
import { hmacHex, isValidWebhookSignature } from '../payments/signatures.ts';
import { CourierError, type BookedShipment, type Courier, type WebhookCheck } from './courier.ts';

/** `shop_state` switch for tests: the next N bookings fail, as a courier's outage would. */
export const COURIER_FAIL_SWITCH = 'simulator:fail-next-bookings';

/** The header carrying hex(HMAC-SHA256(COURIER_WEBHOOK_SECRET, raw body)). */
export const COURIER_SIGNATURE_HEADER = 'x-courier-signature';

/** A tracking event as the simulator sends it to the shop's webhook. */
export interface SimulatedTrackingBody {
  id: string;
  awb: string;
  event: TrackingEvent;
  at: string;
  location: string;
}

/** A webhook delivered to the shop's own endpoint. */
export type DeliverTracking = (rawBody: string, headers: Record<string, string>) => Promise<number>;

const LOCATIONS: Record<TrackingEvent, string> = {
  picked_up: 'Bengaluru warehouse',
  in_transit: 'Bengaluru hub',
  out_for_delivery: 'Local delivery centre',
  delivered: 'Doorstep',
  undelivered: 'Local delivery centre',
  rto_initiated: 'Local delivery centre',
  rto_delivered: 'Bengaluru warehouse',
};

/** 'SIM' and 10 digits, the same for the same reference (a repeated booking finds the first). */
export function simulatedAwb(reference: string): string {
  const digest = createHash('sha256').update(reference).digest();
  return `SIM${(digest.readBigUInt64BE(0) % 10_000_000_000n).toString().padStart(10, '0')}`;
}

/** 'SIMR' and 10 digits: a reverse pickup's return AWB, the same for the same reference. */
export function simulatedReturnAwb(reference: string): string {
  return `SIMR${simulatedAwb(`return:${reference}`).slice(3)}`;
}

export interface CourierSimulator extends Courier {
  readonly name: 'simulator';
  /** Sends one signed tracking event for a parcel to the shop's webhook; answers its status. */
  send(awb: string, event: TrackingEvent): Promise<{ body: SimulatedTrackingBody; status: number }>;
}

/**
 * The local stand-in for a courier: books parcels with 'SIM' AWBs and a tracking link on this
 * shop, and sends tracking events signed exactly as the shop's webhook checks them (so the
 * webhook, its checks and its effects are the production code). Events go out when asked
 * (`send`, through the simulator's control route), so tests and the owner drive a parcel.
 */
export function createCourierSimulator(deps: {
  db: Database;
  webhookSecret: string;
  publicUrl: string;
  deliver: () => DeliverTracking;
}): CourierSimulator {
  /** Books a parcel once per reference (the AWB follows from it), failing when told to. */
  async function book(reference: string, awb: string): Promise<BookedShipment> {
    // One use of the failure switch, kept in the database so every process obeys it.
    const failing = await queryRows<{ value: string }>(
      deps.db,
      sql`update shop_state set value = (value::int - 1)::text, updated_at = now()
          where key = ${COURIER_FAIL_SWITCH} and value ~ '^[0-9]+$' and value::int > 0
          returning value`,
    );
    if (failing.length > 0) {
      throw new CourierError('The courier could not book the parcel (simulated failure)');
    }
    await deps.db.insert(simulatorShipments).values({ reference, awb }).onConflictDoNothing();
    const [row] = await deps.db
      .select()
      .from(simulatorShipments)
      .where(eq(simulatorShipments.reference, reference));
    return {
      shipmentId: `simship_${row!.awb}`,
      awb: row!.awb,
      // Printed on labels: a neutral name, like the sender's, says nothing of the shop.
      courierName: 'Courier Simulator',
      trackingUrl: `${deps.publicUrl}/track/${row!.awb}`,
    };
  }

  return {
    name: 'simulator',
    async createShipment(request) {
      return book(request.reference, simulatedAwb(request.reference));
    },
    async createReturnPickup(request) {
      return book(request.reference, simulatedReturnAwb(request.reference));
    },
    async ndrAction() {
      // The simulated courier takes the shop's word; the next event it sends follows from it.
    },
    async serviceability(request) {
      // Zones relative to the pickup, as a courier's rate card draws them (see delivery-zones).
      const answer = zoneServiceability(request.pickup, request.delivery);
      return answer.serviceable
        ? { serviceable: true, cod: answer.cod, transit: answer.transit }
        : { serviceable: false, cod: false };
    },
    verifyWebhook(rawBody, headers): WebhookCheck {
      const signature = headers[COURIER_SIGNATURE_HEADER];
      if (!signature || !isValidWebhookSignature(deps.webhookSecret, rawBody, signature)) {
        return { ok: false, reason: 'signature', message: 'Invalid courier webhook signature' };
      }
      let body: Partial<SimulatedTrackingBody>;
      try {
        body = JSON.parse(rawBody) as Partial<SimulatedTrackingBody>;
      } catch {
        return { ok: false, reason: 'body', message: 'Invalid courier webhook body' };
      }
      if (typeof body.id !== 'string' || typeof body.awb !== 'string') {
        return { ok: false, reason: 'body', message: 'Invalid courier webhook body' };
      }
      const event = (trackingEvents as readonly string[]).includes(String(body.event))
        ? (body.event as TrackingEvent)
        : undefined;
      return {
        ok: true,
        payload: body,
        event: {
          eventId: `sim:${body.id}`.slice(0, 200),
          awb: body.awb,
          event,
          courierStatus: String(body.event ?? 'unknown'),
          at: typeof body.at === 'string' ? body.at : new Date().toISOString(),
          location: typeof body.location === 'string' ? body.location : undefined,
        },
      };
    },
    async send(awb, event) {
      const body: SimulatedTrackingBody = {
        id: `sev_${randomBytes(10).toString('hex')}`,
        awb,
        event,
        at: new Date().toISOString(),
        // A return AWB is picked up at her door, not at the shop's warehouse.
        location:
          event === 'picked_up' && awb.startsWith('SIMR') ? 'Pickup address' : LOCATIONS[event],
      };
      const raw = JSON.stringify(body);
      const status = await deps.deliver()(raw, {
        'content-type': 'application/json',
        [COURIER_SIGNATURE_HEADER]: hmacHex(deps.webhookSecret, raw),
      });
      return { body, status };
    },
  };
}
