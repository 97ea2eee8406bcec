import { describe, expect, it } from 'vitest';
import { exceedsUnitsPerSize, MAX_UNITS_PER_SIZE } from '../src/cart.ts';

const line = (quantity: number, size = '34B', colorName = 'Blush Pink', product = 'p1') => ({
  product,
  colorName,
  size,
  quantity,
});

describe('at most 10 of one size', () => {
  it('is 10', () => {
    expect(MAX_UNITS_PER_SIZE).toBe(10);
  });

  it('counts every line of one product, colour and size together, in any case', () => {
    expect(exceedsUnitsPerSize([line(10)])).toBe(false);
    expect(exceedsUnitsPerSize([line(11)])).toBe(true);
    expect(exceedsUnitsPerSize([line(6), line(5, '34b', ' blush pink ')])).toBe(true);
    expect(exceedsUnitsPerSize([line(6), line(4, '34b')])).toBe(false);
  });

  it('counts sizes, colours and products apart', () => {
    expect(
      exceedsUnitsPerSize([
        line(10),
        line(10, '36B'),
        line(10, '34B', 'Black'),
        line(10, '34B', 'Blush Pink', 'p2'),
      ]),
    ).toBe(false);
  });
});
