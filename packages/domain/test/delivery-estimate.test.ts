import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  deliveryByText,
  deliveryEstimate,
  formatDeliveryDate,
  indiaToday,
  isBusinessDay,
} from '../src/delivery-estimate.ts';

describe('business days', () => {
  it('are Monday to Saturday', () => {
    expect(isBusinessDay('2026-11-28')).toBe(true); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-30')).toBe(true); // Monday
  });

  it('skip the three national holidays', () => {
    expect(isBusinessDay('2027-01-26')).toBe(false);
    expect(isBusinessDay('2026-08-15')).toBe(false);
    expect(isBusinessDay('2026-10-02')).toBe(false);
    expect(isBusinessDay('2026-10-03')).toBe(true);
  });

  it('are counted after the start day, over Sundays and holidays', () => {
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-28'); // Fri → Sat
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30'); // Sat → Mon over Sunday
    expect(addBusinessDays('2027-01-23', 2)).toBe('2027-01-27'); // Sat → Wed over Sun and 26 Jan
    expect(addBusinessDays('2026-11-27', 0)).toBe('2026-11-27');
  });
});

describe('today in India', () => {
  it('turns at midnight in Asia/Kolkata, 18:30 UTC', () => {
    expect(indiaToday(new Date('2026-11-26T18:29:59Z'))).toBe('2026-11-26');
    expect(indiaToday(new Date('2026-11-26T18:30:00Z'))).toBe('2026-11-27');
  });
});

describe('delivery estimate', () => {
  it('adds the dispatch day to the courier transit', () => {
    // Thursday 26 Nov in India: packed Fri 27, then 4-6 business days (Sunday skipped).
    expect(deliveryEstimate(new Date('2026-11-26T10:00:00Z'), { min: 4, max: 6 })).toEqual({
      from: '2026-12-02',
      to: '2026-12-04',
    });
  });

  it('counts from India’s date, not UTC’s, late in the evening', () => {
    // 18:45 UTC on Thursday is 00:15 on Friday in India: counted from Friday, over Sunday.
    expect(deliveryEstimate(new Date('2026-11-26T18:00:00Z'), { min: 1, max: 1 }, 1)).toEqual({
      from: '2026-11-28',
      to: '2026-11-28',
    });
    expect(deliveryEstimate(new Date('2026-11-26T18:45:00Z'), { min: 1, max: 1 }, 1)).toEqual({
      from: '2026-11-30',
      to: '2026-11-30',
    });
  });
});

describe('formatting', () => {
  it('prints the weekday, day and month', () => {
    expect(formatDeliveryDate('2026-12-04')).toBe('Fri, 4 Dec');
    expect(formatDeliveryDate('2025-12-04')).toBe('Thu, 4 Dec');
    expect(deliveryByText({ to: '2027-01-11' })).toBe('Delivery by Mon, 11 Jan');
  });
});
