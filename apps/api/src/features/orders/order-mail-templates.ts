import type { MailTemplates } from '../mail/mail-outbox.ts';
import { derivedCodCode } from './cod-codes.ts';
import { codCodeMail, orderConfirmationMail } from './order-mails.ts';
import { toOrder } from './order-presenter.ts';
import { orderFromJson } from './orders.repository.ts';

/**
 * The order mails queued as data in the transaction that owes them (settlement queues the
 * confirmation with the payment, a cash-on-delivery placement the salt of the code that confirms
 * it), written when the outbox delivers them: the code is derived then, never stored.
 */
export function orderMailTemplates(publicUrl: string, codCodeKey: Buffer): MailTemplates {
  return {
    order_confirmation(data) {
      const { recipient, order, items } = data as {
        recipient: { email: string; firstName: string };
        order: unknown;
        items: unknown[];
      };
      return orderConfirmationMail(
        recipient.email,
        recipient.firstName,
        toOrder(orderFromJson(order, items)),
        publicUrl,
      );
    },
    cod_code(data) {
      const { recipient, order, items, code_salt, code } = data as {
        recipient: { email: string; firstName: string };
        order: unknown;
        items: unknown[];
        code_salt?: string;
        /** Only in a mail queued by a release from before codes were derived. */
        code?: string;
      };
      const placed = toOrder(orderFromJson(order, items));
      return codCodeMail(
        recipient.email,
        recipient.firstName,
        placed,
        code_salt === undefined ? code! : derivedCodCode(codCodeKey, placed.orderNumber, code_salt),
        publicUrl,
      );
    },
  };
}
