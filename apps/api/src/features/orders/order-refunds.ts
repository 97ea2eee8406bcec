import type { OrderRefund } from '@shop/contracts/orders';
import { paiseToRupees } from '@shop/domain/money';
import type { RefundState } from '@shop/domain/payments';
import { shopperRefundLabel } from '@shop/domain/refunds';
import type { RefundWithLines } from '../payments/refunds.service.ts';
import type { OrderWithItems } from './orders.repository.ts';

/** An order's refunds as its shopper reads them (never the shop's note or the provider's error). */
export function shopperRefunds(
  refunds: readonly RefundWithLines[],
  order: Pick<OrderWithItems, 'id' | 'items'>,
): OrderRefund[] {
  return refunds
    .filter((refund) => refund.orderId === order.id)
    .map((refund) => {
      const state = refund.state as RefundState;
      return {
        _id: refund.id,
        amount: paiseToRupees(refund.amountPaise),
        refunded: state === 'processed',
        label: shopperRefundLabel(state),
        createdAt: refund.createdAt.toISOString(),
        lines: refund.lines.map((line) => ({
          itemId: line.itemId,
          productName:
            order.items.find((item) => item.id === line.itemId)?.productName ?? 'An item',
          quantity: line.quantity,
        })),
      };
    });
}
