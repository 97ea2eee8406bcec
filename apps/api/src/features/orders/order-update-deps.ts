import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { MessageChoices } from '../account-data/message-choices.service.ts';
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
  /** Her choices of messages now: the account-data feature's service, read in the step's tx. */
  choices: Pick<MessageChoices, 'preferencesIn'>,
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
    // Her current preferences, defaults included: the one domain rule her account page shows
    // (where each channel goes, a verified number or the delivery phone, is orderUpdateRecipients).
    async choicesOf(tx, userId) {
      return (await choices.preferencesIn(tx, userId)).orderUpdates;
    },
  };
}
