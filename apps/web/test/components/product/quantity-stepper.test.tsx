import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuantityStepper } from '../../../app/components/product/quantity-stepper';

/** The stepper as the product page holds it: its own quantity, the chosen size's stock as max. */
function Holder({ stock }: { stock: number }) {
  const [quantity, setQuantity] = useState(1);
  return <QuantityStepper value={quantity} max={stock} onChange={setQuantity} />;
}

const increase = () =>
  screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;
const quantity = () => screen.getByTestId('quantity').textContent;

describe('the quantity stepper', () => {
  afterEach(cleanup);

  it('stops at 10 of one size when more are in stock, and says why', () => {
    render(<Holder stock={40} />);
    for (let clicks = 0; clicks < 12 && !increase().disabled; clicks += 1)
      fireEvent.click(increase());
    expect(quantity()).toBe('10');
    expect(increase().disabled).toBe(true);
    expect(increase().title).toBe('You can add at most 10 of one size');
  });

  it('stops at the stock when it is below 10, without the 10-piece message', () => {
    render(<Holder stock={3} />);
    for (let clicks = 0; clicks < 5; clicks += 1) fireEvent.click(increase());
    expect(quantity()).toBe('3');
    expect(increase().disabled).toBe(true);
    expect(increase().title).toBe('');
  });
});
