import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { MessageOutbox, SecretValues } from '../messages/message-outbox.ts';
import { derivedCodCode } from './cod-codes.ts';
import type { OrderUpdateDeps } from './order-updates.ts';

/**
 * Order updates through the phone-message outbox. A cash-on-delivery order's message is queued
 * with the code's salt, never the code: the code is derived again when it is sent (as its mail
 * is), so the outbox never holds it.
 */
export function orderUpdateDeps(
  messaging: {
    db: Database;
    messages: MessageOutbox;
    messageSecrets: Partial<Record<string, SecretValues>>;
  },
  codCodeKey: Buffer,
  /** Her recorded choices of messages, oldest first (the account's message preferences). */
  consents?: {
    recordsIn: (
      tx: Executor,
      userId: string,
    ) => Promise<{ purpose: string; channel: string; granted: boolean }[]>;
  },
): OrderUpdateDeps {
  messaging.messageSecrets.order_placed_cod = async ({ variables }) => {
    const { orderNumber, codeSalt } = variables;
    if (!orderNumber || !codeSalt) return undefined;
    return { codCode: derivedCodCode(codCodeKey, orderNumber, codeSalt) };
  };
  return {
    enqueueMessage: (tx, message) => messaging.messages.enqueueMessage(tx, message),
    messagesOf: (filter) => messaging.messages.messagesOf(messaging.db, filter),
    async verifiedPhoneOf(tx, userId) {
      const [row] = await tx
        .select({ phone: users.phone, verified: users.phoneVerified })
        .from(users)
        .where(eq(users.id, userId));
      return row?.verified && row.phone ? row.phone : undefined;
    },
    // Her newest recorded choice per channel; one she never made is on (where the message may
    // go, a verified number or the delivery phone, is the domain's rule).
    async choicesOf(tx, userId) {
      if (!consents) return undefined;
      const records = (await consents.recordsIn(tx, userId)).filter(
        (record) => record.purpose === 'orderUpdates',
      );
      const newest = (channel: string) =>
        records.filter((record) => record.channel === channel).at(-1)?.granted ?? true;
      return { whatsapp: newest('whatsapp'), sms: newest('sms') };
    },
  };
}
