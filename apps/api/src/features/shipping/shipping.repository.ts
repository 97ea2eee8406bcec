import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ShipmentState } from '@shop/domain/shipping';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { shipmentEvents, shipments } from '../../db/schema.ts';

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentChanges = Partial<typeof shipments.$inferInsert>;

/** One line of a shipment's tracking timeline, as stored in `shipments.events`. */
export interface StoredTrackingEvent {
  status: string;
  label: string;
  at: string;
  location?: string | undefined;
}

/** Shipments owed and booked, their claims by workers, and the tracking events received. */
export function createShippingRepository(db: Database) {
  return {
    /** A shipment owed, written in the transaction of the shop's request. */
    async request(
      tx: Executor,
      values: { orderId: string; requestedBy: string | null; requestedByEmail: string },
    ): Promise<ShipmentRow> {
      const [row] = await tx.insert(shipments).values(values).returning();
      return row!;
    },

    /**
     * A parcel the shop booked itself (courier and AWB typed by hand), written booked with its
     * first timeline line in the transaction that ships its order.
     */
    async recordBooked(
      tx: Executor,
      values: {
        orderId: string;
        requestedBy: string | null;
        requestedByEmail: string;
        courier: string;
        awb: string;
        events: StoredTrackingEvent[];
      },
    ): Promise<ShipmentRow> {
      const [row] = await tx
        .insert(shipments)
        .values({
          ...values,
          state: 'booked' satisfies ShipmentState,
          // No courier integration holds it: nothing to call the courier about later.
          courierRef: { byHand: true },
        })
        .returning();
      return row!;
    },

    /**
     * Claims shipments due for booking: each claimed row's next attempt moves `leaseMs` ahead and
     * its attempts count up, so no other worker (in this process or another) books it meanwhile;
     * a worker that dies holding one lets the lease run out and the row is claimed again.
     */
    async claimDue(limit: number, leaseMs: number): Promise<ShipmentRow[]> {
      return db.transaction(async (tx) => {
        const due = await queryRows<{ id: string }>(
          tx,
          sql`select id from shipments
              where state = ${'requested' satisfies ShipmentState} and next_attempt_at <= now()
              order by next_attempt_at limit ${limit}
              for update skip locked`,
        );
        if (due.length === 0) return [];
        return tx
          .update(shipments)
          .set({
            attempts: sql`${shipments.attempts} + 1`,
            nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
            updatedAt: sql`now()`,
          })
          .where(
            inArray(
              shipments.id,
              due.map((row) => row.id),
            ),
          )
          .returning();
      });
    },

    /** A booking that failed: retried after `retryInMs`, or given up (`failed`) for the shop. */
    async bookFailed(id: string, error: string, retryInMs: number | undefined) {
      await db
        .update(shipments)
        .set({
          lastError: error.slice(0, 500),
          ...(retryInMs === undefined
            ? { state: 'failed' satisfies ShipmentState }
            : { nextAttemptAt: sql`now() + ${`${retryInMs} milliseconds`}::interval` }),
          updatedAt: sql`now()`,
        })
        .where(and(eq(shipments.id, id), eq(shipments.state, 'requested' satisfies ShipmentState)));
    },

    async lock(tx: Executor, id: string): Promise<ShipmentRow | undefined> {
      const [row] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');
      return row;
    },

    async findById(tx: Executor, id: string): Promise<ShipmentRow | undefined> {
      const [row] = await tx.select().from(shipments).where(eq(shipments.id, id));
      return row;
    },

    async findByAwb(tx: Executor, awb: string): Promise<ShipmentRow | undefined> {
      const [row] = await tx.select().from(shipments).where(eq(shipments.awb, awb));
      return row;
    },

    async update(tx: Executor, id: string, changes: ShipmentChanges) {
      const [row] = await tx
        .update(shipments)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(shipments.id, id))
        .returning();
      return row!;
    },

    /** Appends a line to the shipment's timeline, in the transaction that applies it. */
    async appendEvent(tx: Executor, id: string, event: StoredTrackingEvent) {
      await tx
        .update(shipments)
        .set({
          events: sql`${shipments.events} || ${JSON.stringify([event])}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(eq(shipments.id, id));
    },

    /** The newest shipment of each order that has one (a failed booking is replaced by a new). */
    async latestOf(tx: Executor, orderIds: string[]): Promise<Map<string, ShipmentRow>> {
      if (orderIds.length === 0) return new Map();
      const rows = await tx
        .select()
        .from(shipments)
        .where(inArray(shipments.orderId, orderIds))
        .orderBy(desc(shipments.createdAt));
      const latest = new Map<string, ShipmentRow>();
      for (const row of rows) if (!latest.has(row.orderId)) latest.set(row.orderId, row);
      return latest;
    },

    /** Stores a tracking event as it came, unhandled (its effect failed; the retry applies it). */
    async storeEvent(eventId: string, awb: string, status: string, payload: unknown) {
      await db
        .insert(shipmentEvents)
        .values({ eventId, awb, status, payload })
        .onConflictDoNothing();
    },

    /**
     * Claims a tracking event for applying it in `tx`: stored and marked handled together with
     * its effect. False when it was handled before; a second delivery of the same event waits
     * here until the first one's transaction ends, then finds it handled.
     */
    async claimEvent(tx: Executor, eventId: string, awb: string, status: string, payload: unknown) {
      const claimed = await tx
        .insert(shipmentEvents)
        .values({ eventId, awb, status, payload, handledAt: sql`now()` })
        .onConflictDoUpdate({
          target: shipmentEvents.eventId,
          set: { handledAt: sql`now()` },
          where: isNull(shipmentEvents.handledAt),
        })
        .returning({ eventId: shipmentEvents.eventId });
      return claimed.length > 0;
    },
  };
}

export type ShippingRepository = ReturnType<typeof createShippingRepository>;
