import { eq } from 'drizzle-orm';
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
  messaging: { messages: MessageOutbox; messageSecrets: Partial<Record<string, SecretValues>> },
  codCodeKey: Buffer,
): OrderUpdateDeps {
  messaging.messageSecrets.order_placed_cod = async ({ variables }) => {
    const { orderNumber, codeSalt } = variables;
    if (!orderNumber || !codeSalt) return undefined;
    return { codCode: derivedCodCode(codCodeKey, orderNumber, codeSalt) };
  };
  return {
    enqueueMessage: (tx, message) => messaging.messages.enqueueMessage(tx, message),
    messagesOf: (filter) => messaging.messages.messagesOf(filter),
    async verifiedPhoneOf(tx, userId) {
      const [row] = await tx
        .select({ phone: users.phone, verified: users.phoneVerified })
        .from(users)
        .where(eq(users.id, userId));
      return row?.verified && row.phone ? row.phone : undefined;
    },
    // choicesOf: her choices per channel come with the account's message preferences; until
    // they exist every channel she can receive is on.
  };
}
