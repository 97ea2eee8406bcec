import { asc, eq } from 'drizzle-orm';
import type { ConsentSource, MessageChannel, MessagePurpose } from '@shop/domain/account-data';
import type { Executor } from '../../db/client.ts';
import { consentRecords } from '../../db/schema.ts';

export type ConsentRow = typeof consentRecords.$inferSelect;

/**
 * Her consent records (this feature's own table). What other features hold of hers, her download
 * reads and her erasure changes through their own services (see `account-data.service.ts`).
 */
export function createAccountDataRepository() {
  return {
    async consentsOf(tx: Executor, userId: string): Promise<ConsentRow[]> {
      return tx
        .select()
        .from(consentRecords)
        .where(eq(consentRecords.userId, userId))
        .orderBy(asc(consentRecords.at), asc(consentRecords.id));
    },

    async recordConsents(
      tx: Executor,
      userId: string,
      records: {
        purpose: MessagePurpose;
        channel: MessageChannel;
        granted: boolean;
        source: ConsentSource;
        wording: string;
      }[],
    ) {
      if (records.length === 0) return;
      await tx.insert(consentRecords).values(records.map((record) => ({ userId, ...record })));
    },
  };
}

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
