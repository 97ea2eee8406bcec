import Razorpay from 'razorpay';
import { PaymentProviderError, type PaymentProvider } from './provider.ts';

/** Razorpay's Orders and Refunds APIs through the official SDK (HTTP Basic with the key pair). */
export function createRazorpayProvider(keyId: string, keySecret: string): PaymentProvider {
  const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
  const describe = (error: unknown) =>
    (error as { error?: { description?: string } })?.error?.description ??
    (error instanceof Error ? error.message : 'Razorpay request failed');
  return {
    name: 'razorpay',
    keyId,
    async createOrder({ amountPaise, receipt, notes }) {
      try {
        const order = await client.orders.create({
          amount: amountPaise,
          currency: 'INR',
          receipt,
          notes,
        });
        return { id: order.id, amount: Number(order.amount), currency: 'INR' };
      } catch (error) {
        throw new PaymentProviderError(describe(error));
      }
    },
    async refund(providerPaymentId, { amountPaise, receipt }) {
      try {
        const refund = await client.payments.refund(providerPaymentId, {
          amount: amountPaise,
          speed: 'normal',
          receipt,
        });
        return { id: refund.id, status: refund.status };
      } catch (error) {
        throw new PaymentProviderError(describe(error));
      }
    },
  };
}
