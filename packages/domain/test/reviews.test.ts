import { describe, expect, it } from 'vitest';
import {
  canAuthorEdit,
  fitVerdict,
  isEditableReason,
  reviewEligibility,
  reviewerDisplayName,
  reviewFlagsFor,
  reviewMessages,
  reviewRequestDue,
  reviewSizeFilter,
  reviewSummary,
  stateAfterDecision,
  wholePercents,
  type ReviewableLine,
} from '../src/reviews.ts';
import { braChartRowsFor, type SizeChartData } from '../src/size-charts.ts';

const delivered: ReviewableLine = {
  userId: 'priya',
  orderStatus: 'delivered',
  deliveredAt: '2026-11-01T10:00:00Z',
  paidAt: '2026-10-28T10:00:00Z',
  codConfirmedAt: null,
};

describe('review eligibility', () => {
  it('lets the buyer of a delivered prepaid line review it once', () => {
    expect(reviewEligibility(delivered, 'priya', false)).toEqual({ ok: true });
  });

  it('lets the buyer of a delivered cash-on-delivery line review it', () => {
    const cod = { ...delivered, paidAt: null, codConfirmedAt: '2026-10-28T10:05:00Z' };
    expect(reviewEligibility(cod, 'priya', false)).toEqual({ ok: true });
  });

  it('keeps a buyer whose line came back after delivery (her fit counts most)', () => {
    expect(reviewEligibility({ ...delivered, orderStatus: 'returned' }, 'priya', false).ok).toBe(
      true,
    );
    expect(
      reviewEligibility({ ...delivered, orderStatus: 'return_requested' }, 'priya', false).ok,
    ).toBe(true);
  });

  it.each([
    ['shipped, not yet delivered', { orderStatus: 'shipped', deliveredAt: null }],
    ['pending', { orderStatus: 'pending', deliveredAt: null }],
    ['cancelled', { orderStatus: 'cancelled', deliveredAt: null }],
    ['delivered without a delivery time', { deliveredAt: null }],
    ['never paid', { paidAt: null, codConfirmedAt: null }],
  ] as const)('refuses a line that is %s', (_label, change) => {
    expect(reviewEligibility({ ...delivered, ...change }, 'priya', false)).toEqual({
      ok: false,
      reason: 'not_delivered_buyer',
      message: 'Only buyers whose order was delivered can review this product',
    });
  });

  it("refuses somebody else's line and a missing one with the same words", () => {
    expect(reviewEligibility(delivered, 'meera', false)).toMatchObject({
      ok: false,
      reason: 'not_delivered_buyer',
    });
    expect(reviewEligibility(undefined, 'priya', false)).toMatchObject({
      ok: false,
      message: reviewMessages.notDeliveredBuyer,
    });
  });

  it('refuses a second review of one line as a conflict', () => {
    expect(reviewEligibility(delivered, 'priya', true)).toEqual({
      ok: false,
      reason: 'already_reviewed',
      message: reviewMessages.alreadyReviewed,
    });
  });
});

describe('reviewer display name', () => {
  it('shows the first name and the initial of the last', () => {
    expect(reviewerDisplayName('Priya', 'Sharma', false)).toBe('Priya S.');
    expect(reviewerDisplayName(' Priya Anand ', 'van sharma', false)).toBe('Priya S.');
    expect(reviewerDisplayName('Ananya', 'ऋषि', false)).toBe('Ananya ऋ.');
  });

  it('shows a verified buyer when she chose it or gave no name', () => {
    expect(reviewerDisplayName('Priya', 'Sharma', true)).toBe('Verified buyer');
    expect(reviewerDisplayName('  ', 'Sharma', false)).toBe('Verified buyer');
  });

  it('shows the first name alone without a last name', () => {
    expect(reviewerDisplayName('Priya', '', false)).toBe('Priya');
  });
});

describe('fit verdicts', () => {
  it('counts 1-2 as runs small, 3 as true to size, 4-5 as runs large', () => {
    expect([1, 2, 3, 4, 5].map(fitVerdict)).toEqual([
      'runs_small',
      'runs_small',
      'true_to_size',
      'runs_large',
      'runs_large',
    ]);
  });
});

describe('whole percents', () => {
  it('adds up to 100 by the largest remainder', () => {
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([2, 1, 0])).toEqual([67, 33, 0]);
    expect(wholePercents([0, 0, 0])).toEqual([0, 0, 0]);
    expect(wholePercents([7, 0, 0])).toEqual([100, 0, 0]);
  });
});

describe('review summary', () => {
  it('is all zeros with no reviews', () => {
    expect(reviewSummary([])).toEqual({
      average: 0,
      count: 0,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      fit: {
        count: 0,
        trueToSize: 0,
        runsSmall: 0,
        runsLarge: 0,
        band: { tight: 0, right: 0, loose: 0 },
        cup: { small: 0, right: 0, big: 0 },
      },
    });
  });

  it('averages to one decimal, counts each star and shares the fit answers', () => {
    const summary = reviewSummary([
      { rating: 5, fit: { overall: 3, band: 'right', cup: 'right' } },
      { rating: 4, fit: { overall: 3, band: 'tight' } },
      { rating: 4, fit: { overall: 2, band: 'tight', cup: 'small' } },
      { rating: 1, fit: { overall: 5 } },
      { rating: 3, fit: null },
      { rating: 5 },
    ]);
    expect(summary.average).toBe(3.7);
    expect(summary.count).toBe(6);
    expect(summary.distribution).toEqual({ 1: 1, 2: 0, 3: 1, 4: 2, 5: 2 });
    expect(summary.fit).toEqual({
      count: 4,
      trueToSize: 50,
      runsSmall: 25,
      runsLarge: 25,
      // Three answered about the band, two about the cups.
      band: { tight: 67, right: 33, loose: 0 },
      cup: { small: 50, right: 50, big: 0 },
    });
  });
});

describe('moderation', () => {
  it('moves a review by the decision alone, whatever its rating', () => {
    expect(stateAfterDecision('approve')).toBe('approved');
    expect(stateAfterDecision('reject')).toBe('rejected');
  });

  it('sends back to fix only for the editable reasons', () => {
    expect(['personal_data', 'off_topic', 'contains_link'].every(isEditableReason)).toBe(true);
    expect(isEditableReason('spam')).toBe(false);
    expect(isEditableReason('abuse')).toBe(false);
    expect(isEditableReason(null)).toBe(false);
    expect(canAuthorEdit({ state: 'rejected', reasonCode: 'personal_data' })).toBe(true);
    expect(canAuthorEdit({ state: 'rejected', reasonCode: 'spam' })).toBe(false);
    expect(canAuthorEdit({ state: 'pending', reasonCode: null })).toBe(false);
    expect(canAuthorEdit({ state: 'approved', reasonCode: null })).toBe(false);
  });

  it('flags links, addresses, phone numbers, profanity and photos', () => {
    expect(
      reviewFlagsFor(
        { title: 'Lovely', text: 'Call me on 98765 43210 or see www.example.com' },
        { profane: true, photoCount: 2 },
      ),
    ).toEqual(['profanity', 'contains_link', 'contains_phone', 'has_photos']);
    expect(
      reviewFlagsFor(
        { title: '', text: 'Write to priya@example.com' },
        { profane: false, photoCount: 0 },
      ),
    ).toEqual(['contains_email']);
    expect(
      reviewFlagsFor(
        { title: 'Fits well', text: 'Bought 32C, band 32 fits true. 5 stars.' },
        { profane: false, photoCount: 0 },
      ),
    ).toEqual([]);
  });
});

describe('review request mail', () => {
  it('is due seven days after delivery', () => {
    const deliveredAt = new Date('2026-11-01T10:00:00Z');
    expect(reviewRequestDue(deliveredAt, new Date('2026-11-08T09:59:59Z'))).toBe(false);
    expect(reviewRequestDue(deliveredAt, new Date('2026-11-08T10:00:00Z'))).toBe(true);
  });
});

describe('the size filter', () => {
  const chart: SizeChartData = {
    id: 'bra',
    name: 'Bra',
    kind: 'bra',
    image: null,
    rows: braChartRowsFor('modern', [30, 32, 34, 36], ['A', 'B', 'C', 'D', 'DD']),
  };

  it('keeps the size alone, or with its sister sizes in the chart when asked', () => {
    expect(reviewSizeFilter('32C', false, chart)).toEqual(['32C']);
    expect(reviewSizeFilter('32C', true, chart)).toEqual(['32C', '30D', '34B']);
    // Band 30 is the chart's smallest: only the sister one band up.
    expect(reviewSizeFilter('30A', true, chart)).toEqual(['30A']);
    expect(reviewSizeFilter('30B', true, chart)).toEqual(['30B', '32A']);
  });

  it('has no sisters without a bra chart', () => {
    expect(reviewSizeFilter('M', true, null)).toEqual(['M']);
    expect(reviewSizeFilter('M', true, { ...chart, kind: 'letter', rows: [] })).toEqual(['M']);
  });
});
