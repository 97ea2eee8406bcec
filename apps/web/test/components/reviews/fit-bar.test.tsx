import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewSummaryAnswer } from '@shop/contracts/reviews';
import { FitBar } from '../../../app/components/reviews/review-summary';

afterEach(cleanup);

const fit = (count: number): ReviewSummaryAnswer['fit'] => ({
  count,
  trueToSize: 72,
  runsSmall: 20,
  runsLarge: 8,
  band: { tight: 60, right: 40, loose: 0 },
  cup: { small: 0, right: 100, big: 0 },
});

describe('the fit bar', () => {
  it('stays hidden below three fit answers', () => {
    const { container } = render(<FitBar fit={fit(2)} />);
    expect(container.innerHTML).toBe('');
  });

  it('says how it fits from three answers on', () => {
    render(<FitBar fit={fit(3)} />);
    expect(screen.getByRole('heading', { name: /How it fits/ }).textContent).toContain('3 answers');
    expect(screen.getByTestId('fit-bar-words').textContent).toBe(
      '72 % say true to size · band runs small',
    );
    expect(screen.getByText('Runs small 20 %')).toBeTruthy();
    expect(screen.getByText('Runs large 8 %')).toBeTruthy();
  });
});
