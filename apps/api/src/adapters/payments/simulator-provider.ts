import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './provider.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id shaped like Razorpay's: a prefix and 14 base-62 characters ('order_Nf3k…'). */
export function simulatedId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}

/**
 * The local stand-in for Razorpay's server side: provider orders and refunds with Razorpay-shaped
 * ids, nothing sent anywhere. Payments themselves are made by the simulator route and signed
 * with the configured key secret exactly as Razorpay signs them.
 */
export function createSimulatorProvider(keyId: string): PaymentProvider {
  return {
    name: 'simulator',
    keyId,
    async createOrder({ amountPaise }) {
      return { id: simulatedId('order'), amount: amountPaise, currency: 'INR' };
    },
    async refund() {
      return { id: simulatedId('rfnd'), status: 'processed' };
    },
  };
}
