import { useCallback, useState, type ComponentType } from 'react';
import type { CheckoutResult, PaymentStart } from '@shop/contracts/payments';
import { useAuth } from '../../lib/auth-session';
import type { PaymentCallbacks, Prefill } from './payment-window';

type SimulatedPaymentDialogProps = { start: PaymentStart; callbacks: PaymentCallbacks };

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
 * The payment calls (the payments contract, and zod with it), Razorpay's window and the
 * simulator's dialog load when the shopper pays, not with the page: the order pages and My Orders
 * show Pay now only on an unpaid order, and they and checkout stay within the first-load budget
 * without them.
 */
export function usePayment() {
  const { authed } = useAuth();
  const [simulation, setSimulation] = useState<{
    start: PaymentStart;
    callbacks: PaymentCallbacks;
    Dialog: ComponentType<SimulatedPaymentDialogProps>;
  } | null>(null);

  const pay = useCallback(
    async (orderId: string, prefill: Prefill): Promise<PaymentOutcome> => {
      const [
        { initiatePayment, paymentFailure, paymentSuccess, verifyPayment },
        { openRazorpay, paymentFailedMessage },
      ] = await Promise.all([import('./payments-api'), import('./payment-window')]);
      const { data: start } = await authed((api) =>
        initiatePayment(api, { orderId, method: 'razorpay' }),
      );
      if (!start.razorpayOrderId || !start.key)
        throw new Error('Payment initialization incomplete');

      const confirm = async (result: CheckoutResult) => {
        await authed((api) => verifyPayment(api, result)).catch((error) => console.warn(error));
        await authed((api) => paymentSuccess(api, result)).catch((error) => console.warn(error));
      };
      const report = (failureReason: string, paymentId?: string) =>
        void authed((api) =>
          paymentFailure(api, {
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
        if (start.provider === 'simulator') {
          import('./simulated-payment-dialog')
            .then(({ SimulatedPaymentDialog }) =>
              setSimulation({ start, callbacks, Dialog: SimulatedPaymentDialog }),
            )
            .catch(reject);
        } else openRazorpay(start, prefill, callbacks).catch(reject);
      });
    },
    [authed],
  );

  const paymentWindow = simulation ? (
    <simulation.Dialog start={simulation.start} callbacks={simulation.callbacks} />
  ) : null;
  return { pay, paying: simulation !== null, paymentWindow };
}
