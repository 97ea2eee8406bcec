/**
 * Search in the words the shop's shoppers use. One table says which typed words name the same
 * garment (and which of the shop's own names they also mean) and which typed words are sizes;
 * `parseSearchQuery` turns a typed query into the text terms every result must match and the
 * sizes every result must have in stock.
 */

/** Typed words that all name one thing; each of them also finds the `means` words. */
export interface SynonymEntry {
  words: readonly string[];
  means?: readonly string[];
}

/** Typed words that are a size; the stock must have `size` (compared ignoring case). */
export interface SizeEntry {
  words: readonly string[];
  size: string;
}

export type SearchTermEntry = SynonymEntry | SizeEntry;

/**
 * The shopper's words. Words are lower case; a phrase is words separated by one space and is
 * matched on consecutive typed words. A word appears in at most one entry.
 */
export const searchTermTable: readonly SearchTermEntry[] = [
  // Nightwear: in India a 'nighty' is a loose nightdress; the shop sells chemises and slips.
  {
    words: [
      'nighty',
      'nightie',
      'nighties',
      'nightdress',
      'night dress',
      'nightgown',
      'night gown',
      'sleep dress',
    ],
    means: ['chemise'],
  },
  {
    words: ['nightsuit', 'night suit', 'pyjama', 'pajama', 'payjama', 'pj', 'pjs'],
    means: ['nightsuit', 'pyjama'],
  },
  { words: ['nightwear', 'night wear', 'sleepwear', 'sleep wear'], means: ['sleep'] },
  { words: ['robe', 'housecoat', 'dressing gown', 'bathrobe'], means: ['robe', 'kimono'] },
  // Underwear.
  { words: ['panty', 'panties', 'chaddi', 'knickers', 'undies'], means: ['panty'] },
  { words: ['bra', 'bras', 'brassiere'], means: ['bra'] },
  { words: ['sports', 'sport', 'gym', 'workout', 'training', 'running'], means: ['sports'] },
  { words: ['tshirt', 't shirt', 'tee shirt'], means: ['t-shirt'] },
  { words: ['push up', 'pushup', 'push-up'], means: ['push-up'] },
  {
    words: ['non padded', 'non-padded', 'nonpadded', 'unpadded', 'unlined'],
    means: ['non-padded'],
  },
  {
    words: ['wirefree', 'wire free', 'wire-free', 'non wired', 'non-wired', 'wireless'],
    means: ['wirefree'],
  },
  { words: ['underwire', 'underwired', 'under wire', 'wired'], means: ['underwired'] },
  { words: ['minimizer', 'minimiser'], means: ['minimiser'] },
  { words: ['thong', 'g-string', 'gstring', 'g string'], means: ['thong'] },
  { words: ['boyshort', 'boy short', 'boyshorts', 'boy shorts', 'boxer'], means: ['boyshort'] },
  { words: ['period panty', 'period panties', 'leakproof', 'leak proof'], means: ['period'] },
  // Outerwear and shaping.
  {
    words: ['camisole', 'cami', 'spaghetti', 'spaghetti top', 'inner top', 'slip top'],
    means: ['camisole'],
  },
  {
    words: ['shapewear', 'shaper', 'body shaper', 'tummy tucker', 'tummy control', 'tummy shaper'],
    means: ['shapewear', 'shaping'],
  },
  { words: ['leggings', 'leggins', 'legging', 'tights', 'jeggings'], means: ['leggings'] },
  { words: ['saree', 'sari'], means: ['saree'] },
  // Beauty.
  {
    words: ['body mist', 'perfume', 'fragrance', 'deo', 'deodorant', 'scent'],
    means: ['body mist'],
  },
  {
    words: ['body lotion', 'moisturiser', 'moisturizer', 'body cream', 'body butter'],
    means: ['lotion', 'body butter'],
  },
  // Sizes: letters (the shop stores XS to XXL), the beauty range's one size.
  { words: ['xxs'], size: 'XXS' },
  { words: ['xs'], size: 'XS' },
  { words: ['s'], size: 'S' },
  { words: ['m'], size: 'M' },
  { words: ['l'], size: 'L' },
  { words: ['xl'], size: 'XL' },
  { words: ['xxl', '2xl'], size: 'XXL' },
  { words: ['xxxl', '3xl'], size: 'XXXL' },
  { words: ['free size', 'freesize', 'one size', 'onesize'], size: 'Free Size' },
];

/** Bra sizes are a band of 28 to 52 inches and a cup of AA to H: '34b', '36dd'. */
const BRA_SIZE = /^(2[89]|[34]\d|5[0-2])(aa|a|b|c|d|dd|ddd|e|f|g|h)$/;

/**
 * English words the full-text search ignores (PostgreSQL's English stop-word list), so a term is
 * never made of them alone.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself ' +
    'she her hers herself it its itself they them their theirs themselves what which who whom ' +
    'this that these those am is are was were be been being have has had having do does did ' +
    'doing a an the and but if or because as until while of at by for with about against ' +
    'between into through during before after above below to from up down in out on off over ' +
    'under again further then once here there when where why how all any both each few more ' +
    'most other some such no nor not only own same so than too very s t can will just don ' +
    'should now'
  ).split(' '),
);

/**
 * Words that say nothing about which product is meant: stop words, 'size' before a size, and
 * who the garment is for (every product here is for women). They are left out unless nothing
 * else was typed.
 */
export const fillerWords: ReadonlySet<string> = new Set([
  ...STOP_WORDS,
  'size',
  'women',
  'womens',
  'woman',
  'ladies',
  'lady',
  'girls',
  'girl',
]);

/** A query keeps at most this many text terms and sizes (a long paste stays a cheap query). */
export const MAX_SEARCH_TERMS = 6;
export const MAX_SEARCH_SIZES = 6;

/** Phrases in the table have at most this many words. */
const LONGEST_PHRASE = 3;

export function isSizeEntry(entry: SearchTermEntry): entry is SizeEntry {
  return 'size' in entry;
}

const entryByWord: ReadonlyMap<string, SearchTermEntry> = new Map(
  searchTermTable.flatMap((entry) => entry.words.map((word) => [word, entry] as const)),
);

/** The table's entry for a typed word or phrase, trying its singular when the plural is absent. */
function entryFor(text: string): SearchTermEntry | undefined {
  const candidates = [text];
  if (text.endsWith('ies')) candidates.push(`${text.slice(0, -3)}y`);
  if (text.endsWith('es')) candidates.push(text.slice(0, -2));
  if (text.endsWith('s')) candidates.push(text.slice(0, -1));
  for (const candidate of candidates) {
    const entry = entryByWord.get(candidate);
    if (entry) return entry;
  }
  return undefined;
}

/** The size a typed word or phrase names ('34b' → '34B', '2xl' → 'XXL'), if it names one. */
export function sizeOf(text: string): string | undefined {
  const lower = text.toLowerCase();
  if (BRA_SIZE.test(lower)) return lower.toUpperCase();
  const entry = entryByWord.get(lower);
  return entry && isSizeEntry(entry) ? entry.size : undefined;
}

/**
 * A single word's other grammatical number ('bra' ↔ 'bras', 'panties' → 'panty'), so a match
 * never depends on the stemmer: PostgreSQL 15's English stemmer turns 'bras' into 'bra', newer
 * ones keep 'bras' apart. Undefined for phrases, hyphenated words and words under 3 letters.
 */
export function otherNumber(word: string): string | undefined {
  if (!/^\p{L}{3,}$/u.test(word)) return undefined;
  if (word.endsWith('ss')) return `${word}es`;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s')) return word.slice(0, -1);
  return `${word}s`;
}

/**
 * Everything a typed word or phrase may be called in the shop: the word itself first, then the
 * other words of its table entry and what they mean, each with its other number, each once.
 */
export function expandSynonyms(text: string): string[] {
  const lower = text.toLowerCase();
  const entry = entryFor(lower);
  const names =
    !entry || isSizeEntry(entry) ? [lower] : [lower, ...entry.words, ...(entry.means ?? [])];
  return [...new Set(names.flatMap((name) => [name, otherNumber(name) ?? name]))];
}

/** One thing the shopper asked for: a product matches when it matches any alternative. */
export interface SearchTerm {
  /** What was typed, lower case (a phrase keeps its single spaces). */
  text: string;
  /** The typed text first, then the other names the shop may use for it. */
  alternatives: string[];
}

export interface ParsedSearch {
  /** Every term must match; sorted by text, so one meaning has one form. */
  terms: SearchTerm[];
  /** Sizes in the shop's spelling; a product must have one of them in stock. Sorted. */
  sizes: string[];
}

/**
 * The typed words, lower case: letters, marks and digits, with inner hyphens kept ('push-up',
 * 't-shirt'); a possessive "'s" is dropped so "women's" is one word.
 */
export function searchWords(query: string): string[] {
  const text = query
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]s\b/gu, '');
  return text.match(/[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*/gu) ?? [];
}

/**
 * A typed query as text terms and size filters. Table phrases are matched longest first on
 * consecutive words; sizes ('34B', 'xl', 'free size') become filters, not text; filler words are
 * dropped unless nothing else was typed (stop words always); a single letter that is not a size is dropped.
 */
export function parseSearchQuery(query: string): ParsedSearch {
  const words = searchWords(query);
  const terms = new Map<string, SearchTerm>();
  const sizes = new Set<string>();
  const fillers: string[] = [];

  const addTerm = (text: string) => {
    const alternatives = expandSynonyms(text);
    const key = [...alternatives].sort().join('|');
    if (!terms.has(key)) terms.set(key, { text, alternatives });
  };

  let index = 0;
  while (index < words.length) {
    let consumed = 0;
    for (let length = Math.min(LONGEST_PHRASE, words.length - index); length >= 2; length -= 1) {
      const phrase = words.slice(index, index + length).join(' ');
      const entry = entryFor(phrase);
      if (!entry) continue;
      if (isSizeEntry(entry)) sizes.add(entry.size);
      else addTerm(phrase);
      consumed = length;
      break;
    }
    if (consumed === 0) {
      const word = words[index] ?? '';
      const size = sizeOf(word);
      if (size) sizes.add(size);
      else if (fillerWords.has(word)) fillers.push(word);
      else if (word.length > 1 || /\p{N}/u.test(word)) addTerm(word);
      consumed = 1;
    }
    index += consumed;
  }

  if (terms.size === 0 && sizes.size === 0) {
    for (const word of fillers) if (!STOP_WORDS.has(word)) addTerm(word);
  }

  return {
    terms: [...terms.values()]
      .sort((a, b) => a.text.localeCompare(b.text))
      .slice(0, MAX_SEARCH_TERMS),
    sizes: [...sizes].sort().slice(0, MAX_SEARCH_SIZES),
  };
}
