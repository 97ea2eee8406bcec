import { describe, expect, it } from 'vitest';
import { discountSummaryLines } from '../src/discount-summary.ts';

describe('discountSummaryLines', () => {
  it('gives each code that takes something off its own line', () => {
    expect(
      discountSummaryLines(
        [
          { code: 'BRA15', amountPaise: 13485 },
          { code: 'WELCOME200', amountPaise: 20000 },
        ],
        33485,
      ),
    ).toEqual([
      { label: 'BRA15', amountPaise: 13485 },
      { label: 'WELCOME200', amountPaise: 20000 },
    ]);
  });

  it('leaves out a code that no longer takes anything off', () => {
    expect(
      discountSummaryLines(
        [
          { code: 'BRA15', amountPaise: 0 },
          { code: 'WELCOME200', amountPaise: 20000 },
        ],
        20000,
      ),
    ).toEqual([{ label: 'WELCOME200', amountPaise: 20000 }]);
  });

  it('shows nothing when nothing is taken off', () => {
    expect(discountSummaryLines([{ code: 'BRA15', amountPaise: 0 }], 0)).toEqual([]);
    expect(discountSummaryLines([], 0, 'NEW10')).toEqual([]);
  });

  it('names the one code of an order priced before each code kept its amount', () => {
    expect(discountSummaryLines([], 18980, 'NEW10')).toEqual([
      { label: 'NEW10', amountPaise: 18980 },
    ]);
    expect(discountSummaryLines([], 18980)).toEqual([{ label: 'Discount', amountPaise: 18980 }]);
  });

  it('never shows lines that do not add up to the discount taken off the total', () => {
    // Two codes whose amounts exceed what the subtotal allowed: one line, the real discount.
    expect(
      discountSummaryLines(
        [
          { code: 'BRA15', amountPaise: 50000 },
          { code: 'WELCOME200', amountPaise: 20000 },
        ],
        60000,
      ),
    ).toEqual([{ label: 'Discount (BRA15, WELCOME200)', amountPaise: 60000 }]);
  });
});
