import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../src/db/client.ts';
import type { CacheTag } from '../../../src/http/read-cache.ts';
import type {
  CatalogueFacts,
  ProductFacts,
} from '../../../src/features/catalogue/catalogue.service.ts';
import { stockTags } from '../../../src/features/catalogue/catalogue-changes.ts';
import { createProductFacts } from '../../../src/features/cart/product-facts.ts';

const PRODUCT = '6f1c1d52-8a5e-4a53-9d0e-3c9a2b7e4f10';

/** Product facts over a catalogue that counts its reads and answers today's stock. */
function factsWithCountedReads() {
  let reads = 0;
  let stock = 5;
  const catalogue = {
    async findProductFacts(_tx: unknown, ids: string[]) {
      reads += 1;
      return ids.map(
        (id) =>
          ({
            id,
            name: 'Lace Balconette',
            price_paise: 129_900,
            is_active: true,
            colors: [{ colorName: 'Rose', sizeStock: [{ size: '34C', stock }] }],
          }) as unknown as ProductFacts,
      );
    },
  } as unknown as CatalogueFacts;
  let invalidate: (tags: CacheTag[] | undefined) => void = () => {};
  const facts = createProductFacts({} as Database, catalogue, {
    ttlMs: 60_000,
    onInvalidate: (listener) => (invalidate = listener),
  });
  return {
    facts,
    invalidate: (tags: CacheTag[] | undefined) => invalidate(tags),
    sell: () => (stock -= 1),
    reads: () => reads,
  };
}

describe('product facts in memory', () => {
  afterEach(() => vi.useRealTimers());

  it('after a change of stock, answers the stock afresh but keeps the rest for orders', async () => {
    const world = factsWithCountedReads();
    await world.facts.cached([PRODUCT]);
    expect(world.reads()).toBe(1);

    world.sell();
    world.invalidate(stockTags([PRODUCT]));
    // An order is described from the facts kept: placing it checks stock and price itself.
    await world.facts.cachedIgnoringStock([PRODUCT]);
    expect(world.reads()).toBe(1);
    // A cart shows today's stock: read again.
    const shown = await world.facts.cached([PRODUCT]);
    expect(world.reads()).toBe(2);
    expect(shown.get(PRODUCT)!.colors[0]!.sizeStock[0]!.stock).toBe(4);
  });

  it("takes today's stock from the statement that added to a cart, instead of reading again", async () => {
    const world = factsWithCountedReads();
    await world.facts.cached([PRODUCT]);
    world.sell();
    world.invalidate(stockTags([PRODUCT]));
    // Choosing the colour, size and price needs no stock: the adding statement checks it.
    await world.facts.cachedAnyStock([PRODUCT]);
    expect(world.reads()).toBe(1);

    world.facts.withTodaysStock(
      [{ productId: PRODUCT, colorName: 'Rose', sizeStock: [{ size: '34C', stock: 4 }] }],
      world.facts.mark(),
    );
    const shown = await world.facts.cached([PRODUCT]);
    expect(world.reads()).toBe(1);
    expect(shown.get(PRODUCT)!.colors[0]!.sizeStock[0]!.stock).toBe(4);

    // A product not kept is not made up from its stock alone: it is read when shown.
    const OTHER = '0b9c6a1e-2d3f-4e5a-8b7c-6d5e4f3a2b1c';
    world.facts.withTodaysStock(
      [{ productId: OTHER, colorName: 'Rose', sizeStock: [{ size: '34C', stock: 9 }] }],
      world.facts.mark(),
    );
    await world.facts.cached([OTHER]);
    expect(world.reads()).toBe(2);
  });

  it('keeps news of a stock change heard while the adding statement ran', async () => {
    const world = factsWithCountedReads();
    await world.facts.cached([PRODUCT]);
    const mark = world.facts.mark();
    // An order sells a unit after the statement read the stock, and its notice comes first.
    world.sell();
    world.invalidate(stockTags([PRODUCT]));
    world.facts.withTodaysStock(
      [{ productId: PRODUCT, colorName: 'Rose', sizeStock: [{ size: '34C', stock: 5 }] }],
      mark,
    );
    const shown = await world.facts.cached([PRODUCT]);
    expect(world.reads()).toBe(2);
    expect(shown.get(PRODUCT)!.colors[0]!.sizeStock[0]!.stock).toBe(4);
  });

  it('drops everything of a product changed in other ways, and of every product on a category change', async () => {
    const world = factsWithCountedReads();
    await world.facts.cached([PRODUCT]);
    world.invalidate([`product:${PRODUCT}`]);
    await world.facts.cachedIgnoringStock([PRODUCT]);
    expect(world.reads()).toBe(2);

    world.invalidate(['categories']);
    await world.facts.cachedIgnoringStock([PRODUCT]);
    expect(world.reads()).toBe(3);

    world.invalidate(undefined);
    await world.facts.cachedIgnoringStock([PRODUCT]);
    expect(world.reads()).toBe(4);
  });

  it('keeps facts for orders for minutes, and for carts only as long as catalogue answers', async () => {
    vi.useFakeTimers();
    const world = factsWithCountedReads();
    await world.facts.cached([PRODUCT]);

    vi.advanceTimersByTime(61_000);
    await world.facts.cachedIgnoringStock([PRODUCT]);
    expect(world.reads()).toBe(1);
    await world.facts.cached([PRODUCT]);
    expect(world.reads()).toBe(2);

    vi.advanceTimersByTime(5 * 60_000 + 1);
    await world.facts.cachedIgnoringStock([PRODUCT]);
    expect(world.reads()).toBe(3);

    // Choosing what goes into a cart trusts the kept facts only as long as a cart shows them.
    vi.advanceTimersByTime(61_000);
    await world.facts.cachedAnyStock([PRODUCT]);
    expect(world.reads()).toBe(4);
  });
});
