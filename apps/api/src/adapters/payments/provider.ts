/** A refund as the provider keeps it. `receipt` and `notes` carry our own refund id. */
export interface ProviderRefund {
  id: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
  receipt: string | null;
  notes: Record<string, string>;
}

/** A payment as the provider keeps it, for one of its orders. */
export interface ProviderPayment {
  id: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  amountPaise: number;
  currency: string;
  method: string | null;
  errorDescription: string | null;
}

/** What the shop needs of a payment provider. Razorpay and the local simulator both provide it. */
export interface PaymentProvider {
  readonly name: 'razorpay' | 'simulator';
  /** The public key id the browser's checkout needs. */
  readonly keyId: string;
  /** Creates a provider order for an amount in paise; `receipt` is the shop's order number. */
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<{ id: string; amount: number; currency: 'INR' }>;
  /**
   * Refunds a captured payment (in part or in full). `receipt` is our refund's id, so that
   * `refundsOfPayment` finds this refund again after a crash.
   */
  refund(
    providerPaymentId: string,
    input: { amountPaise: number; receipt: string; notes: Record<string, string> },
  ): Promise<ProviderRefund>;
  /** Every payment made for one of the provider's orders (for reconciliation). */
  paymentsOfOrder(providerOrderId: string): Promise<ProviderPayment[]>;
  /** Every refund the provider has made of a payment. */
  refundsOfPayment(providerPaymentId: string): Promise<ProviderRefund[]>;
  /** Stops any work of its own (the simulator's pending webhooks). */
  stop?(): void;
}

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}
