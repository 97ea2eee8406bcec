import { describe, expect, it } from 'vitest';
import { formatRupees, paiseToRupees, percentOff, rupeesToPaise } from '../src/money.ts';

describe('money', () => {
  it('converts rupees to integer paise without float drift', () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(paiseToRupees(129900)).toBe(1299);
  });

  it('refuses non-integer paise and non-finite rupees', () => {
    expect(() => paiseToRupees(10.5)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
  });

  it('formats with Indian digit grouping', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456');
    expect(formatRupees(1234.5)).toBe('₹1,234.5');
  });

  it('computes rounded percent off only when there is a saving', () => {
    expect(percentOff(899, 1299)).toBe(31);
    expect(percentOff(899, 899)).toBe(0);
    expect(percentOff(899, null)).toBe(0);
  });
});
