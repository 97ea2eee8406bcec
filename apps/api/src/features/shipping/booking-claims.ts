import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

/**
 * Longer than any courier call may take (the adapters give up well before), short enough that a
 * process that died holding a claim frees its step within minutes.
 */
const CLAIM_EXPIRES_AFTER = '2 minutes';
const POLL_MS = 100;

export type Claimed<T> = { ran: true; value: T } | { ran: false; released: boolean };

/**
 * One courier booking at a time per reference, across every process on the database. Two clicks
 * of "schedule pickup" would otherwise both call the courier before either had recorded its AWB,
 * and Shiprocket would make two parcels (its search for an earlier order with the same reference
 * only helps a booking that comes after the first one finished). The claim is a row taken before
 * the call and dropped once the step has committed; a claim older than CLAIM_EXPIRES_AFTER is a
 * dead process's and is taken over, which books nothing twice since the adapters then find the
 * parcel already made with that reference.
 */
export function createBookingClaims(db: Database) {
  async function claim(reference: string): Promise<boolean> {
    const rows = await queryRows<{ reference: string }>(
      db,
      sql`insert into courier_booking_claims (reference) values (${reference})
          on conflict (reference) do update set claimed_at = now()
            where courier_booking_claims.claimed_at < now() - ${CLAIM_EXPIRES_AFTER}::interval
          returning reference`,
    );
    return rows.length === 1;
  }

  async function release(reference: string): Promise<void> {
    await db.execute(sql`delete from courier_booking_claims where reference = ${reference}`);
  }

  async function waitForRelease(reference: string, timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const held = await queryRows<{ one: number }>(
        db,
        sql`select 1 as one from courier_booking_claims where reference = ${reference}`,
      );
      if (held.length === 0) return true;
    }
    return false;
  }

  return {
    /**
     * Runs `work` (the booking and the step's commit) while holding the reference's claim. When
     * another request holds it, waits up to `waitMs` for it to finish instead, and says whether
     * it did, so the caller can read what that request did.
     */
    async exclusively<T>(
      reference: string,
      waitMs: number,
      work: () => Promise<T>,
    ): Promise<Claimed<T>> {
      if (!(await claim(reference))) {
        return { ran: false, released: await waitForRelease(reference, waitMs) };
      }
      try {
        return { ran: true, value: await work() };
      } finally {
        await release(reference);
      }
    },
  };
}

export type BookingClaims = ReturnType<typeof createBookingClaims>;
