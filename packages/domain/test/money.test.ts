import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  MINUS_SIGN,
  paiseToRupees,
  percentOff,
  rupeesToPaise,
  sumPaise,
} from '../src/money.ts';

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

  it('sums paise exactly, and refuses fractions of a paisa', () => {
    // In rupees, 0.1 + 0.2 is not 0.3; in paise it is 30.
    expect(sumPaise([10, 20])).toBe(30);
    expect(sumPaise([13485, 20000])).toBe(33485);
    expect(sumPaise([])).toBe(0);
    expect(() => sumPaise([10, 0.5])).toThrow(RangeError);
  });

  it('computes rounded percent off only when there is a saving', () => {
    expect(percentOff(899, 1299)).toBe(31);
    expect(percentOff(899, 899)).toBe(0);
    expect(percentOff(899, null)).toBe(0);
  });
});

describe('formatMoney', () => {
  it('writes paise as rupees with Indian grouping and always two decimals', () => {
    expect(formatMoney(170820)).toBe('₹1,708.20');
    expect(formatMoney(11382930)).toBe('₹1,13,829.30');
    expect(formatMoney(189800)).toBe('₹1,898.00');
    expect(formatMoney(0)).toBe('₹0.00');
    expect(formatMoney(5)).toBe('₹0.05');
    expect(formatMoney(99)).toBe('₹0.99');
    expect(formatMoney(100)).toBe('₹1.00');
    expect(formatMoney(99999)).toBe('₹999.99');
    expect(formatMoney(1234567890)).toBe('₹1,23,45,678.90');
  });

  it('writes the same figure the same way whichever way it was reached', () => {
    // 1708.2 rupees from a float sum is still ₹1,708.20, never ₹1,708.2.
    expect(formatMoney(rupeesToPaise(1000.1 + 708.1))).toBe('₹1,708.20');
    expect(formatMoney(rupeesToPaise(0.1 + 0.2))).toBe('₹0.30');
  });

  it('writes amounts taken off with a real minus sign', () => {
    expect(formatMoney(-13485)).toBe(`${MINUS_SIGN}₹134.85`);
    expect(formatMoney(-20000)).toBe('\u2212₹200.00');
    expect(formatMoney(-0)).toBe('₹0.00');
  });

  it('drops .00 on whole rupees only for price tags', () => {
    expect(formatMoney(129900, { trimZeroPaise: true })).toBe('₹1,299');
    expect(formatMoney(12345600, { trimZeroPaise: true })).toBe('₹1,23,456');
    expect(formatMoney(129950, { trimZeroPaise: true })).toBe('₹1,299.50');
    expect(formatMoney(129905, { trimZeroPaise: true })).toBe('₹1,299.05');
    expect(formatMoney(0, { trimZeroPaise: true })).toBe('₹0');
  });

  it('refuses what is not a whole number of paise', () => {
    expect(() => formatMoney(1708.2)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
