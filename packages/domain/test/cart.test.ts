import { describe, expect, it } from 'vitest';
import {
  cartTotals,
  guestSessionIdProblem,
  isGuestSessionId,
  lineIssues,
  mrpPaise,
  newGuestSessionId,
  normalizeSize,
  sameLines,
  stockShortfall,
} from '../src/cart.ts';

describe('cart rules', () => {
  it('totals lines in paise and never lets the discount pass the subtotal', () => {
    const lines = [
      { unitPricePaise: 129_900, quantity: 2 },
      { unitPricePaise: 39_950, quantity: 1 },
    ];
    expect(cartTotals(lines, 29_975)).toEqual({
      subtotal: 299_750,
      discountAmount: 29_975,
      total: 269_775,
      itemCount: 3,
    });
    expect(cartTotals(lines, 999_999).total).toBe(0);
    expect(cartTotals([], 500)).toEqual({ subtotal: 0, discountAmount: 0, total: 0, itemCount: 0 });
  });

  it('knows a guest session id when it sees one', () => {
    const random = '9f1c2e7a4b3d4c5e8f60718293a4b5c6';
    expect(isGuestSessionId(`session_1763900000_${random}`)).toBe(true);
    expect(isGuestSessionId(`session_1763900000${random}`)).toBe(true);
    expect(isGuestSessionId('session_abc')).toBe(false);
    expect(isGuestSessionId(`1763900000_${random}`)).toBe(false);
    expect(isGuestSessionId("session_1763900000_x' or 1=1")).toBe(false);
  });

  it('refuses a guest session id whose random part is shorter than 20 characters', () => {
    // What the storefront used to make: 9 characters of Math.random().
    expect(isGuestSessionId('session_1763900000_k3j9x0a1b')).toBe(false);
    expect(guestSessionIdProblem('session_1763900000_abcd')).toBe('too-short');
    expect(guestSessionIdProblem(`session_1763900000_${'a'.repeat(19)}`)).toBe('too-short');
    expect(guestSessionIdProblem(`session_1763900000_${'a'.repeat(20)}`)).toBeUndefined();
    expect(guestSessionIdProblem('session_1763900000_abc-def')).toBe('shape');
    expect(guestSessionIdProblem(42)).toBe('shape');
  });

  it('makes guest session ids from a random UUID', () => {
    const id = newGuestSessionId(() => '9f1c2e7a-4b3d-4c5e-8f60-718293a4b5c6', 1_763_900_000_500);
    expect(id).toBe('session_1763900000_9f1c2e7a4b3d4c5e8f60718293a4b5c6');
    expect(isGuestSessionId(id)).toBe(true);
    expect(isGuestSessionId(newGuestSessionId(() => crypto.randomUUID()))).toBe(true);
  });

  it('stores sizes in lower case and assumes an M.R.P. of 1.2 × price', () => {
    expect(normalizeSize(' 34C ')).toBe('34c');
    expect(mrpPaise(100_000, null)).toBe(120_000);
    expect(mrpPaise(100_000, 150_000)).toBe(150_000);
  });

  it('reports deactivated, repriced and short lines', () => {
    const base = {
      quantity: 3,
      pricePaiseWhenAdded: 99_900,
      exists: true,
      isActive: true,
      currentPricePaise: 99_900,
      stock: 5,
    };
    expect(lineIssues(base)).toEqual([]);
    expect(lineIssues({ ...base, isActive: false })).toEqual([{ kind: 'unavailable' }]);
    expect(lineIssues({ ...base, currentPricePaise: 109_900, stock: 2 })).toEqual([
      { kind: 'price_changed', oldPricePaise: 99_900, newPricePaise: 109_900 },
      { kind: 'insufficient_stock', available: 2 },
    ]);
  });
});

describe('orders from the cart', () => {
  it('names the same lines in any order, a line in parts counting as one', () => {
    const cart = [
      { product: 'p1', colorName: 'Rose', size: '34b', quantity: 2 },
      { product: 'p2', colorName: 'Black', size: 'm', quantity: 1 },
    ];
    expect(
      sameLines(cart, [
        { product: 'p2', colorName: 'black', size: 'M', quantity: 1 },
        { product: 'p1', colorName: 'Rose', size: '34B', quantity: 1 },
        { product: 'p1', colorName: 'rose', size: '34b', quantity: 1 },
      ]),
    ).toBe(true);
    expect(sameLines(cart, cart.slice(0, 1))).toBe(false);
    expect(
      sameLines(cart, [...cart, { product: 'p3', colorName: 'Red', size: 's', quantity: 1 }]),
    ).toBe(false);
    expect(sameLines(cart, [{ ...cart[0]!, quantity: 3 }, cart[1]!])).toBe(false);
  });

  it('says how short a line is of stock', () => {
    expect(stockShortfall({ quantity: 2, stock: 5 })).toBeUndefined();
    expect(stockShortfall({ quantity: 2, stock: 2 })).toBeUndefined();
    expect(stockShortfall({ quantity: 3, stock: 1 })).toBe('Only 1 left');
    expect(stockShortfall({ quantity: 1, stock: 0 })).toBe('Out of stock');
  });
});
