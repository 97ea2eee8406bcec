import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseSearchQuery, type ParsedSearch } from '@shop/domain/search-terms';
import { queryRows } from '../src/db/client.ts';
import { generateCatalogue } from '../src/db/seed/generated-catalogue.ts';
import { createCatalogueIndex } from '../src/features/catalogue/catalogue-index.ts';
import {
  createCatalogueRepository,
  type IndexRow,
} from '../src/features/catalogue/catalogue.repository.ts';
import { toProduct } from '../src/features/catalogue/catalogue.service.ts';
import { wordsOf, type TermPlan } from '../src/features/catalogue/product-search.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

/**
 * Search finds and ranks its matches in memory with the search engine. On the hand-written seed
 * plus generated products (many near-equal texts), every query must find exactly the products a
 * plain scan of their words finds, put the products whose kind the terms name first, a word of
 * the name above the same word elsewhere, and answer the same order from a freshly loaded model.
 */
let world: TestWorld;
let rows: IndexRow[];
beforeAll(async () => {
  world = await createTestWorld();
  const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
    world.database.db,
    sql`select count(*)::int as count from products`,
  );
  await generateCatalogue(world.database.db, { total: count + 400 });
  rows = await createCatalogueRepository().findIndexRows(world.database.db);
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const QUERIES = [
  'lace', 'bra', 'nighty', 'nightie', 'panty', 'panties', 'cotton', 'padded bra', 'sports bra',
  'bralette', 'black', 't-shirt bra', 'satin', 'maternity', 'hipster', 'camisole', 'pyjama',
  'wire free', 'push up', 'pink', 'shorts', 'lotion', 'brallete', 'sports bra 34B', 'night suit',
  'strapless', 'seamless', 'blush pink lace', 'gift', 'silk', 'boyshorts', 'minimiser', 'chaddi',
  'gym', 'tummy tucker', 'spaghetti top', 'free size', 'hipster xl', '34b', 'bral', 'lac',
  "women's cotton nighty", 'night dress', 'push-up plunge bra 36C', 'zzqqxxnothing', 'the',
  'mould cup', 'everyday lace t-shirt bra', 'red', 'body mist', 'kaftan', 'nightsuit',
]; // prettier-ignore

/** Single-word queries with no phrase among their alternatives. */
const ONE_WORD = ['lace', 'cotton', 'satin', 'silk', 'hipster', 'seamless', 'bralette', 'modal'];

const newIndex = () =>
  createCatalogueIndex(world.database.db, createCatalogueRepository(), {
    toProduct,
    maxDocuments: 10,
  });

/** Whether the words contain the phrase's words in a row. */
function says(words: string[], phrase: string[]): boolean {
  return words.some((_word, at) => phrase.every((word, offset) => words[at + offset] === word));
}

/** A product's texts as search compares them. */
function textsOf(row: IndexRow) {
  return {
    name: wordsOf(row.name),
    text: wordsOf(row.search_text),
    kind: [wordsOf(row.category_name), wordsOf(row.subcategory_name ?? '')],
  };
}

/** Whether a term, as planned, matches some words: any alternative, or any word it was widened to. */
function termMatches(term: ParsedSearch['terms'][number], plan: TermPlan, texts: string[][]) {
  if (plan.match !== 'words') return plan.words.some((word) => texts.some((t) => t.includes(word)));
  return term.alternatives.some((alternative) => texts.some((t) => says(t, wordsOf(alternative))));
}

function inStock(row: IndexRow, sizes: string[]) {
  const wanted = sizes.map((size) => size.toLowerCase());
  return (
    wanted.length === 0 ||
    row.colors.some((color) =>
      color.sizes.some((entry) => entry.stock > 0 && wanted.includes(entry.size.toLowerCase())),
    )
  );
}

describe('search over the generated catalogue', () => {
  it.each(QUERIES)("'%s' finds exactly the products a scan of their words finds", async (q) => {
    const index = newIndex();
    const parsed = parseSearchQuery(q);
    const plans = await index.searchPlan(parsed);
    const found = await index.search(parsed);
    expect(new Set(found).size).toBe(found.length);
    const expected = rows.filter((row) => {
      const { name, text, kind } = textsOf(row);
      return (
        inStock(row, parsed.sizes) &&
        parsed.terms.every((term, at) => termMatches(term, plans[at]!, [name, text, ...kind]))
      );
    });
    expect([...found].sort()).toEqual(expected.map((row) => row.id).sort());
    if (parsed.terms.length === 0) {
      // Sizes or nothing but stop words: the shop's own order, sizes in stock.
      const list = await index.page({ kind: 'all' }, {}, 'recommended', 1, 10_000);
      expect(found).toEqual(list.ids.filter((id) => expected.some((row) => row.id === id)));
    }
  });

  it.each(QUERIES)("'%s' puts the products whose kind the terms name first", async (q) => {
    const index = newIndex();
    const parsed = parseSearchQuery(q);
    const plans = await index.searchPlan(parsed);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const kinds = (await index.search(parsed)).map((id) => {
      const { kind } = textsOf(byId.get(id)!);
      return parsed.terms.filter((term, at) => termMatches(term, plans[at]!, kind)).length;
    });
    expect(kinds).toEqual([...kinds].sort((a, b) => b - a));
  });

  it.each(ONE_WORD)("'%s' ranks a word of the name above the same word elsewhere", async (q) => {
    const index = newIndex();
    const parsed = parseSearchQuery(q);
    const [plan] = await index.searchPlan(parsed);
    expect(plan?.match).toBe('words');
    const byId = new Map(rows.map((row) => [row.id, row]));
    const found = (await index.search(parsed)).map((id) => {
      const { name, kind } = textsOf(byId.get(id)!);
      return { kind: termMatches(parsed.terms[0]!, plan!, kind), inName: name.includes(q) };
    });
    expect(found.some((product) => product.inName)).toBe(true);
    for (const kind of [true, false]) {
      const order = found.filter((product) => product.kind === kind).map((p) => p.inName);
      expect(order).toEqual([...order].sort((a, b) => Number(b) - Number(a)));
    }
  });

  it('answers the same order from a freshly loaded model, and after a change of stock', async () => {
    const answers = async (index: ReturnType<typeof newIndex>) => {
      const all: string[][] = [];
      for (const q of QUERIES) all.push(await index.search(parseSearchQuery(q)));
      return all;
    };
    const before = await answers(newIndex());
    expect(before.filter((ids) => ids.length > 0).length).toBeGreaterThan(40);
    const second = newIndex();
    expect(await answers(second)).toEqual(before);
    // A product's stock changes: its words stay in the engine as they were.
    second.invalidate(['lists', 'stock', `product:${rows[0]!.id}`]);
    expect(await answers(second)).toEqual(before);
  });
});
