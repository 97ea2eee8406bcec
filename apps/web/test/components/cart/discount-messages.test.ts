import { describe, expect, it } from 'vitest';
import { discountErrorMessage } from '../../../app/components/cart/discount-messages';

describe('cart page discount messages', () => {
  it('maps the server reasons to the wording shoppers see', () => {
    expect(discountErrorMessage('You have already used this discount code')).toBe(
      'You have already used this discount code',
    );
    expect(discountErrorMessage('This discount code has expired')).toBe(
      'This discount code has expired',
    );
    expect(discountErrorMessage('Discount not found')).toBe('Invalid discount code');
    expect(discountErrorMessage('Invalid discount code')).toBe('Invalid discount code');
    expect(discountErrorMessage('This discount code needs a minimum order of ₹1,499')).toBe(
      'This discount code needs a minimum order of ₹1,499',
    );
    expect(discountErrorMessage(undefined)).toBe('Failed to apply discount');
  });
});
