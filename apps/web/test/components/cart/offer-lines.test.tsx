import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfferNote, OfferRows, OfferSuggestions } from '../../../app/components/cart/offer-lines';

afterEach(cleanup);

describe('the cart’s offer lines', () => {
  it('shows each applied offer with its pieces and the server’s discount, to the paisa', () => {
    render(
      <dl>
        <OfferRows
          offers={[
            { id: 'o1', label: '3 for ₹999', units: 3, discountAmount: 348 },
            { id: 'o2', label: 'Buy 2 get 1 free', units: 1, discountAmount: 299.5 },
          ]}
        />
      </dl>,
    );
    const [bundle, free] = screen.getAllByTestId('offer-line');
    expect(bundle?.textContent).toBe('3 for ₹999 · 3 pieces−₹348');
    expect(free?.textContent).toBe('Buy 2 get 1 free · 1 piece−₹299.50');
  });

  it('writes the server’s suggestion as sent, and nothing when there is none', () => {
    const message = 'Add 1 more eligible panty to get 3 for ₹999';
    const { rerender } = render(
      <OfferSuggestions
        suggestions={[{ id: 'o1', label: '3 for ₹999', missingUnits: 1, message }]}
      />,
    );
    expect(screen.getByRole('list', { name: 'Offers within reach' }).textContent).toBe(message);
    rerender(<OfferSuggestions suggestions={[]} />);
    expect(screen.queryByTestId('offer-suggestion')).toBeNull();
  });

  it('notes how a line was grouped, only when it was', () => {
    const { rerender } = render(
      <OfferNote item={{ offerNote: '2 of 3 in 3 for ₹999 (−₹232.00)' }} />,
    );
    expect(screen.getByTestId('line-offer').textContent).toBe('2 of 3 in 3 for ₹999 (−₹232.00)');
    rerender(<OfferNote item={{ offerNote: null }} />);
    expect(screen.queryByTestId('line-offer')).toBeNull();
  });
});
