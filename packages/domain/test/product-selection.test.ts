import { describe, expect, it } from 'vitest';
import {
  clampQuantity,
  firstInStockSize,
  initialSelection,
  onlyVariant,
  selectColor,
  stockOf,
} from '../src/product-selection.ts';

const colors = [
  {
    colorName: 'Blush Pink',
    colorHex: '#F4C2C2',
    sizeStock: [
      { size: '32B', stock: 0 },
      { size: '32C', stock: 4 },
      { size: '34C', stock: 2 },
    ],
  },
  {
    colorName: 'Black',
    colorHex: '#1A1A1A',
    sizeStock: [
      { size: '32B', stock: 5 },
      { size: '34C', stock: 0 },
    ],
  },
  { colorName: 'Wine', colorHex: '#722F37', sizeStock: [{ size: '32B', stock: 0 }] },
];

describe('product selection', () => {
  it('preselects the first colour and its first size in stock', () => {
    expect(initialSelection(colors)).toEqual({ colorIndex: 0, size: '32C' });
    expect(initialSelection([])).toEqual({ colorIndex: 0, size: null });
  });

  it('finds no size for a sold-out colour', () => {
    expect(firstInStockSize(colors[2])).toBeNull();
  });

  it('keeps the size on a colour change only when that colour has it in stock', () => {
    expect(selectColor(colors, 1, '32C')).toEqual({ colorIndex: 1, size: '32B' });
    expect(selectColor(colors, 0, '34c')).toEqual({ colorIndex: 0, size: '34c' });
    expect(selectColor(colors, 1, '34C')).toEqual({ colorIndex: 1, size: '32B' });
  });

  it('reads stock ignoring case and clamps quantity to it', () => {
    expect(stockOf(colors[0], '32c')).toBe(4);
    expect(stockOf(colors[0], null)).toBe(0);
    expect(clampQuantity(9, 4)).toBe(4);
    expect(clampQuantity(0, 4)).toBe(1);
    expect(clampQuantity(3, 0)).toBe(1);
    expect(clampQuantity(Number.NaN, 4)).toBe(1);
  });

  it('never lets the quantity pass 10 of one size, whatever the stock', () => {
    expect(clampQuantity(11, 40)).toBe(10);
    expect(clampQuantity(10, 40)).toBe(10);
    expect(clampQuantity(12, 7)).toBe(7);
  });
});

describe('the only variant of a product', () => {
  const one = (sizes: string[]) => ({
    colorName: 'Black',
    colorHex: '#000000',
    sizeStock: sizes.map((size) => ({ size, stock: 3 })),
  });

  it('is the one colour and size when there is no choice to make', () => {
    expect(onlyVariant([one(['Free Size'])])).toEqual({ colorIndex: 0, size: 'Free Size' });
  });

  it('is none when the shopper must choose a colour or a size', () => {
    expect(onlyVariant([one(['S', 'M'])])).toBeNull();
    expect(onlyVariant([one(['M']), { ...one(['M']), colorName: 'Nude' }])).toBeNull();
    expect(onlyVariant([])).toBeNull();
  });
});
