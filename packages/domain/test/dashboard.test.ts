import { describe, expect, it } from 'vitest';
import { daysBefore, daysOf, indiaToday, sellThrough, summarizeDays } from '../src/dashboard.ts';

const day = (overrides: Partial<Parameters<typeof summarizeDays>[0][number]>) => ({
  day: '2026-11-01',
  orders: 0,
  paidPaise: 0,
  refundedPaise: 0,
  prepaid: 0,
  cod: 0,
  cancelled: 0,
  returned: 0,
  ...overrides,
});

describe('the dashboard', () => {
  it('sums days into revenue net of refunds, an average to the paisa and rates', () => {
    const summary = summarizeDays([
      day({ orders: 2, paidPaise: 300_000, refundedPaise: 50_000, prepaid: 2, cancelled: 1 }),
      day({ day: '2026-11-02', orders: 1, paidPaise: 100_001, prepaid: 1, returned: 1 }),
    ]);
    expect(summary).toMatchObject({
      orders: 3,
      revenuePaise: 350_001,
      averageOrderValuePaise: 116_667,
      prepaid: 3,
      cancelled: 1,
      returned: 1,
      cancellationRate: 0.3333,
      returnRate: 0.3333,
    });
    expect(summarizeDays([])).toMatchObject({
      orders: 0,
      averageOrderValuePaise: 0,
      returnRate: 0,
    });
  });

  it('counts days in India', () => {
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    // 20:00 UTC is already the next day in India (UTC+05:30).
    expect(indiaToday(new Date('2026-11-25T20:00:00Z'))).toBe('2026-11-26');
    expect(indiaToday(new Date('2026-11-25T18:00:00Z'))).toBe('2026-11-25');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
  });

  it('measures sell-through', () => {
    expect(sellThrough(3, 1)).toBe(0.75);
    expect(sellThrough(0, 0)).toBe(0);
    expect(sellThrough(2, -1)).toBe(1);
  });
});
