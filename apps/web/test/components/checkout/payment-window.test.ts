import { describe, expect, it } from 'vitest';
import { paymentFailedMessage } from '../../../app/components/checkout/payment-window';

describe('the failed payment alert', () => {
  it("names the provider's reason after the prefix", () => {
    expect(paymentFailedMessage('Your card was declined by the bank')).toBe(
      'Payment failed: Your card was declined by the bank',
    );
  });

  it('says the reason once when the reason is the prefix itself', () => {
    expect(paymentFailedMessage('Payment failed')).toBe('Payment failed');
    expect(paymentFailedMessage(' payment failed. ')).toBe('payment failed.');
    expect(paymentFailedMessage('Payment failed: card expired')).toBe(
      'Payment failed: card expired',
    );
  });

  it('has something to say without a reason', () => {
    expect(paymentFailedMessage(undefined)).toBe('Payment failed');
    expect(paymentFailedMessage('  ')).toBe('Payment failed');
  });
});
