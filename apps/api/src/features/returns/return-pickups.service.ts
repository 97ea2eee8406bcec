/**
 * A reverse pickup as the courier reports it: its tracking events for the return AWB come to the
 * same webhook as a parcel's (the way "out for delivery" comes from the events for the forward
 * parcel). The courier's "picked up" is the return collected from her: the line records when,
 * the audit log says who (the courier), and her phone is told in that same transaction, once
 * per return AWB. The desk still receives the items by hand (the `receive` step), as before.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { TrackingEvent } from '@shop/domain/shipping';
import type { Executor } from '../../db/client.ts';
import { orderReturnLines } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { OrderReturns } from '../orders/order-returns.service.ts';

/** A courier's tracking event for an AWB, as the shipping webhook verified it. */
export interface PickupEvent {
  awb: string;
  event: TrackingEvent;
  /** When the courier says it happened (ISO). */
  at: string;
}

export interface ReturnPickups {
  /** Whether this AWB is a reverse pickup's. */
  knows(executor: Executor, awb: string): Promise<boolean>;
  /**
   * Applies a courier's event for a return AWB in `tx` (the webhook's transaction, which also
   * marks the event handled): undefined when the AWB is no reverse pickup's.
   */
  courierEventIn(tx: Executor, event: PickupEvent): Promise<'handled' | undefined>;
}

const COURIER: AuditActor = { userId: null, email: 'courier' };

export function createReturnPickups(deps: { orders: OrderReturns }): ReturnPickups {
  const linesOf = (executor: Executor, awb: string) =>
    executor
      .select({ id: orderReturnLines.id, orderId: orderReturnLines.orderId })
      .from(orderReturnLines)
      .where(eq(orderReturnLines.pickupAwb, awb));

  return {
    async knows(executor, awb) {
      return (await linesOf(executor, awb)).length > 0;
    },

    async courierEventIn(tx, event) {
      const lines = await linesOf(tx, event.awb);
      const orderId = lines[0]?.orderId;
      if (!orderId) return undefined;
      // Only "picked up" moves anything; the parcel's later scans are stored by the webhook.
      if (event.event !== 'picked_up') return 'handled';
      // The order first, then its lines, as every writer of both locks them.
      const order = await deps.orders.lockOrder(tx, orderId);
      if (!order) return 'handled';
      const at = Number.isNaN(Date.parse(event.at)) ? new Date() : new Date(event.at);
      // A line still waiting for its pickup, not marked before: a repeated or late report (the
      // desk already received it) records nothing and tells her nothing again.
      const picked = await tx
        .update(orderReturnLines)
        .set({ pickedUpAt: at, updatedAt: new Date() })
        .where(
          and(
            eq(orderReturnLines.pickupAwb, event.awb),
            eq(orderReturnLines.state, 'pickup_scheduled'),
            isNull(orderReturnLines.pickedUpAt),
          ),
        )
        .returning({ id: orderReturnLines.id });
      if (picked.length === 0) return 'handled';
      await recordAudit(tx, COURIER, {
        action: 'return.pickedUp',
        entity: 'order',
        entityId: order.id,
        before: { returnLineIds: picked.map((line) => line.id), pickedUpAt: null },
        after: { returnLineIds: picked.map((line) => line.id), pickedUpAt: at, awb: event.awb },
      });
      await deps.orders.notifyPickedUpIn(tx, order, event.awb);
      return 'handled';
    },
  };
}
