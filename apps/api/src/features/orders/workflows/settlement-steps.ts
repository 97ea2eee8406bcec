import type { PaymentStatus } from '@shop/domain/orders';
import type { Executor } from '../../../db/client.ts';
import type { MailOutbox } from '../../mail/mail-outbox.ts';
import { orderAsJson, type OrdersRepository, type OrderWithItems } from '../orders.repository.ts';

/**
 * What a payment's settlement (owned by the payments feature) does to its order, each step in
 * the settlement's transaction: the decision is the settlement's, these only write it.
 */
export function orderSettlementSteps(
  repository: OrdersRepository,
  outbox: Pick<MailOutbox, 'enqueueTemplate'>,
) {
  return {
    /** Step "the lines leave the cart": what the paid order bought, from any tab or device. */
    async linesLeaveCart(tx: Executor, order: { id: string; userId: string }) {
      await repository.linesLeaveCart(tx, order.id, order.userId);
    },

    /**
     * The order's payment held for the shop's review, its money owed back, or its payment failed
     * (the shopper may pay again).
     */
    async setPaymentStatus(
      tx: Executor,
      orderId: string,
      paymentStatus: Extract<PaymentStatus, 'payment_review' | 'refund_pending' | 'failed'>,
    ) {
      await repository.updateOrder(tx, orderId, { paymentStatus });
    },

    /**
     * Step "queue the mail": the order's confirmation, written from the order when the mail is
     * delivered (the template row keeps the order as it was paid).
     */
    async queueConfirmation(tx: Executor, order: OrderWithItems) {
      const recipient = await repository.recipientOf(tx, order.userId);
      if (recipient) {
        await outbox.enqueueTemplate(tx, 'order_confirmation', {
          recipient,
          ...orderAsJson(order),
        });
      }
    },
  };
}

/** The orders service's face for a payment's settlement. */
export type OrderSettlement = ReturnType<typeof orderSettlementSteps>;
