import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { braChartRowsFor, type SizeChartData } from '@shop/domain/size-charts';
import { findBraSize, type BraFinderInput } from '@shop/domain/size-finder';
import { SizeFinder, type FinderAnswer } from '../../../app/components/fit/size-finder';

afterEach(cleanup);

const chart: SizeChartData = {
  id: 'modern-uk',
  name: 'Bras (UK cups)',
  kind: 'bra',
  image: null,
  rows: braChartRowsFor('modern', [30, 32, 34, 36], ['A', 'B', 'C', 'D', 'DD']),
};

/** The product page's solver: the domain's answer on the product's chart, with the colour's stock. */
function productSolver(stock: Record<string, number>) {
  return (question: BraFinderInput): FinderAnswer => {
    const answer = findBraSize(chart, question);
    return {
      ...answer,
      stock: Object.fromEntries(
        [answer.size, ...answer.sisterSizes].map((size) => [size, stock[size] ?? 0]),
      ),
    };
  };
}

/** userEvent that counts the shopper's taps (clicks; typing into a field starts with one). */
function tapCounter() {
  const user = userEvent.setup();
  let taps = 0;
  return {
    taps: () => taps,
    tap: async (element: Element) => {
      taps += 1;
      await user.click(element);
    },
    type: async (element: Element, text: string) => {
      taps += 1;
      await user.click(element);
      await user.keyboard(text);
    },
  };
}

function renderFinder(stock: Record<string, number>) {
  const onTake = vi.fn();
  render(
    <SizeFinder
      solve={productSolver(stock)}
      onTake={onTake}
      takeLabel={(size) => `Choose ${size}`}
      needsStock
    />,
  );
  return onTake;
}

describe('the size finder', () => {
  it('with a tape: inches first, her size and sisters with stock, taken in four taps', async () => {
    const onTake = renderFinder({ '32C': 4, '30D': 0, '34B': 2 });
    const shopper = tapCounter();
    await shopper.tap(screen.getByRole('button', { name: 'I have a tape' }));
    expect(screen.getByRole('button', { name: 'Inches' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await shopper.type(screen.getByLabelText('Under-bust (inches)'), '32');
    await shopper.type(screen.getByLabelText('Bust (inches)'), '35');

    const answer = await screen.findByTestId('finder-answer');
    expect(within(answer).getByTestId('finder-size').textContent).toBe('32C');
    expect(within(answer).getByTestId('finder-confidence').textContent).toBe(
      'A clear fit in this chart',
    );
    expect(within(answer).getByTestId('finder-reason').textContent).toBe(
      'Your under-bust 32 in is band 32; bust 35 in is cup C in this chart',
    );
    expect(within(answer).getByTestId('finder-sisters').textContent).toBe(
      '30D · Out of stock34B · 2 in stock',
    );
    // A sister with no stock in this colour cannot be chosen.
    expect(within(answer).queryByRole('button', { name: 'Choose 30D' })).toBeNull();
    await shopper.tap(within(answer).getByRole('button', { name: 'Choose 32C' }));
    expect(onTake).toHaveBeenCalledWith('32C', expect.objectContaining({ size: '32C' }));
    expect(shopper.taps()).toBe(4);
  });

  it('with a tape in cm, after the unit switch, and says what is wrong with the numbers', async () => {
    renderFinder({ '32C': 1 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'I have a tape' }));
    await user.click(screen.getByRole('button', { name: 'cm' }));
    await user.type(screen.getByLabelText('Under-bust (cm)'), '89');
    await user.type(screen.getByLabelText('Bust (cm)'), '81');
    expect(screen.getByTestId('finder-problem').textContent).toBe(
      'The bust measures more than the under-bust: check the two numbers',
    );
    expect(screen.queryByTestId('finder-answer')).toBeNull();

    await user.clear(screen.getByLabelText('Under-bust (cm)'));
    await user.type(screen.getByLabelText('Under-bust (cm)'), '81');
    await user.clear(screen.getByLabelText('Bust (cm)'));
    await user.type(screen.getByLabelText('Bust (cm)'), '89');
    expect((await screen.findByTestId('finder-size')).textContent).toBe('32C');
  });

  it('without a tape: the worn size and how it fits, her size out of stock offers its sisters', async () => {
    const onTake = renderFinder({ '32C': 0, '30D': 3, '34B': 0 });
    const shopper = tapCounter();
    await shopper.tap(screen.getByRole('button', { name: 'No tape: start from my bra' }));
    await shopper.type(screen.getByLabelText('The size you wear now'), '34b');
    await shopper.tap(
      within(screen.getByRole('group', { name: 'The band' })).getByRole('button', {
        name: 'Rides up',
      }),
    );
    expect(screen.queryByTestId('finder-answer')).toBeNull();
    await shopper.tap(
      within(screen.getByRole('group', { name: 'The cups' })).getByRole('button', {
        name: 'Fit fine',
      }),
    );

    const answer = await screen.findByTestId('finder-answer');
    expect(within(answer).getByTestId('finder-size').textContent).toBe('32C');
    expect(within(answer).getByTestId('finder-reason').textContent).toBe(
      'You wear 34B; the band rides up, so one band down and one cup up: 32C in this chart',
    );
    expect(within(answer).queryByRole('button', { name: 'Choose 32C' })).toBeNull();
    await shopper.tap(within(answer).getByRole('button', { name: 'Choose 30D' }));
    expect(onTake).toHaveBeenCalledWith('30D', expect.objectContaining({ size: '32C' }));
    expect(shopper.taps()).toBe(5);
  });

  it('refuses a worn size that is no bra size with the schema’s words', async () => {
    renderFinder({});
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'No tape: start from my bra' }));
    await user.type(screen.getByLabelText('The size you wear now'), 'large');
    await user.click(screen.getByRole('button', { name: 'Digs in' }));
    await user.click(screen.getByRole('button', { name: 'Gape' }));
    expect(screen.getByTestId('finder-problem').textContent).toBe(
      'Write the size you wear now as band then cup, like 34B',
    );
  });
});
