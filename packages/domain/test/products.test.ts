import { describe, expect, it } from 'vitest';
import {
  genericNameOfGroup,
  inGstGap,
  productDeletion,
  productIssues,
  productRuleMessages,
  productSlug,
  SLUG_PATTERN,
  stockStateOf,
} from '../src/products.ts';

const color = (colorName: string, ...sizes: string[]) => ({
  colorName,
  sizeStock: sizes.map((size) => ({ size })),
});

describe('the GST gap', () => {
  it('refuses prices strictly between ₹2,625 and ₹2,950 including GST', () => {
    expect(inGstGap(262_500)).toBe(false);
    expect(inGstGap(262_501)).toBe(true);
    expect(inGstGap(279_900)).toBe(true);
    expect(inGstGap(294_999)).toBe(true);
    expect(inGstGap(295_000)).toBe(false);
    expect(inGstGap(99_900)).toBe(false);
  });

  it('names both slabs and the prices that work', () => {
    expect(productRuleMessages.gstGap).toContain('₹2,625');
    expect(productRuleMessages.gstGap).toContain('₹2,950');
    expect(productRuleMessages.gstGap).toContain('5%');
    expect(productRuleMessages.gstGap).toContain('18%');
  });
});

describe('productIssues', () => {
  it('accepts a product that keeps every rule', () => {
    expect(
      productIssues({
        pricePaise: 129_900,
        originalPricePaise: 129_900,
        colors: [color('Black', '32B', '34B'), color('Nude', '32B')],
      }),
    ).toEqual([]);
  });

  it('puts each broken rule on its field', () => {
    expect(
      productIssues({
        pricePaise: 280_000,
        originalPricePaise: 270_000,
        colors: [color('Black', '32B', '32b'), color(' black ', 'M')],
      }),
    ).toEqual([
      { path: ['price'], message: productRuleMessages.gstGap },
      { path: ['originalPrice'], message: productRuleMessages.mrpBelowPrice },
      {
        path: ['colors', 0, 'sizeStock', 1, 'size'],
        message: productRuleMessages.sizeTwice('32b', 'Black'),
      },
      { path: ['colors', 1, 'colorName'], message: productRuleMessages.colorTwice('black') },
    ]);
  });

  it('lets a product without an MRP through and allows one size in several colours', () => {
    expect(
      productIssues({
        pricePaise: 50_000,
        originalPricePaise: null,
        colors: [color('Black', 'M'), color('Wine', 'M')],
      }),
    ).toEqual([]);
  });
});

describe('productSlug', () => {
  it('derives the address from the name unless one is typed', () => {
    expect(productSlug('Lace Plunge Bra', '')).toBe('lace-plunge-bra');
    expect(productSlug('Lace Plunge Bra', undefined)).toBe('lace-plunge-bra');
    expect(productSlug('Lace Plunge Bra', ' Plunge-2026 ')).toBe('plunge-2026');
  });

  it('allows only words joined by single hyphens', () => {
    expect(SLUG_PATTERN.test('lace-plunge-bra')).toBe(true);
    expect(SLUG_PATTERN.test('lace--bra')).toBe(false);
    expect(SLUG_PATTERN.test('-bra')).toBe(false);
    expect(SLUG_PATTERN.test('Lace')).toBe(false);
  });
});

describe('productDeletion', () => {
  it('deactivates a product that past orders hold', () => {
    expect(productDeletion(true)).toBe('deactivate');
    expect(productDeletion(false)).toBe('delete');
  });
});

describe('stockStateOf', () => {
  it('tells sold out, low and in stock apart', () => {
    expect(stockStateOf([])).toBe('sold-out');
    expect(stockStateOf([0, 0])).toBe('sold-out');
    expect(stockStateOf([10, 3])).toBe('low');
    expect(stockStateOf([10, 0])).toBe('low');
    expect(stockStateOf([10, 4])).toBe('in-stock');
  });
});

describe('generic name of a group', () => {
  it('says the subcategory in the singular, as a package would', () => {
    expect(genericNameOfGroup('Sports Bras')).toBe('Sports Bra');
    expect(genericNameOfGroup('Panties')).toBe('Panty');
    expect(genericNameOfGroup('Nightdresses')).toBe('Nightdress');
    expect(genericNameOfGroup('Briefs')).toBe('Brief');
    expect(genericNameOfGroup('Nightwear')).toBe('Nightwear');
    expect(genericNameOfGroup('Shapewear')).toBe('Shapewear');
  });
});
