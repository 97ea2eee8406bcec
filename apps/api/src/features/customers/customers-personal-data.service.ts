import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** The shop's notes about a shopper: erased with her account (they are never shown to her). */
export function createCustomersPersonalData() {
  return {
    async eraseIn(tx: Executor, userId: string) {
      await tx.execute(sql`delete from customer_notes where customer_id = ${userId}`);
    },
  };
}

export type CustomersPersonalData = ReturnType<typeof createCustomersPersonalData>;
