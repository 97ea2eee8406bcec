import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** The tax documents of her orders, as her download lists them and her erasure weighs them. */
export function createInvoicesPersonalData() {
  return {
    /** The invoices and credit notes of these orders, oldest first, in the caller's `tx`. */
    async documentsFor(tx: Executor, orderIds: string[]) {
      if (orderIds.length === 0) return [];
      const rows = await queryRows<{
        orderId: string;
        kind: 'invoice' | 'credit-note';
        number: string;
        issuedAt: Date;
      }>(
        tx,
        sql`select order_id as "orderId", kind, number, issued_at as "issuedAt"
            from invoices where order_id in ${orderIds} order by issued_at`,
      );
      return rows.map((row) => ({ ...row, issuedAt: new Date(row.issuedAt) }));
    },
  };
}

export type InvoicesPersonalData = ReturnType<typeof createInvoicesPersonalData>;
