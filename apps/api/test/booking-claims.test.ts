// Courier booking claims: a burst of bookings for one parcel makes one courier call, the others
// wait for it; a dead process's claim is taken over; a failed booking frees the claim.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { createBookingClaims } from '../src/features/shipping/booking-claims.ts';
import { until } from './poll.ts';
import { createScratchDatabase } from './test-app.ts';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: DatabaseHandle;

beforeAll(async () => {
  scratch = await createScratchDatabase('booking_claims');
  database = await openDatabase({ databaseUrl: scratch?.url, dataDir: undefined });
  await migrateDatabase(database, scratch?.url);
}, 60_000);
afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

/** A promise the test settles when it chooses: a courier call that lasts until `open()`. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The database, counting the statements it has answered: a claim is one. */
function countingDatabase() {
  const counter = { answered: 0 };
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'execute' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const result = await value.apply(target, args);
        counter.answered += 1;
        return result;
      };
    },
  });
  return { db, counter };
}

describe('courier booking claims', () => {
  it('lets one of a burst call the courier; the others wait until it is done', async () => {
    const { db, counter } = countingDatabase();
    const claims = createBookingClaims(db);
    const courier = gate();
    let calls = 0;
    const book = async () => {
      calls += 1;
      await courier.opened;
      return 'AWB1';
    };
    const burst = Promise.all(
      Array.from({ length: 4 }, () => claims.exclusively('line-1:schedulePickup', 5_000, book)),
    );
    // The courier answers once every one of the four has tried to claim the parcel.
    await until('all four claims answered', async () => counter.answered >= 4);
    courier.open();
    const results = await burst;
    expect(calls).toBe(1);
    expect(results.filter((result) => result.ran)).toEqual([{ ran: true, value: 'AWB1' }]);
    expect(results.filter((result) => !result.ran)).toEqual(
      Array.from({ length: 3 }, () => ({ ran: false, released: true })),
    );
    // Released: the next booking of the same parcel runs.
    expect(await claims.exclusively('line-1:schedulePickup', 0, async () => 'again')).toEqual({
      ran: true,
      value: 'again',
    });
  });

  it('says when the other booking is still under way after the wait', async () => {
    const claims = createBookingClaims(database.db);
    const courier = gate();
    let booking = false;
    const slow = claims.exclusively('line-2:shipReplacement', 0, async () => {
      booking = true;
      await courier.opened;
    });
    await until('the first booking holds the claim', async () => booking);
    expect(await claims.exclusively('line-2:shipReplacement', 200, async () => 'no')).toEqual({
      ran: false,
      released: false,
    });
    courier.open();
    await slow;
  });

  it('frees the claim when the booking fails', async () => {
    const claims = createBookingClaims(database.db);
    await expect(
      claims.exclusively('line-3:schedulePickup', 0, async () => {
        throw new Error('courier down');
      }),
    ).rejects.toThrow('courier down');
    expect(await claims.exclusively('line-3:schedulePickup', 0, async () => 'ok')).toEqual({
      ran: true,
      value: 'ok',
    });
  });

  it('takes over a claim a dead process left behind, and no fresher one', async () => {
    const claims = createBookingClaims(database.db);
    await database.db.execute(
      sql`insert into courier_booking_claims (reference, claimed_at)
          values ('line-4:schedulePickup', now() - interval '3 minutes'),
                 ('line-5:schedulePickup', now() - interval '30 seconds')`,
    );
    expect(await claims.exclusively('line-4:schedulePickup', 0, async () => 'taken')).toEqual({
      ran: true,
      value: 'taken',
    });
    expect(await claims.exclusively('line-5:schedulePickup', 0, async () => 'no')).toEqual({
      ran: false,
      released: false,
    });
  });
});
