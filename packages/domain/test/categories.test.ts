import { describe, expect, it } from 'vitest';
import { categorySlug, deactivationRefusal, isCompleteOrder } from '../src/categories.ts';

describe('category rules', () => {
  it('refuses deactivation while active products remain, with the count', () => {
    expect(deactivationRefusal('Bras', 12)).toBe(
      '12 active products are still in Bras; move or deactivate them first',
    );
    expect(deactivationRefusal('Bras', 1)).toBe(
      '1 active product is still in Bras; move or deactivate them first',
    );
    expect(deactivationRefusal('Bras', 0)).toBeNull();
  });

  it('derives the slug from the name unless one is typed', () => {
    expect(categorySlug('Sleep Lingerie', '')).toBe('sleep-lingerie');
    expect(categorySlug('Sleep Lingerie', ' Night-Wear ')).toBe('night-wear');
  });

  it('accepts a reorder only when it names every sibling once', () => {
    expect(isCompleteOrder(['a', 'b', 'c'], ['c', 'a', 'b'])).toBe(true);
    expect(isCompleteOrder(['a', 'b', 'c'], ['c', 'a'])).toBe(false);
    expect(isCompleteOrder(['a', 'b'], ['a', 'a'])).toBe(false);
    expect(isCompleteOrder(['a', 'b'], ['a', 'x'])).toBe(false);
  });
});
