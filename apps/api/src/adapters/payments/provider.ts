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
  /** Refunds a captured payment in full. */
  refund(
    providerPaymentId: string,
    input: { amountPaise: number; receipt: string },
  ): Promise<{ id: string; status: string }>;
}

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}
