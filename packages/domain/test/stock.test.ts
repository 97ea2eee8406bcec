import { describe, expect, it } from 'vitest';
import {
  applyStockEdit,
  compareSizes,
  defaultReason,
  fellLow,
  formatStockEdit,
  isLowStock,
  lowStockMailDay,
  parseStockEdit,
  sizeColumns,
  sizeOrder,
  soldOutPopular,
  stockEditMessages,
} from '../src/stock.ts';

describe('parseStockEdit', () => {
  it('reads relative and absolute edits', () => {
    expect(parseStockEdit('+12')).toEqual({ ok: true, edit: { kind: 'add', units: 12 } });
    expect(parseStockEdit('-3')).toEqual({ ok: true, edit: { kind: 'add', units: -3 } });
    expect(parseStockEdit('−3')).toEqual({ ok: true, edit: { kind: 'add', units: -3 } });
    expect(parseStockEdit('=0')).toEqual({ ok: true, edit: { kind: 'set', units: 0 } });
    expect(parseStockEdit(' = 15 ')).toEqual({ ok: true, edit: { kind: 'set', units: 15 } });
    expect(parseStockEdit('7')).toEqual({ ok: true, edit: { kind: 'set', units: 7 } });
  });

  it('reads blank as no edit', () => {
    expect(parseStockEdit('')).toEqual({ ok: true, edit: null });
    expect(parseStockEdit('   ')).toEqual({ ok: true, edit: null });
  });

  it('refuses what is not an edit, saying how to write one', () => {
    for (const text of ['+', '=', 'abc', '+1.5', '12a', '++2', '=-1', '+-2', '1e3']) {
      expect(parseStockEdit(text)).toEqual({ ok: false, message: stockEditMessages.invalid });
    }
    expect(parseStockEdit('+0')).toEqual({ ok: false, message: stockEditMessages.zero });
    expect(parseStockEdit('-0')).toEqual({ ok: false, message: stockEditMessages.zero });
    expect(parseStockEdit('=10001')).toEqual({ ok: false, message: stockEditMessages.tooMany });
    expect(parseStockEdit('=10000').ok).toBe(true);
  });

  it('writes an edit back as it is typed, and picks its usual reason', () => {
    expect(formatStockEdit({ kind: 'add', units: 12 })).toBe('+12');
    expect(formatStockEdit({ kind: 'add', units: -2 })).toBe('-2');
    expect(formatStockEdit({ kind: 'set', units: 0 })).toBe('=0');
    expect(defaultReason({ kind: 'add', units: 12 })).toBe('delivery');
    expect(defaultReason({ kind: 'add', units: -1 })).toBe('damage');
    expect(defaultReason({ kind: 'set', units: 4 })).toBe('count');
  });
});

describe('applyStockEdit', () => {
  it('adds to what is there now and refuses taking away more than it', () => {
    expect(applyStockEdit(5, { kind: 'add', units: 12 })).toEqual({
      ok: true,
      stockAfter: 17,
      delta: 12,
      soldSince: 0,
    });
    expect(applyStockEdit(5, { kind: 'add', units: -5 })).toMatchObject({ stockAfter: 0 });
    expect(applyStockEdit(2, { kind: 'add', units: -3 })).toEqual({
      ok: false,
      reason: 'short',
      available: 2,
    });
  });

  it('sets a count less what orders took since the grid was read', () => {
    // Read at 10, counted 8; two sold since (stock now 8): 8 − 2 = 6.
    expect(applyStockEdit(8, { kind: 'set', units: 8 }, -2)).toEqual({
      ok: true,
      stockAfter: 6,
      delta: -2,
      soldSince: 2,
    });
    // Nothing moved: the count is the stock.
    expect(applyStockEdit(10, { kind: 'set', units: 3 }, 0)).toMatchObject({
      stockAfter: 3,
      delta: -7,
    });
    // An order given back since counts too (it was not on the shelf when counted).
    expect(applyStockEdit(11, { kind: 'set', units: 4 }, 1)).toMatchObject({ stockAfter: 5 });
  });

  it('never leaves a count below zero', () => {
    expect(applyStockEdit(0, { kind: 'set', units: 2 }, -5)).toEqual({
      ok: true,
      stockAfter: 0,
      delta: 0,
      soldSince: 5,
    });
    expect(applyStockEdit(1, { kind: 'set', units: 0 }, -1)).toMatchObject({
      stockAfter: 0,
      delta: -1,
    });
  });
});

describe('size order', () => {
  it('orders letters, then bras by band and cup, then numbers, then the rest', () => {
    expect(
      sizeOrder(['XL', '36B', 'm', '34D', 'Free size', '32C', '34DD', 'S', '34B', '30', '28']),
    ).toEqual(['S', 'm', 'XL', '32C', '34B', '34D', '34DD', '36B', '28', '30', 'Free size']);
    expect(compareSizes('34b', '34B')).toBe(0);
  });

  it('keeps one spelling of a size whatever its case', () => {
    expect(sizeOrder(['34B', '34b', ' 34B '])).toEqual(['34B']);
  });

  it('groups a bra run as bands of cups', () => {
    expect(sizeColumns(['36C', '34B', '34C', '36B', '38D'])).toEqual({
      sizes: ['34B', '34C', '36B', '36C', '38D'],
      bands: [
        { band: '34', sizes: ['34B', '34C'] },
        { band: '36', sizes: ['36B', '36C'] },
        { band: '38', sizes: ['38D'] },
      ],
    });
    expect(sizeColumns(['S', 'M']).bands).toBeNull();
    expect(sizeColumns(['34B', 'M']).bands).toBeNull();
    expect(sizeColumns([]).bands).toBeNull();
  });
});

describe('low stock', () => {
  it('counts a size at its threshold or under as low', () => {
    expect(isLowStock(3, 3)).toBe(true);
    expect(isLowStock(4, 3)).toBe(false);
    expect(isLowStock(0, 0)).toBe(true);
  });

  it('flags a sold-out size that sold at least 3 in the window', () => {
    expect(soldOutPopular(0, 3)).toBe(true);
    expect(soldOutPopular(0, 2)).toBe(false);
    expect(soldOutPopular(1, 10)).toBe(false);
  });

  it('says a size fell low when a movement crossed the threshold and it is still low', () => {
    expect(fellLow({ delta: -2, stockAfter: 3 }, 3, 3)).toBe(true);
    expect(fellLow({ delta: -1, stockAfter: 2 }, 2, 3)).toBe(false); // already low before
    expect(fellLow({ delta: -2, stockAfter: 3 }, 10, 3)).toBe(false); // restocked since
    expect(fellLow({ delta: 5, stockAfter: 5 }, 5, 3)).toBe(false);
  });

  it('makes the mail due from 9:00 in India, for that India day', () => {
    // 03:29 UTC is 08:59 in India.
    expect(lowStockMailDay(new Date('2026-11-26T03:29:00Z'))).toBeUndefined();
    expect(lowStockMailDay(new Date('2026-11-26T03:30:00Z'))).toBe('2026-11-26');
    // 20:00 UTC is 01:30 the next day in India: before the hour, unless the hour is midnight.
    expect(lowStockMailDay(new Date('2026-11-26T20:00:00Z'))).toBeUndefined();
    expect(lowStockMailDay(new Date('2026-11-26T20:00:00Z'), 0)).toBe('2026-11-27');
  });
});
