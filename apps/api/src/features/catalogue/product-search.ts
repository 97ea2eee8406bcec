import MiniSearch, {
  type QueryCombination,
  type SearchOptions,
  type SearchResult,
} from 'minisearch';
import { searchWords, type ParsedSearch, type SearchTerm } from '@shop/domain/search-terms';

/**
 * Full-text search over the catalogue's read model with MiniSearch (BM25, prefix and fuzzy
 * matching): one code path on PGlite and PostgreSQL, and no database query per search. The
 * shoppers' words (synonyms, size words, other numbers) come from `@shop/domain/search-terms`;
 * this module turns their terms into engine queries and combines the answers.
 */

/** What search knows of a product: its name, its search text, its category's and subcategory's names. */
export interface SearchableProduct {
  id: string;
  name: string;
  text: string;
  kinds: string[];
}

/**
 * How a term matched:
 * - 'words': as one of its alternatives (a word, or a phrase as consecutive words);
 * - 'prefix': no alternative is a catalogue word, but the typed word starts one ('bral');
 * - 'near': neither, so as the catalogue words a few edits away ('brallete' → 'bralette').
 */
export type TermMatch = 'words' | 'prefix' | 'near';

/** A term's plan: how it matched and the catalogue words (or word pairs) it matched. */
export interface TermPlan {
  text: string;
  match: TermMatch;
  words: string[];
}

/** A found product: its relevance, and how many terms name its kind (category or subcategory). */
export interface SearchHit {
  score: number;
  kinds: number;
}

type Field = 'name' | 'text';
const FIELDS: Field[] = ['name', 'text'];

/** A word of the name weighs three times a word of the rest of the search text (which repeats it). */
const BOOST: Record<Field, number> = { name: 3, text: 1 };

/**
 * BM25 without length normalization (b = 0): a long description is not a reason to rank a
 * product lower than a short one that says the same words.
 */
const BM25 = { k: 1.2, b: 0, d: 0.5 };

/** A misspelt term matches words within this fraction of its length in edits (8 letters: 2). */
const FUZZY = 0.2;

/** A typed word may match as the start of a catalogue word: letters and digits, 3 or more. */
const PREFIXABLE = /^[\p{L}\p{N}]{3,}$/u;

/** Terms shorter than this are not corrected (too many words resemble them). */
const NEAR_MIN_LENGTH = 3;

/**
 * A word's singular by the S-stemmer (Harman, 1991): 'bras' → 'bra', 'panties' → 'panty',
 * 'nights' → 'night'. Applied to the catalogue's words and the shopper's alike, so neither a match
 * nor a rank depends on the number a product's text happens to use.
 */
function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && !/[ae]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && !/[aeo]es$/.test(word)) return word.slice(0, -1);
  if (word.endsWith('s') && !/[us]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The words of a text as search compares them: lower case, hyphenated words split, singular. */
export function wordsOf(text: string): string[] {
  return searchWords(text).flatMap((word) => word.split('-').filter(Boolean).map(singular));
}

/** Whether the words contain the phrase's words in a row. */
function says(words: readonly string[], phrase: readonly string[]): boolean {
  for (let at = 0; at + phrase.length <= words.length; at += 1) {
    if (phrase.every((word, offset) => words[at + offset] === word)) return true;
  }
  return false;
}

/** A product's words, normalized once: name, search text, and each name of its kind. */
interface Words {
  name: string[];
  text: string[];
  kinds: string[][];
}

function wordsOfProduct(product: SearchableProduct): Words {
  return {
    name: wordsOf(product.name),
    text: wordsOf(product.text),
    kinds: product.kinds.map(wordsOf),
  };
}

/** Queries are built of words already normalized by `wordsOf`: the engine takes them as they are. */
const SEARCH_OPTIONS: SearchOptions = {
  fields: FIELDS,
  boost: BOOST,
  bm25: BM25,
  tokenize: (text) => [text],
  processTerm: (term) => term,
  prefix: false,
  fuzzy: false,
};

/** A term's matches: each product's relevance and whether the term names its kind. */
interface TermResults {
  plan: TermPlan;
  matches: Map<string, { score: number; kind: boolean }>;
}

export function createProductSearch(products: Iterable<SearchableProduct>) {
  const words = new Map<string, Words>();
  const engine = new MiniSearch<Words & { id: string }>({
    fields: FIELDS,
    // The words are joined and split again by a space, which no word contains.
    extractField: (product, field) =>
      field === 'id' ? product.id : product[field as Field].join(' '),
    tokenize: (text) => (text === '' ? [] : text.split(' ')),
    processTerm: (term) => term,
    searchOptions: SEARCH_OPTIONS,
  });

  function put(product: SearchableProduct) {
    if (engine.has(product.id)) engine.discard(product.id);
    const prepared = wordsOfProduct(product);
    words.set(product.id, prepared);
    engine.add({ id: product.id, ...prepared });
  }
  for (const product of products) put(product);

  const run = (query: QueryCombination) => engine.search(query, SEARCH_OPTIONS);

  /** The phrase appears in the product's name or text (or, for `inKind`, a name of its kind). */
  function hasPhrase(id: string, phrase: string[], inKind = false): boolean {
    const of = words.get(id);
    if (!of) return false;
    if (inKind) return of.kinds.some((kind) => says(kind, phrase));
    return says(of.name, phrase) || says(of.text, phrase);
  }

  /**
   * A term's matches: as its alternatives when one of them is a catalogue word (a phrase as its
   * words in a row); else as the start of a catalogue word; else (3 characters or more) as the
   * catalogue words nearest to it. Undefined for a term without words.
   */
  function matchTerm(term: SearchTerm): TermResults | undefined {
    const phrases = [
      ...new Map(
        term.alternatives.map((alternative) => {
          const phrase = wordsOf(alternative);
          return [phrase.join(' '), phrase];
        }),
      ).values(),
    ].filter((phrase) => phrase.length > 0);
    if (phrases.length === 0) return undefined;
    const plan = (match: TermMatch, found: SearchResult[]) => ({
      text: term.text,
      match,
      words: [...new Set(found.flatMap((result) => Object.keys(result.match)))].sort(),
    });

    // Every word of the alternatives, a phrase's words too, ranks: a product that also says
    // 'control' is the likelier 'tummy control' garment. Only a whole alternative matches.
    const ranked = run({ queries: [...new Set(phrases.flat())] });
    const exact = ranked.filter((result) =>
      phrases.some((phrase) =>
        phrase.length === 1
          ? phrase[0]! in result.match
          : phrase.every((word) => word in result.match) && hasPhrase(result.id, phrase),
      ),
    );
    if (exact.length > 0) {
      return {
        plan: plan('words', exact),
        matches: new Map(
          exact.map((result) => [
            result.id as string,
            {
              score: result.score,
              kind: phrases.some((phrase) => hasPhrase(result.id, phrase, true)),
            },
          ]),
        ),
      };
    }
    const typed = wordsOf(term.text);
    let widened: { match: TermMatch; found: SearchResult[] } | undefined;
    if (PREFIXABLE.test(term.text)) {
      const prefixed = run({ queries: typed, prefix: true });
      if (prefixed.length > 0) widened = { match: 'prefix', found: prefixed };
    }
    if (!widened && term.text.length >= NEAR_MIN_LENGTH) {
      widened = {
        match: 'near',
        found: run({ queries: typed, combineWith: 'AND', fuzzy: FUZZY }),
      };
    }
    if (!widened) return { plan: plan('words', []), matches: new Map() };
    return {
      plan: plan(widened.match, widened.found),
      matches: new Map(
        widened.found.map((result) => [
          result.id as string,
          {
            score: result.score,
            kind: Object.keys(result.match).some((word) => hasPhrase(result.id, [word], true)),
          },
        ]),
      ),
    };
  }

  return {
    /** Adds a product, or replaces its words. */
    put,

    /** Forgets a product. */
    remove(id: string) {
      words.delete(id);
      if (engine.has(id)) engine.discard(id);
    },

    /** How each term of a parsed query matches the catalogue. */
    plan(search: ParsedSearch): TermPlan[] {
      return search.terms.flatMap((term) => matchTerm(term)?.plan ?? []);
    },

    /**
     * The products every term matches, with their summed relevance and how many terms name their
     * kind; undefined when no term has words (then every product matches).
     */
    find(search: ParsedSearch): Map<string, SearchHit> | undefined {
      const terms = search.terms.flatMap((term) => matchTerm(term) ?? []);
      if (terms.length === 0) return undefined;
      // Start from the term with the fewest matches.
      terms.sort((a, b) => a.matches.size - b.matches.size);
      let found: Map<string, SearchHit> | undefined;
      for (const { matches } of terms) {
        const next = new Map<string, SearchHit>();
        for (const [id, match] of matches) {
          const before = found ? found.get(id) : { score: 0, kinds: 0 };
          if (!before) continue;
          next.set(id, {
            score: before.score + match.score,
            kinds: before.kinds + (match.kind ? 1 : 0),
          });
        }
        found = next;
        if (found.size === 0) break;
      }
      return found;
    },
  };
}

export type ProductSearch = ReturnType<typeof createProductSearch>;
