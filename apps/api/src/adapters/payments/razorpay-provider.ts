import Razorpay from 'razorpay';
import { createOutboundPolicy, type OutboundPolicy } from '../outbound.ts';
import { PaymentProviderError, type PaymentProvider, type ProviderRefund } from './provider.ts';

interface RazorpayRefundEntity {
  id: string;
  amount: number | string;
  status: string;
  receipt?: string | null;
  notes?: Record<string, string | number> | unknown[];
}

interface RazorpayPaymentEntity {
  id: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  amount: number | string;
  currency: string;
  method?: string | null;
  error_description?: string | null;
}

function toRefund(entity: RazorpayRefundEntity): ProviderRefund {
  const notes: Record<string, string> = {};
  if (entity.notes && !Array.isArray(entity.notes)) {
    for (const [key, value] of Object.entries(entity.notes)) notes[key] = String(value);
  }
  return {
    id: entity.id,
    amountPaise: Number(entity.amount),
    status:
      entity.status === 'processed'
        ? 'processed'
        : entity.status === 'failed'
          ? 'failed'
          : 'pending',
    receipt: entity.receipt ?? null,
    notes,
  };
}

/** Razorpay's Orders and Refunds APIs through the official SDK (HTTP Basic with the key pair). */
export function createRazorpayProvider(
  keyId: string,
  keySecret: string,
  policy: OutboundPolicy = createOutboundPolicy('payments'),
): PaymentProvider {
  const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
  // The SDK's axios client waits forever by default and takes no signal per call: its own timeout
  // lets the socket go when the policy gives up on the call.
  (
    client as unknown as { api: { rq: { defaults: { timeout: number } } } }
  ).api.rq.defaults.timeout = policy.timeoutMs;
  const describe = (error: unknown) =>
    (error as { error?: { description?: string } })?.error?.description ??
    (error instanceof Error ? error.message : 'Razorpay request failed');
  // Razorpay's refusals (a 4xx: a bad id, a refund too large) are answers, not an outage.
  const answered = (error: unknown) => {
    const status = (error as { statusCode?: unknown })?.statusCode;
    return typeof status === 'number' && status < 500 && status !== 429;
  };
  const call = async <T>(request: () => Promise<T>) => {
    try {
      return await policy.run(() => request(), { answered });
    } catch (error) {
      throw new PaymentProviderError(describe(error));
    }
  };
  return {
    name: 'razorpay',
    keyId,
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await call(() =>
        client.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes }),
      );
      return { id: order.id, amount: Number(order.amount), currency: 'INR' };
    },
    async refund(providerPaymentId, { amountPaise, receipt, notes }) {
      const refund = await call(() =>
        client.payments.refund(providerPaymentId, {
          amount: amountPaise,
          speed: 'normal',
          receipt,
          notes,
        }),
      );
      return toRefund(refund as unknown as RazorpayRefundEntity);
    },
    async paymentsOfOrder(providerOrderId) {
      const list = await call(() => client.orders.fetchPayments(providerOrderId));
      const items = (list as unknown as { items?: RazorpayPaymentEntity[] }).items ?? [];
      return items.map((payment) => ({
        id: payment.id,
        status: payment.status,
        amountPaise: Number(payment.amount),
        currency: payment.currency,
        method: payment.method ?? null,
        errorDescription: payment.error_description ?? null,
      }));
    },
    async refundsOfPayment(providerPaymentId) {
      const list = await call(() =>
        client.payments.fetchMultipleRefund(providerPaymentId, { count: 100 }),
      );
      return ((list as unknown as { items?: RazorpayRefundEntity[] }).items ?? []).map(toRefund);
    },
  };
}
