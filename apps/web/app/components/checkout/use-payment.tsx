import { useCallback, useState } from 'react';
import { useAuth } from '../../lib/auth-session';
import { orderApi, type CheckoutResult, type PaymentStart } from '../orders/order-api';
import {
  openRazorpay,
  paymentFailedMessage,
  type PaymentCallbacks,
  type Prefill,
} from './payment-window';
import { SimulatedPaymentDialog } from './simulated-payment-dialog';

/** What the shopper did in the payment window. */
export type PaymentOutcome =
  { outcome: 'paid' } | { outcome: 'failed'; message: string } | { outcome: 'closed' };

/**
 * Pays one placed order, the same way wherever it is paid from (checkout, My Orders, the order's
 * page): the server opens (or reuses) the order's provider order, then Razorpay's window or the
 * simulator's opens on it.
 * - paid: verified and confirmed with the server before `pay` settles (failures of those two are
 *   logged and ignored: the provider's webhook and reconciliation settle the order anyway);
 * - failed: recorded with the provider's reason and payment id, and alerted;
 * - closed: recorded as cancelled by the shopper.
 * `paymentWindow` is the simulator's dialog while it is open: render it.
 */
export function usePayment() {
  const { authed } = useAuth();
  const [simulation, setSimulation] = useState<{
    start: PaymentStart;
    callbacks: PaymentCallbacks;
  } | null>(null);

  const pay = useCallback(
    async (orderId: string, prefill: Prefill): Promise<PaymentOutcome> => {
      const { data: start } = await authed((api) =>
        orderApi(api).initiatePayment(orderId, 'razorpay'),
      );
      if (!start.razorpayOrderId || !start.key)
        throw new Error('Payment initialization incomplete');

      const confirm = async (result: CheckoutResult) => {
        await authed((api) => orderApi(api).verifyPayment(result)).catch((error) =>
          console.warn(error),
        );
        await authed((api) => orderApi(api).paymentSuccess(result)).catch((error) =>
          console.warn(error),
        );
      };
      const report = (failureReason: string, paymentId?: string) =>
        void authed((api) =>
          orderApi(api).paymentFailure({
            razorpayOrderId: start.razorpayOrderId,
            ...(paymentId ? { razorpayPaymentId: paymentId } : {}),
            failureReason,
          }),
        ).catch(() => undefined);

      return new Promise<PaymentOutcome>((resolve, reject) => {
        const callbacks: PaymentCallbacks = {
          onSuccess: (result) => {
            setSimulation(null);
            void confirm(result).then(() => resolve({ outcome: 'paid' }));
          },
          onFailure: ({ description, paymentId }) => {
            setSimulation(null);
            report(description, paymentId);
            const message = paymentFailedMessage(description);
            window.alert(message);
            resolve({ outcome: 'failed', message });
          },
          onDismiss: () => {
            setSimulation(null);
            report('Payment cancelled by user');
            resolve({ outcome: 'closed' });
          },
        };
        if (start.provider === 'simulator') setSimulation({ start, callbacks });
        else openRazorpay(start, prefill, callbacks).catch(reject);
      });
    },
    [authed],
  );

  const paymentWindow = simulation ? (
    <SimulatedPaymentDialog start={simulation.start} callbacks={simulation.callbacks} />
  ) : null;
  return { pay, paying: simulation !== null, paymentWindow };
}
