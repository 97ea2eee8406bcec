import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicReview } from '@shop/contracts/reviews';
import { ReviewItem } from '../../../app/components/reviews/review-item';

afterEach(cleanup);

const review: PublicReview = {
  _id: 'r1',
  author: 'Verified buyer',
  rating: 4,
  title: 'Lovely and true to size',
  text: 'Soft lace and the band sits flat.',
  recommend: true,
  sizeBought: '32b',
  usualSize: '32C',
  fit: { overall: 2, band: 'tight', cup: null },
  photos: [],
  createdAt: '2026-11-20T06:30:00.000Z',
  helpfulCount: 3,
  reply: { text: 'Thank you for the fit notes!', repliedAt: '2026-11-21T06:30:00.000Z' },
};

describe('a review on the product page', () => {
  it('shows who, the size and fit, and the shop’s reply', () => {
    render(<ReviewItem review={review} onHelpful={vi.fn()} />);
    const text = screen.getByTestId('review').textContent;
    expect(text).toContain('Verified buyer · 20 Nov 2026');
    expect(text).not.toContain('Verified buyer · Verified buyer');
    expect(text).toContain('Size bought 32B · usually wears 32C · Runs small · band tight');
    expect(screen.getByTestId('shop-reply').textContent).toContain('Thank you for the fit notes!');
  });

  it('counts her helpful vote once', async () => {
    const onHelpful = vi.fn(async () => 4);
    render(<ReviewItem review={review} onHelpful={onHelpful} />);
    await userEvent.click(screen.getByRole('button', { name: 'Helpful (3)' }));
    const voted = await screen.findByRole('button', { name: 'Helpful (4)' });
    expect(voted.getAttribute('aria-pressed')).toBe('true');
    expect((voted as HTMLButtonElement).disabled).toBe(true);
    expect(onHelpful).toHaveBeenCalledWith('r1');
  });

  it('says why a vote was not counted', async () => {
    render(
      <ReviewItem
        review={review}
        onHelpful={() => Promise.reject(new Error('Sign in to mark a review helpful'))}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Helpful (3)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sign in to mark a review helpful');
    expect(screen.getByRole('button', { name: 'Helpful (3)' })).toBeTruthy();
  });
});
